// Tests/RongCodecTests/Catalog/RealTimeLocationStartMessageTests.swift - RC:RLStart: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension RealTimeLocationStartMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> RealTimeLocationStartMessage {
        RealTimeLocationStartMessage(content: s.optString(), common: s.common())
    }
}
