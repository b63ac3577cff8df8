// Tests/RongCodecTests/Catalog/RecallNotificationMessageTests.swift - RC:RcNtf

import Testing

@testable import RongCodec

extension RecallNotificationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> RecallNotificationMessage {
        RecallNotificationMessage(
            operatorId: s.optString(), recallTime: s.optInt64(), originalObjectName: s.optString(),
            originalMessageContent: s.maybe { $0.jsonObject(depth: 2) }, recallContent: s.optString(),
            recallActionTime: s.optInt64(), admin: s.optBool(), delete: s.optBool(), common: s.common())
    }
}

@Suite("RC:RcNtf")
struct RecallNotificationMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "Android form",
            #"{"operatorId":"u1","recallTime":1720000000000,"originalObjectName":"RC:TxtMsg","recallContent":"hello","recallActionTime":1720000005000,"admin":false,"delete":false}"#),
        DecodeCase(
            "DOCS shape with the original content, user and extra",
            #"{"operatorId":"u1","recallTime":1720000000000,"originalObjectName":"RC:TxtMsg","originalMessageContent":{"content":"hello","extra":""},"recallContent":"hello","recallActionTime":1720000005000,"admin":false,"delete":false,"user":{"id":"u1","name":"Ann"},"extra":""}"#,
            canonical: #"{"operatorId":"u1","recallTime":1720000000000,"originalObjectName":"RC:TxtMsg","originalMessageContent":{"content":"hello","extra":""},"recallContent":"hello","recallActionTime":1720000005000,"admin":false,"delete":false,"extra":"","user":{"id":"u1","name":"Ann"}}"#),
        DecodeCase(
            "GO-FL sends the original content as a string",
            #"{"operatorId":"u1","recallTime":1720000000000,"originalObjectName":"RC:TxtMsg","originalMessageContent":"{\"content\":\"hello\"}","admin":true,"delete":false}"#,
            canonical: #"{"operatorId":"u1","recallTime":1720000000000,"originalObjectName":"RC:TxtMsg","originalMessageContent":{"content":"hello"},"admin":true,"delete":false}"#,
            leniencies: [.stringAsObject]),
        DecodeCase(
            "Flutter m-prefixed keys and user as an empty array",
            #"{"mOperatorId":"u1","mRecallTime":1720000000000,"mOriginalObjectName":"RC:TxtMsg","mAdmin":false,"mDelete":false,"recallContent":"hello","recallActionTime":1720000005000,"user":[]}"#,
            canonical: #"{"operatorId":"u1","recallTime":1720000000000,"originalObjectName":"RC:TxtMsg","recallContent":"hello","recallActionTime":1720000005000,"admin":false,"delete":false}"#,
            leniencies: [.flutterRecallKeys, .emptyUser]),
        DecodeCase(
            "Flutter with unset values written as null",
            #"{"mOperatorId":null,"mRecallTime":1720000000000,"mOriginalObjectName":"RC:ImgMsg","mAdmin":null,"mDelete":null,"recallContent":null,"user":[]}"#,
            canonical: #"{"recallTime":1720000000000,"originalObjectName":"RC:ImgMsg"}"#,
            leniencies: [.flutterRecallKeys, .nullAsAbsent, .emptyUser]),
        DecodeCase(
            "documented keys win; losing aliases stay unknown",
            #"{"operatorId":"u1","mOperatorId":"u9","admin":true,"mAdmin":false}"#,
            canonical: #"{"operatorId":"u1","admin":true,"mOperatorId":"u9","mAdmin":false}"#),
        DecodeCase(
            "one alias used, one losing", #"{"recallTime":1,"mRecallTime":2,"mAdmin":true}"#,
            canonical: #"{"recallTime":1,"admin":true,"mRecallTime":2}"#, leniencies: [.flutterRecallKeys]),
        DecodeCase("Go HTML escapes", #"{"recallContent":"a \u0026 b \u003c3 😀"}"#, canonical: #"{"recallContent":"a & b <3 😀"}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase(
            "original content keeps nested unknown shapes",
            #"{"originalObjectName":"App:Gift","originalMessageContent":{"n":[1,2.50,{"x":null}],"t":true}}"#,
            canonical: #"{"originalObjectName":"App:Gift","originalMessageContent":{"n":[1,2.5,{"x":null}],"t":true}}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(RecallNotificationMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("original content is plain text", #"{"originalMessageContent":"hello"}"#, .typeMismatch),
        RejectCase("original content string holds an array", #"{"originalMessageContent":"[1]"}"#, .typeMismatch),
        RejectCase("original content is a number", #"{"originalMessageContent":5}"#, .typeMismatch),
        RejectCase("recallTime as a numeric string", #"{"recallTime":"1720000000000"}"#, .typeMismatch),
        RejectCase("admin as 1", #"{"admin":1}"#, .typeMismatch),
        RejectCase("mAdmin as a string", #"{"mAdmin":"false"}"#, .typeMismatch),
        RejectCase("fractional recallActionTime", #"{"recallActionTime":1.5}"#, .typeMismatch),
        RejectCase("duplicate delete", #"{"delete":true,"delete":false}"#, .duplicateKey),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(RecallNotificationMessage.self, c)
    }

    @Test("fields land in the typed model")
    func fields() throws {
        let m = try RecallNotificationMessage(
            json: #"{"operatorId":"o","recallTime":5,"originalObjectName":"RC:TxtMsg","originalMessageContent":{"content":"c"},"recallContent":"c","recallActionTime":6,"admin":true,"delete":false}"#)
        #expect(m.operatorId == "o")
        #expect(m.recallTime == 5)
        #expect(m.originalObjectName == "RC:TxtMsg")
        #expect(m.originalMessageContent?["content"] == .string("c"))
        #expect(m.recallContent == "c")
        #expect(m.recallActionTime == 6)
        #expect(m.admin == true)
        #expect(m.delete == false)
        #expect(RecallNotificationMessage.persistence == .isPersisted)
    }

    @Test("the seed spelling RC:RCntf decodes as RC:RcNtf")
    func aliasObjectName() throws {
        let decoded = try ContentRegistry.builtIn.decode(objectName: "RC:RCntf", bytes: Array(#"{"recallTime":1}"#.utf8))
        guard case .typed(let any) = decoded, let m = any.base as? RecallNotificationMessage else {
            Issue.record("expected a typed RC:RcNtf")
            return
        }
        #expect(m.recallTime == 1)
        #expect(Set(m.diagnostics.leniencies) == [.objectNameAlias])
    }
}
