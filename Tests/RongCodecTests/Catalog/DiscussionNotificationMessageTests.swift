// Tests/RongCodecTests/Catalog/DiscussionNotificationMessageTests.swift - RC:DizNtf

import Testing

@testable import RongCodec

extension DiscussionNotificationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> DiscussionNotificationMessage {
        DiscussionNotificationMessage(
            type: s.optInt(), extension: s.optString(), operator: s.optString(), isHasReceived: s.optBool(),
            operation: s.optString(), common: s.common())
    }
}

@Suite("RC:DizNtf")
struct DiscussionNotificationMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("Android encode: type, extension, user", #"{"type":1,"extension":"u2,u3","user":{"id":"u1","name":"Ann"}}"#),
        DecodeCase(
            "WEBv2 keys",
            #"{"type":3,"extension":"new name","operation":"Rename","isHasReceived":false,"extra":""}"#,
            canonical: #"{"type":3,"extension":"new name","isHasReceived":false,"operation":"Rename","extra":""}"#),
        DecodeCase("operator, which Android reads", #"{"type":2,"extension":"u4","operator":"u1"}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("CJK and emoji", #"{"type":3,"extension":"讨论组 🎉"}"#),
        DecodeCase(
            "null isHasReceived is absent", #"{"type":4,"isHasReceived":null}"#, canonical: #"{"type":4}"#,
            leniencies: [.nullAsAbsent]),
        DecodeCase("largest type", #"{"type":2147483647,"extension":""}"#),
        DecodeCase("type written as 1.0", #"{"type":1.0}"#, canonical: #"{"type":1}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(DiscussionNotificationMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("type as a string", #"{"type":"1"}"#, .typeMismatch),
        RejectCase("isHasReceived as 1", #"{"isHasReceived":1}"#, .typeMismatch),
        RejectCase("fractional type", #"{"type":1.5}"#, .typeMismatch),
        RejectCase("type above Int32", #"{"type":2147483648}"#, .numberOutOfRange),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(DiscussionNotificationMessage.self, c)
    }

    @Test("fields land in the typed model")
    func fields() throws {
        let m = try DiscussionNotificationMessage(json: #"{"type":2,"extension":"e","operator":"o","isHasReceived":true,"operation":"Kick"}"#)
        #expect(m.type == 2)
        #expect(m.extension == "e")
        #expect(m.operator == "o")
        #expect(m.isHasReceived == true)
        #expect(m.operation == "Kick")
        #expect(DiscussionNotificationMessage.persistence == .isPersisted)
    }
}
