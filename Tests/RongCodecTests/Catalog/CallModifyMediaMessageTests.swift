// Tests/RongCodecTests/Catalog/CallModifyMediaMessageTests.swift - RC:VCModifyMedia: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension CallModifyMediaMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallModifyMediaMessage {
        CallModifyMediaMessage(callId: s.optString(), mediaType: s.optInt(), mode: s.optInt(), subInfo: s.optOpenValue(), common: s.common())
    }
}
