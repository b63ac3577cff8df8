// Tests/RongCodecTests/Catalog/FileMessageTests.swift - RC:FileMsg: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension FileMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> FileMessage {
        FileMessage(
            name: s.optString(), size: s.optInt64(0...Int64.max), type: s.optString(), fileUrl: s.optString(),
            common: s.common())
    }
}
