// Tests/RongCodecTests/Catalog/StreamMessageTests.swift - RC:StreamMsg: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension StreamMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> StreamMessage {
        StreamMessage(
            content: s.optString(), seq: s.optInt64(1...Int64.max), complete: s.optBool(), completeReason: s.optInt(),
            type: s.optString(), messageUID: s.optString(), common: s.common())
    }
}
