// Tests/RongCodecTests/Catalog/ChatroomKVNotificationMessageTests.swift - RC:chrmKVNotiMsg

import Testing

@testable import RongCodec

extension ChatroomKVNotificationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ChatroomKVNotificationMessage {
        ChatroomKVNotificationMessage(key: s.optString(), value: s.optString(), type: s.optInt(), common: s.common())
    }
}

@Suite("RC:chrmKVNotiMsg")
struct ChatroomKVNotificationMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("Android set", #"{"key":"seat1","value":"u1","type":1,"extra":"notify"}"#),
        DecodeCase("delete without a value", #"{"key":"seat1","type":2}"#),
        DecodeCase(
            "Go SDK extra as an object", #"{"type":1,"key":"k","value":"v","extra":{"a":"b"}}"#,
            canonical: #"{"key":"k","value":"v","type":1,"extra":"{\"a\":\"b\"}"}"#, leniencies: [.objectAsString]),
        DecodeCase(
            "Flutter empty user and @all mention",
            #"{"key":"k","value":"v","type":1,"extra":"","user":{},"mentionedInfo":{"type":1,"userIdList":[]}}"#,
            canonical: #"{"key":"k","value":"v","type":1,"extra":"","mentionedInfo":{"type":1,"userIdList":[]}}"#,
            leniencies: [.emptyUser]),
        DecodeCase("Go SDK type 0 when unset", #"{"type":0}"#),
        DecodeCase("CJK, emoji and an escaped newline", #"{"key":"座位😀","value":"用户\n甲","type":1}"#),
        DecodeCase("null extra is absent", #"{"key":"k","extra":null}"#, canonical: #"{"key":"k"}"#, leniencies: [.nullAsAbsent]),
        DecodeCase("empty object", "{}"),
        DecodeCase("unknown keys go last", #"{"k2":"x","type":2,"key":"k"}"#, canonical: #"{"key":"k","type":2,"k2":"x"}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(ChatroomKVNotificationMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("type as a string", #"{"type":"1"}"#, .typeMismatch),
        RejectCase("key as a number", #"{"key":7}"#, .typeMismatch),
        RejectCase("extra as a number", #"{"extra":7}"#, .typeMismatch),
        RejectCase("fractional type", #"{"type":1.5}"#, .typeMismatch),
        RejectCase("type above 32 bits", #"{"type":4294967296}"#, .numberOutOfRange),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(ChatroomKVNotificationMessage.self, c)
    }

    @Test("the Go object extra lands in extra as JSON text")
    func fields() throws {
        let m = try ChatroomKVNotificationMessage(json: #"{"extra":{"n":"1"},"type":2}"#)
        #expect(m.extra == #"{"n":"1"}"#)
        #expect(m.type == 2)
        #expect(ChatroomKVNotificationMessage.persistence == .none)
    }
}
