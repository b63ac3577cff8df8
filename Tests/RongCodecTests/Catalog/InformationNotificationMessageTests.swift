// Tests/RongCodecTests/Catalog/InformationNotificationMessageTests.swift - RC:InfoNtf

import Testing

@testable import RongCodec

extension InformationNotificationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> InformationNotificationMessage {
        InformationNotificationMessage(message: s.optString(), common: s.common())
    }
}

@Suite("RC:InfoNtf")
struct InformationNotificationMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("DOCS example: a sentence and an empty extra", #"{"message":"Tom joined the group","extra":""}"#),
        DecodeCase(
            "Android form with a user, CJK and emoji",
            #"{"message":"你好 😀","user":{"id":"u1","name":"Ann","portrait":"https://x/a.png"}}"#),
        DecodeCase(
            "WEBv2 ContactNotificationMessage.obtain bug: contact keys stay unknown",
            #"{"operation":"ContactOperationRequest","sourceUserId":"u1","targetUserId":"u2","message":"hi","extra":""}"#,
            canonical: #"{"message":"hi","extra":"","operation":"ContactOperationRequest","sourceUserId":"u1","targetUserId":"u2"}"#),
        DecodeCase("empty object (Android omits an empty message)", "{}"),
        DecodeCase("null message is absent", #"{"message":null}"#, canonical: "{}", leniencies: [.nullAsAbsent]),
        DecodeCase(
            "a user whose members are all null is no user",
            #"{"message":"m","user":{"id":null,"name":null}}"#, canonical: #"{"message":"m"}"#,
            leniencies: [.nullAsAbsent, .emptyUser]),
        DecodeCase(
            "Go HTML escapes and org.json slash escape",
            #"{"message":"\u003cb\u003e \/ \u00e9 \u0026"}"#, canonical: #"{"message":"<b> / é &"}"#),
        DecodeCase(
            "double-encoded content (server callback export)", #""{\"message\":\"x\"}""#,
            canonical: #"{"message":"x"}"#, leniencies: [.doubleEncodedContent]),
        DecodeCase("control characters are escaped canonically", #"{"message":"a\u0001\n\t"}"#, canonical: #"{"message":"a\u0001\n\t"}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(InformationNotificationMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("zero bytes", "", .emptyContent),
        RejectCase("message is a number", #"{"message":1}"#, .typeMismatch),
        RejectCase("message is an object", #"{"message":{"text":"hi"}}"#, .typeMismatch),
        RejectCase("duplicate message", #"{"message":"a","message":"b"}"#, .duplicateKey),
        RejectCase("legacy sample with a missing quote", #"{"message":"a",extra":""}"#, .unexpectedByte),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(InformationNotificationMessage.self, c)
    }

    @Test("fields land in the typed model")
    func fields() throws {
        let m = try InformationNotificationMessage(json: #"{"message":"hi","extra":"e"}"#)
        #expect(m.message == "hi")
        #expect(m.extra == "e")
        #expect(InformationNotificationMessage.objectName == "RC:InfoNtf")
        #expect(InformationNotificationMessage.persistence == .isPersisted)
    }
}
