// Tests/RongCodecTests/Catalog/RichContentMessageTests.swift - RC:ImgTextMsg

import Testing

@testable import RongCodec

extension RichContentMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> RichContentMessage {
        RichContentMessage(
            title: s.optString(), content: s.optString(), imageUri: s.optString(), url: s.optString(), common: s.common())
    }
}

@Suite("RC:ImgTextMsg")
struct RichContentMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "WEBv2 obtain()", #"{"title":"RongCloud","content":"摘要","imageUri":"https://x/i.png","url":"https://www.rongcloud.cn","extra":""}"#),
        DecodeCase(
            "Android with extra always and a user", #"{"url":"u","imageUri":"i","title":"t","content":"c","extra":"","user":{"id":"u1","name":"n"}}"#,
            canonical: #"{"title":"t","content":"c","imageUri":"i","url":"u","extra":"","user":{"id":"u1","name":"n"}}"#),
        DecodeCase("GO-FL", #"{"title":"t","content":"c","imageUri":"i","url":"u"}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("emoji title and escaped newline", #"{"title":"🎉 新品","content":"line1\nline2"}"#),
        DecodeCase("org.json escaped slashes", #"{"url":"https:\/\/x.com\/a"}"#, canonical: #"{"url":"https://x.com/a"}"#),
        DecodeCase("iOS property name digest is not a key", #"{"title":"t","digest":"d"}"#),
        DecodeCase("Flutter mention", #"{"title":"t","mentionedInfo":{"type":2,"userIdList":["a","b"]}}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(RichContentMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("title as a number", #"{"title":1}"#, .typeMismatch),
        RejectCase("url as an object", #"{"url":{"href":"u"}}"#, .typeMismatch),
        RejectCase("duplicate title", #"{"title":"a","title":"b"}"#, .duplicateKey),
        RejectCase("content as an array", #"{"content":[]}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(RichContentMessage.self, c)
    }
}
