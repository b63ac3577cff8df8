// Tests/RongCodecTests/Catalog/SightMessageTests.swift - RC:SightMsg: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension SightMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> SightMessage {
        SightMessage(
            content: s.optString(), sightUrl: s.optString(), duration: s.optInt(0...Int(Int32.max)),
            size: s.optInt64(0...Int64.max), name: s.optString(), thumbUri: s.optString(), common: s.common())
    }
}
