// Tests/RongCodecTests/Catalog/ContactNotificationMessageTests.swift - RC:ContactNtf

import Testing

@testable import RongCodec

extension ContactNotificationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ContactNotificationMessage {
        ContactNotificationMessage(
            operation: s.optString(), sourceUserId: s.optString(), targetUserId: s.optString(), message: s.optString(),
            common: s.common())
    }
}

@Suite("RC:ContactNtf")
struct ContactNotificationMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "DOCS / GO-SRV friend request",
            #"{"operation":"Request","sourceUserId":"u1","targetUserId":"u2","message":"Hi, I am Ann","extra":""}"#),
        DecodeCase(
            "JAVA-SRV accept with empty defaults",
            #"{"operation":"AcceptResponse","sourceUserId":"u2","targetUserId":"u1","message":"","extra":""}"#),
        DecodeCase(
            "keys in another order, with a user, CJK and emoji",
            #"{"user":{"id":"u1","name":"安"},"message":"加个好友吧 🙏","targetUserId":"u2","sourceUserId":"u1","operation":"Request"}"#,
            canonical: #"{"operation":"Request","sourceUserId":"u1","targetUserId":"u2","message":"加个好友吧 🙏","user":{"id":"u1","name":"安"}}"#),
        DecodeCase(
            "WEBv2 operation constant is kept as sent",
            #"{"operation":"ContactOperationRejectResponse","sourceUserId":"u2","targetUserId":"u1","message":"no"}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase(
            "unknown keys survive after the known ones",
            #"{"operation":"Request","zz":[1,{"a":null}],"sourceUserId":"u1"}"#,
            canonical: #"{"operation":"Request","sourceUserId":"u1","zz":[1,{"a":null}]}"#),
        DecodeCase(
            "null targetUserId is absent", #"{"operation":"Request","targetUserId":null}"#,
            canonical: #"{"operation":"Request"}"#, leniencies: [.nullAsAbsent]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(ContactNotificationMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("sourceUserId is a number", #"{"sourceUserId":12345}"#, .typeMismatch),
        RejectCase("operation is an object", #"{"operation":{}}"#, .typeMismatch),
        RejectCase("published legacy sample with a missing quote", #"{"operation":"Request",sourceUserId":"u1"}"#, .unexpectedByte),
        RejectCase("top level is an array", #"[{"operation":"Request"}]"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(ContactNotificationMessage.self, c)
    }

    @Test("fields land in the typed model")
    func fields() throws {
        let m = try ContactNotificationMessage(json: #"{"operation":"Request","sourceUserId":"a","targetUserId":"b","message":"m"}"#)
        #expect(m.operation == "Request")
        #expect(m.sourceUserId == "a")
        #expect(m.targetUserId == "b")
        #expect(m.message == "m")
        #expect(ContactNotificationMessage.persistence == .isPersisted)
    }
}
