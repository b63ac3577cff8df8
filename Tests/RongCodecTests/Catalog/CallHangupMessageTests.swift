// Tests/RongCodecTests/Catalog/CallHangupMessageTests.swift - RC:VCHangup

import Testing

@testable import RongCodec

extension CallHangupMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallHangupMessage {
        CallHangupMessage(callId: s.optString(), reason: s.optInt(), mode: s.optInt(), subInfo: s.optOpenValue(), common: s.common())
    }
}

@Suite("RC:VCHangup")
struct CallHangupMessageTests {
    @Test("flag")
    func flag() {
        #expect(CallHangupMessage.persistence == .none)
    }
}
