// Tests/RongCodecTests/Catalog/CallRingingMessageTests.swift - RC:VCRinging

import Testing

@testable import RongCodec

extension CallRingingMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallRingingMessage {
        CallRingingMessage(callId: s.optString(), common: s.common())
    }
}

@Suite("RC:VCRinging")
struct CallRingingMessageTests {
    @Test("flag")
    func flag() {
        #expect(CallRingingMessage.persistence == .none)
    }
}
