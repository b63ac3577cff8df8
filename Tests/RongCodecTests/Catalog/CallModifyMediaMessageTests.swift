// Tests/RongCodecTests/Catalog/CallModifyMediaMessageTests.swift - RC:VCModifyMedia

import Testing

@testable import RongCodec

extension CallModifyMediaMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallModifyMediaMessage {
        CallModifyMediaMessage(callId: s.optString(), mediaType: s.optInt(), mode: s.optInt(), subInfo: s.optOpenValue(), common: s.common())
    }
}

@Suite("RC:VCModifyMedia")
struct CallModifyMediaMessageTests {
    @Test("flag")
    func flag() {
        #expect(CallModifyMediaMessage.persistence == .none)
    }
}
