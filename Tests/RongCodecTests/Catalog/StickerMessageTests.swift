// Tests/RongCodecTests/Catalog/StickerMessageTests.swift - RC:StkMsg: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension StickerMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> StickerMessage {
        StickerMessage(
            packageId: s.optString(), stickerId: s.optString(), digest: s.optString(), width: s.optInt(0...Int(Int32.max)),
            height: s.optInt(0...Int(Int32.max)), common: s.common())
    }
}
