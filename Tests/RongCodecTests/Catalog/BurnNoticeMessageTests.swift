// Tests/RongCodecTests/Catalog/BurnNoticeMessageTests.swift - RC:BurnNoticeMsg: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension BurnNoticeMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> BurnNoticeMessage {
        BurnNoticeMessage(burnMessageUIds: s.optStringArray(), common: s.common())
    }
}
