// Tests/RongCodecTests/Catalog/ImageMessageTests.swift - RC:ImgMsg: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension ImageMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ImageMessage {
        ImageMessage(
            content: s.optString(), imageUri: s.optString(), exp: s.optBool(), isFull: s.optBool(),
            thumbUri: s.optString(), name: s.optString(), common: s.common())
    }
}
