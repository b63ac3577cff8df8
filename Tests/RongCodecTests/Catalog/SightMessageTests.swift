// Tests/RongCodecTests/Catalog/SightMessageTests.swift - RC:SightMsg

import Testing

@testable import RongCodec

extension SightMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> SightMessage {
        SightMessage(
            content: s.optString(), sightUrl: s.optString(), duration: s.optInt(0...Int(Int32.max)),
            size: s.optInt64(0...Int64.max), name: s.optString(), thumbUri: s.optString(), common: s.common())
    }
}

@Suite("RC:SightMsg")
struct SightMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "Android encoder order",
            #"{"content":"/9j/4AAQ","name":"v.mp4","size":1048576,"sightUrl":"https://x/v.mp4","duration":8,"extra":"e","isBurnAfterRead":false,"burnDuration":0}"#,
            canonical: #"{"content":"/9j/4AAQ","sightUrl":"https://x/v.mp4","duration":8,"size":1048576,"name":"v.mp4","extra":"e","isBurnAfterRead":false,"burnDuration":0}"#),
        DecodeCase(
            "GO-FL size as a string", #"{"sightUrl":"u","content":"c","duration":10,"size":"2048","name":"v.mp4"}"#,
            canonical: #"{"content":"c","sightUrl":"u","duration":10,"size":2048,"name":"v.mp4"}"#, leniencies: [.numericString]),
        DecodeCase(
            "Flutter with localPath and thumbUri", #"{"localPath":"","sightUrl":"u","duration":3,"thumbUri":"t","extra":""}"#,
            canonical: #"{"sightUrl":"u","duration":3,"thumbUri":"t","extra":""}"#, leniencies: [.localPathDropped]),
        DecodeCase(
            "newer Web typedoc with audit (shape unknown, kept)", #"{"content":"c","sightUrl":"u","duration":1,"size":1,"name":"n","audit":{"x":1}}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("CJK and emoji name", #"{"name":"视频🎬.mp4"}"#),
        DecodeCase("largest values", #"{"duration":2147483647,"size":9223372036854775807}"#),
        DecodeCase("null duration is absent", #"{"sightUrl":"u","duration":null}"#, canonical: #"{"sightUrl":"u"}"#, leniencies: [.nullAsAbsent]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(SightMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("duration as a string (no leniency)", #"{"duration":"8"}"#, .typeMismatch),
        RejectCase("fractional size string", #"{"size":"1.5"}"#, .typeMismatch),
        RejectCase("negative size", #"{"size":-5}"#, .numberOutOfRange),
        RejectCase("sightUrl as an object", #"{"sightUrl":{}}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(SightMessage.self, c)
    }
}
