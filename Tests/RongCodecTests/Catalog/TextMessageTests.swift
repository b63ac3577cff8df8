// Tests/RongCodecTests/Catalog/TextMessageTests.swift - RC:TxtMsg

import Testing

@testable import RongCodec
import RongTestSupport

extension TextMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> TextMessage {
        TextMessage(content: s.optString(), common: s.common())
    }
}

@Suite("RC:TxtMsg")
struct TextMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("seed console form (000:415-419)", #"{"content":"hello","extra":""}"#),
        DecodeCase(
            "official example with mention and user",
            #"{"content":"@Tom hi","mentionedInfo":{"type":2,"userIdList":["tom"],"mentionedContent":"someone @ you"},"user":{"id":"u1","name":"Ann","portrait":"https://x/a.png","extra":""},"extra":""}"#,
            canonical: #"{"content":"@Tom hi","extra":"","user":{"id":"u1","name":"Ann","portrait":"https://x/a.png","extra":""},"mentionedInfo":{"type":2,"userIdList":["tom"],"mentionedContent":"someone @ you"}}"#),
        DecodeCase("emoji and CJK", #"{"content":"你好 😀👍🏽"}"#),
        DecodeCase("escaped emoji", #"{"content":"\ud83d\ude00\u4e2d"}"#, canonical: #"{"content":"😀中"}"#),
        DecodeCase("escaped slash from org.json", #"{"content":"a\/b"}"#, canonical: #"{"content":"a/b"}"#),
        DecodeCase("empty object (Android omits empty content)", "{}"),
        DecodeCase("empty text", #"{"content":""}"#),
        DecodeCase(
            "Android burn keys kept as sent",
            #"{"content":"x","isBurnAfterRead":false,"burnDuration":0}"#),
        DecodeCase(
            "unknown keys survive in order",
            #"{"zz":1,"content":"x","aa":{"n":[1,2.5,"s",null,true]}}"#,
            canonical: #"{"content":"x","zz":1,"aa":{"n":[1,2.5,"s",null,true]}}"#),
        DecodeCase("null extra is absent", #"{"content":"x","extra":null}"#, canonical: #"{"content":"x"}"#, leniencies: [.nullAsAbsent]),
        DecodeCase(
            "avatar under icon (Go SDK)", #"{"content":"x","user":{"id":"u","name":"n","icon":"i.png"}}"#,
            canonical: #"{"content":"x","user":{"id":"u","name":"n","portrait":"i.png"}}"#, leniencies: [.avatarIcon]),
        DecodeCase(
            "avatar under portraitUri (Web v2)", #"{"content":"x","user":{"id":"u","portraitUri":"p.png"}}"#,
            canonical: #"{"content":"x","user":{"id":"u","portrait":"p.png"}}"#, leniencies: [.avatarPortraitUri]),
        DecodeCase(
            "portrait wins, other avatar keys are kept", #"{"user":{"icon":"i","portrait":"p","portraitUri":"q"}}"#,
            canonical: #"{"user":{"portrait":"p","portraitUri":"q","icon":"i"}}"#),
        DecodeCase(
            "numeric user id (flutter #197)", #"{"content":"x","user":{"id":12345,"name":"n"}}"#,
            canonical: #"{"content":"x","user":{"id":"12345","name":"n"}}"#, leniencies: [.numericUserId]),
        DecodeCase("empty user object", #"{"content":"x","user":{}}"#, canonical: #"{"content":"x"}"#, leniencies: [.emptyUser]),
        DecodeCase("empty user array (Flutter)", #"{"content":"x","user":[]}"#, canonical: #"{"content":"x"}"#, leniencies: [.emptyUser]),
        DecodeCase("empty mentionedInfo (Web v2 bug)", #"{"content":"x","mentionedInfo":{}}"#, canonical: #"{"content":"x"}"#, leniencies: [.emptyMentionedInfo]),
        DecodeCase("@all with an empty list", #"{"mentionedInfo":{"type":1,"userIdList":[]}}"#),
        DecodeCase(
            "double-encoded content", #""{\"content\":\"hi\"}""#, canonical: #"{"content":"hi"}"#, leniencies: [.doubleEncodedContent]),
        DecodeCase("whitespace around the object", " \n{ \"content\" : \"x\" }\t", canonical: #"{"content":"x"}"#),
        DecodeCase("whitespace between the keys in order", "{\"content\":\"x\" , \"extra\" :\"\",\n\"user\":{ \"id\":\"u\" } }", canonical: #"{"content":"x","extra":"","user":{"id":"u"}}"#),
        DecodeCase("keys in reverse order", #"{"user":{"name":"n","id":"u"},"extra":"","content":"x"}"#, canonical: #"{"content":"x","extra":"","user":{"id":"u","name":"n"}}"#),
        DecodeCase("a known key's prefix is an unknown key", #"{"conten":1,"content":"x","contents":2}"#, canonical: #"{"content":"x","conten":1,"contents":2}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(TextMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("zero bytes", "", .emptyContent),
        RejectCase("content is a number", #"{"content":5}"#, .typeMismatch),
        RejectCase("top level is an array", #"["x"]"#, .typeMismatch),
        RejectCase("duplicate content", #"{"content":"a","content":"b"}"#, .duplicateKey),
        RejectCase("duplicate unknown key", #"{"q":1,"q":2}"#, .duplicateKey),
        // The decoder compares the key it expects next as bytes first; a duplicate that is the
        // expected key (extra after content) must still be caught.
        RejectCase("duplicate that is the key expected next", #"{"extra":"","content":"a","extra":"x"}"#, .duplicateKey),
        RejectCase("duplicate user after the keys in order", #"{"content":"a","extra":"","user":{"id":"u"},"user":{"id":"v"}}"#, .duplicateKey),
        RejectCase("duplicate id inside user, in order", #"{"user":{"id":"u","name":"n","id":"v"}}"#, .duplicateKey),
        RejectCase("expected key spelled with an escape, then again plainly", #"{"content":"a","extra":"","extra":""}"#, .duplicateKey),
        RejectCase("a key cut short", #"{"content":"a","extr"#, .truncated),
        RejectCase("missing colon after the expected key", #"{"content" "a"}"#, .unexpectedByte),
        RejectCase("trailing comma", #"{"content":"a",}"#, .trailingComma),
        RejectCase("truncated", #"{"content":"a""#, .truncated),
        RejectCase("trailing garbage", #"{"content":"a"}x"#, .trailingGarbage),
        RejectCase("mention without type", #"{"mentionedInfo":{"userIdList":["a"]}}"#, .missingRequiredField),
        RejectCase("mention type 3", #"{"mentionedInfo":{"type":3}}"#, .invalidValue),
        RejectCase("user as a string", #"{"user":"u1"}"#, .typeMismatch),
        RejectCase("user array not empty", #"{"user":["u1"]}"#, .typeMismatch),
        RejectCase("negative burnDuration", #"{"burnDuration":-1}"#, .numberOutOfRange),
        RejectCase("invalid UTF-8 in text", bytes: Array(#"{"content":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8), .invalidUTF8),
        RejectCase("double-encoded but not an object", #""[1]""#, .typeMismatch),
        RejectCase("syntax error after a type error is reported as syntax", #"{"content":5,"extra":"x",}"#, .trailingComma),
        RejectCase("a bare word", #"{"content":hello}"#, .unexpectedByte),
    ]

    @Test("rejects broken input with a stable code", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(TextMessage.self, c)
    }

    @Test("fields land in the typed model")
    func fields() throws {
        let m = try TextMessage(json: #"{"content":"hi","extra":"e","user":{"id":"u1","name":"Ann"},"mentionedInfo":{"type":1}}"#)
        #expect(m.content == "hi")
        #expect(m.extra == "e")
        #expect(m.user?.id == "u1")
        #expect(m.mentionedInfo?.type == .all)
        #expect(TextMessage.objectName == "RC:TxtMsg")
        #expect(TextMessage.persistence == .isCounted)
    }

    @Test("errors give the JSON path")
    func errorPath() {
        do {
            _ = try TextMessage(json: #"{"content":"x","user":{"id":"u","name":7}}"#)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .typeMismatch)
            #expect(error.path == "$.user.name")
            #expect(error.offset == 39)
        }
    }

    @Test("the content size limit counts bytes of content JSON")
    func sizeLimit() throws {
        let overhead = #"{"content":""}"#.utf8.count
        let fits = #"{"content":""# + String(repeating: "a", count: 131_072 - overhead) + #""}"#
        #expect(throws: Never.self) { try TextMessage(json: fits) }
        let over = #"{"content":""# + String(repeating: "a", count: 131_073 - overhead) + #""}"#
        expectCodecError(.sizeLimit) { try TextMessage(json: over) }
        expectCodecError(.sizeLimit) { try TextMessage(content: String(repeating: "a", count: 131_072)).jsonBytes() }
    }
}
