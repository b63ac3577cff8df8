// Tests/RongCodecTests/Catalog/StickerMessageTests.swift - RC:StkMsg

import Testing

@testable import RongCodec

extension StickerMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> StickerMessage {
        StickerMessage(
            packageId: s.optString(), stickerId: s.optString(), digest: s.optString(), width: s.optInt(0...Int(Int32.max)),
            height: s.optInt(0...Int(Int32.max)), common: s.common())
    }
}

@Suite("RC:StkMsg")
struct StickerMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("Android kit form", #"{"packageId":"p1","stickerId":"s1","digest":"[开心]","width":240,"height":240}"#),
        DecodeCase(
            "with base keys", #"{"packageId":"p","stickerId":"s","digest":"d","width":1,"height":2,"user":{"id":"u"},"burnDuration":0}"#),
        DecodeCase(
            "older IMKit keys stay unknown", #"{"name":"hello","category":"c1","packageId":"p"}"#,
            canonical: #"{"packageId":"p","name":"hello","category":"c1"}"#),
        DecodeCase(
            "keys in reverse order", #"{"height":10,"width":20,"digest":"x","stickerId":"s","packageId":"p"}"#,
            canonical: #"{"packageId":"p","stickerId":"s","digest":"x","width":20,"height":10}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("emoji digest", #"{"digest":"😀👍🏽"}"#),
        DecodeCase("largest sizes", #"{"width":2147483647,"height":0}"#),
        DecodeCase("null width is absent", #"{"packageId":"p","width":null}"#, canonical: #"{"packageId":"p"}"#, leniencies: [.nullAsAbsent]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(StickerMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("width as a string", #"{"width":"240"}"#, .typeMismatch),
        RejectCase("negative height", #"{"height":-1}"#, .numberOutOfRange),
        RejectCase("packageId as a number", #"{"packageId":5}"#, .typeMismatch),
        RejectCase("stickerId as an array", #"{"stickerId":[]}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(StickerMessage.self, c)
    }
}
