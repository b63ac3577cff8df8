// Tests/RongCodecTests/Catalog/VoiceMessageTests.swift - RC:VcMsg

import Testing

@testable import RongCodec

extension VoiceMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> VoiceMessage {
        VoiceMessage(content: s.optString(), duration: s.optInt(0...Int(Int32.max)), common: s.common())
    }
}

@Suite("RC:VcMsg")
struct VoiceMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("legacy server docs", #"{"content":"IyFBTVIKPJEXFr5me","duration":10,"extra":"附加信息"}"#),
        DecodeCase(
            "Android keys in another order",
            #"{"duration":7,"content":"IyFBTVIK","isBurnAfterRead":true,"burnDuration":30,"user":{"id":"u","name":"n","portrait":"p"},"extra":"e"}"#,
            canonical: #"{"content":"IyFBTVIK","duration":7,"extra":"e","user":{"id":"u","name":"n","portrait":"p"},"isBurnAfterRead":true,"burnDuration":30}"#),
        DecodeCase(
            "Go server duration as a string", #"{"content":"x","duration":"12"}"#, canonical: #"{"content":"x","duration":12}"#,
            leniencies: [.numericString]),
        DecodeCase(
            "integral numeric string with a fraction", #"{"duration":"3.0"}"#, canonical: #"{"duration":3}"#, leniencies: [.numericString]),
        DecodeCase("WEBv2 obtain() with an empty extra and a mention", #"{"content":"AMR","duration":3,"extra":"","mentionedInfo":{"type":1}}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("largest duration", #"{"duration":2147483647}"#),
        DecodeCase("unknown key", #"{"content":"a","format":"amr"}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(VoiceMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("negative duration", #"{"duration":-1}"#, .numberOutOfRange),
        RejectCase("duration as a word", #"{"duration":"ten"}"#, .typeMismatch),
        RejectCase("numeric string with a space", #"{"duration":" 5"}"#, .typeMismatch),
        RejectCase("fractional duration", #"{"duration":1.5}"#, .typeMismatch),
        RejectCase("duration as a boolean", #"{"duration":true}"#, .typeMismatch),
        RejectCase("content as an array", #"{"content":["a"]}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(VoiceMessage.self, c)
    }

    @Test("the Go server objectName RC:VCMsg is an alias")
    func goAlias() throws {
        let decoded = try ContentRegistry.builtIn.decode(objectName: "RC:VCMsg", bytes: Array(#"{"duration":2}"#.utf8))
        let m = try #require(decoded.typed as? VoiceMessage)
        #expect(m.duration == 2)
        #expect(m.diagnostics.leniencies.contains(.objectNameAlias))
    }
}
