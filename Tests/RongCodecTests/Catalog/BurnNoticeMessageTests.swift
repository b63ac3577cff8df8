// Tests/RongCodecTests/Catalog/BurnNoticeMessageTests.swift - RC:BurnNoticeMsg

import Testing

@testable import RongCodec

extension BurnNoticeMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> BurnNoticeMessage {
        BurnNoticeMessage(burnMessageUIds: s.optStringArray(), common: s.common())
    }
}

@Suite("RC:BurnNoticeMsg")
struct BurnNoticeMessageTests {
    @Test("flag")
    func flag() {
        #expect(BurnNoticeMessage.persistence == .none)
        #expect(BurnNoticeMessage.objectName == "RC:BurnNoticeMsg")
    }
}
