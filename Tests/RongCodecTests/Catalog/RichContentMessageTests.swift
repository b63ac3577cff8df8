// Tests/RongCodecTests/Catalog/RichContentMessageTests.swift - RC:ImgTextMsg: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension RichContentMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> RichContentMessage {
        RichContentMessage(
            title: s.optString(), content: s.optString(), imageUri: s.optString(), url: s.optString(), common: s.common())
    }
}
