// Tests/RongCodecTests/Catalog/PublicServiceMultiRichContentMessageTests.swift - RC:PSMultiImgTxtMsg

import Testing

@testable import RongCodec

extension PublicServiceMultiRichContentMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> PublicServiceMultiRichContentMessage {
        PublicServiceMultiRichContentMessage(articles: PublicServiceArticle.arbitraryList(&s), common: s.common())
    }
}

@Suite("RC:PSMultiImgTxtMsg")
struct PublicServiceMultiRichContentMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "Android-read shape with three articles",
            #"{"articles":[{"title":"头条","digest":"d1","picurl":"https://x/1.jpg","url":"https://x/1"},{"title":"次条","digest":"d2","picurl":"https://x/2.jpg","url":"https://x/2"},{"title":"三条","url":"https://x/3"}],"user":{"id":"ps1","name":"公众号"}}"#),
        DecodeCase(
            "items reordered", #"{"articles":[{"picurl":"p","title":"t"},{"url":"u","digest":"d"}]}"#,
            canonical: #"{"articles":[{"title":"t","picurl":"p"},{"digest":"d","url":"u"}]}"#),
        DecodeCase("no articles", #"{"articles":[]}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("unknown keys in items and container", #"{"articles":[{"title":"t","author":"a","time":1720000000123}],"extra":"","msgid":"m1"}"#),
        DecodeCase(
            "null articles is absent", #"{"articles":null,"extra":"x"}"#, canonical: #"{"extra":"x"}"#, leniencies: [.nullAsAbsent]),
        DecodeCase("escaped slash in a URL", #"{"articles":[{"url":"https:\/\/x\/a"}]}"#, canonical: #"{"articles":[{"url":"https://x/a"}]}"#),
        DecodeCase("emoji titles", #"{"articles":[{"title":"😀"},{"title":"👍🏽"}]}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(PublicServiceMultiRichContentMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("articles as an object", #"{"articles":{}}"#, .typeMismatch),
        RejectCase("item as a number", #"{"articles":[{"title":"a"},2]}"#, .typeMismatch),
        RejectCase("picurl as an array", #"{"articles":[{"picurl":["p"]}]}"#, .typeMismatch),
        RejectCase("unterminated array", #"{"articles":[{}"#, .truncated),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(PublicServiceMultiRichContentMessage.self, c)
    }

    @Test("item order is kept")
    func order() throws {
        let m = try PublicServiceMultiRichContentMessage(json: #"{"articles":[{"title":"b"},{"title":"a"}]}"#)
        #expect(m.articles?.map(\.title) == ["b", "a"])
    }
}
