// Tests/RongCodecTests/Catalog/HQVoiceMessageTests.swift - RC:HQVCMsg

import Testing

@testable import RongCodec

extension HQVoiceMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> HQVoiceMessage {
        HQVoiceMessage(
            name: s.optString(), remoteUrl: s.optString(), duration: s.optInt(0...Int(Int32.max)), type: s.optString(),
            common: s.common())
    }
}

@Suite("RC:HQVCMsg")
struct HQVoiceMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "Android form (localPath already stripped)",
            #"{"name":"voice.aac","remoteUrl":"https://x/v.aac","duration":5,"extra":"e","isBurnAfterRead":false,"burnDuration":0}"#),
        DecodeCase(
            "WEBv2 with localPath and type aac", #"{"localPath":"blob:x","remoteUrl":"https://x/v.aac","duration":5,"type":"aac"}"#,
            canonical: #"{"remoteUrl":"https://x/v.aac","duration":5,"type":"aac"}"#, leniencies: [.localPathDropped]),
        DecodeCase(
            "Flutter with empty localPath and a mention",
            #"{"localPath":"","remoteUrl":"u","duration":3,"extra":"","mentionedInfo":{"type":1}}"#,
            canonical: #"{"remoteUrl":"u","duration":3,"extra":"","mentionedInfo":{"type":1}}"#, leniencies: [.localPathDropped]),
        DecodeCase(
            "Java server empty defaults", #"{"localPath":"","remoteUrl":"","duration":0,"extra":""}"#,
            canonical: #"{"remoteUrl":"","duration":0,"extra":""}"#, leniencies: [.localPathDropped]),
        DecodeCase("Go server", #"{"name":"a.aac","remoteUrl":"u","duration":60,"user":{"id":"u1"}}"#),
        DecodeCase("empty object: no type is injected", "{}"),
        DecodeCase("CJK and emoji name", #"{"name":"语音🎤.aac"}"#),
        DecodeCase("another format string is kept", #"{"remoteUrl":"u","type":"opus"}"#),
        DecodeCase("unknown key", #"{"remoteUrl":"u","sampleRate":44100}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(HQVoiceMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("duration as a string (no leniency for HQ voice)", #"{"duration":"5"}"#, .typeMismatch),
        RejectCase("negative duration", #"{"duration":-1}"#, .numberOutOfRange),
        RejectCase("type as a number", #"{"type":1}"#, .typeMismatch),
        RejectCase("duplicate remoteUrl", #"{"remoteUrl":"a","remoteUrl":"b"}"#, .duplicateKey),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(HQVoiceMessage.self, c)
    }

    @Test("seed spellings are aliases", arguments: ["RC:HQVcMsg", "RC:HQVoiceMsg"])
    func aliases(_ name: String) throws {
        let decoded = try ContentRegistry.builtIn.decode(objectName: name, bytes: Array(#"{"remoteUrl":"u"}"#.utf8))
        #expect(decoded.objectName == "RC:HQVCMsg")
        #expect(decoded.typed?.diagnostics.leniencies.contains(.objectNameAlias) == true)
    }
}
