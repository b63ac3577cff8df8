// Tests/RongCodecTests/Catalog/GIFMessageTests.swift - RC:GIFMsg

import Testing

@testable import RongCodec

extension GIFMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> GIFMessage {
        GIFMessage(
            remoteUrl: s.optString(), name: s.optString(), width: s.optInt(0...Int(Int32.max)),
            height: s.optInt(0...Int(Int32.max)), gifDataSize: s.optInt64(0...Int64.max), exp: s.optBool(),
            common: s.common())
    }
}

@Suite("RC:GIFMsg")
struct GIFMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "Android encoder output, localPath dropped",
            #"{"remoteUrl":"https://cdn.example.com/a.gif","localPath":"file:///sdcard/a.gif","extra":"e","user":{"id":"u1","name":"Ann"},"name":"a.gif","width":240,"height":180,"gifDataSize":102400,"isBurnAfterRead":false,"burnDuration":0}"#,
            canonical: #"{"remoteUrl":"https://cdn.example.com/a.gif","name":"a.gif","width":240,"height":180,"gifDataSize":102400,"extra":"e","user":{"id":"u1","name":"Ann"},"isBurnAfterRead":false,"burnDuration":0}"#,
            leniencies: [.localPathDropped]),
        DecodeCase(
            "Java server empty defaults", #"{"remoteUrl":"","localPath":"","width":0,"height":0,"gifDataSize":0,"extra":""}"#,
            canonical: #"{"remoteUrl":"","width":0,"height":0,"gifDataSize":0,"extra":""}"#, leniencies: [.localPathDropped]),
        DecodeCase("Java server with only extra (GifMessageTest)", #"{"extra":"x"}"#),
        DecodeCase(
            "GO-FL field order", #"{"gifDataSize":2048,"name":"x.gif","remoteUrl":"https://x/y.gif","width":100,"height":80}"#,
            canonical: #"{"remoteUrl":"https://x/y.gif","name":"x.gif","width":100,"height":80,"gifDataSize":2048}"#),
        DecodeCase("Android upload exp flag", #"{"remoteUrl":"u","exp":true}"#),
        DecodeCase(
            "Flutter: empty localPath, null extra, positive burnDuration",
            #"{"remoteUrl":"u","localPath":"","name":"n","width":1,"height":1,"gifDataSize":1,"extra":null,"burnDuration":10}"#,
            canonical: #"{"remoteUrl":"u","name":"n","width":1,"height":1,"gifDataSize":1,"burnDuration":10}"#,
            leniencies: [.localPathDropped, .nullAsAbsent]),
        DecodeCase("empty object", "{}"),
        DecodeCase("CJK and emoji name", #"{"name":"动图😀.gif"}"#),
        DecodeCase("largest values", #"{"width":2147483647,"height":2147483647,"gifDataSize":9223372036854775807}"#),
        DecodeCase("unknown keys kept after the known ones", #"{"thumb":"x","remoteUrl":"u"}"#, canonical: #"{"remoteUrl":"u","thumb":"x"}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(GIFMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("negative width", #"{"width":-1}"#, .numberOutOfRange),
        RejectCase("width above Int32", #"{"width":2147483648}"#, .numberOutOfRange),
        RejectCase("fractional height", #"{"height":1.5}"#, .typeMismatch),
        RejectCase("gifDataSize as a string (not a documented leniency)", #"{"gifDataSize":"1024"}"#, .typeMismatch),
        RejectCase("exp as a string", #"{"exp":"true"}"#, .typeMismatch),
        RejectCase("remoteUrl as a number", #"{"remoteUrl":1}"#, .typeMismatch),
        RejectCase("zero bytes", "", .emptyContent),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(GIFMessage.self, c)
    }

    @Test("fields land in the typed model")
    func fields() throws {
        let m = try GIFMessage(json: #"{"remoteUrl":"u","width":3,"height":4,"gifDataSize":5}"#)
        #expect(m == GIFMessage(remoteUrl: "u", width: 3, height: 4, gifDataSize: 5))
        #expect(GIFMessage.persistence == .isCounted)
    }
}
