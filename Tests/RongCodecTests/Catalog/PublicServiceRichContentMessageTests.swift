// Tests/RongCodecTests/Catalog/PublicServiceRichContentMessageTests.swift - RC:PSImgTxtMsg

import Testing

@testable import RongCodec

extension PublicServiceArticle {
    static func arbitrary(_ s: inout ValueSource) -> PublicServiceArticle {
        var a = PublicServiceArticle(title: s.optString(), digest: s.optString(), picurl: s.optString(), url: s.optString())
        a.unknownFields = s.jsonObject(colliding: ["title", "digest", "picurl", "url"])
        return a
    }

    static func arbitraryList(_ s: inout ValueSource) -> [PublicServiceArticle]? {
        s.maybe { src in (0..<src.int(0...3)).map { _ in arbitrary(&src) } }
    }
}

extension PublicServiceRichContentMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> PublicServiceRichContentMessage {
        PublicServiceRichContentMessage(articles: PublicServiceArticle.arbitraryList(&s), common: s.common())
    }
}

@Suite("RC:PSImgTxtMsg")
struct PublicServiceRichContentMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "Android-read shape",
            #"{"articles":[{"title":"新品发布","digest":"摘要","picurl":"https://x/p.jpg","url":"https://x/a.html"}],"user":{"id":"ps1","name":"公众号","portrait":"https://x/ps.png"}}"#),
        DecodeCase(
            "item keys reordered, unknown item key kept", #"{"articles":[{"url":"u","author":"a","title":"t"}]}"#,
            canonical: #"{"articles":[{"title":"t","url":"u","author":"a"}]}"#),
        DecodeCase("no articles", #"{"articles":[]}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("unknown container key", #"{"articles":[{"title":"t"}],"menuItem":{"id":1}}"#),
        DecodeCase(
            "null item field is absent", #"{"articles":[{"title":null,"url":"u"}]}"#, canonical: #"{"articles":[{"url":"u"}]}"#,
            leniencies: [.nullAsAbsent]),
        DecodeCase("several items are all kept", #"{"articles":[{"title":"a"},{"title":"b"}]}"#),
        DecodeCase("empty item", #"{"articles":[{}]}"#),
        DecodeCase("emoji digest", #"{"articles":[{"digest":"🔥 限时 😀"}]}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(PublicServiceRichContentMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("articles as an object", #"{"articles":{"title":"t"}}"#, .typeMismatch),
        RejectCase("articles as a string", #"{"articles":"t"}"#, .typeMismatch),
        RejectCase("item as a string", #"{"articles":["t"]}"#, .typeMismatch),
        RejectCase("null item", #"{"articles":[null]}"#, .typeMismatch),
        RejectCase("title as a number", #"{"articles":[{"title":1}]}"#, .typeMismatch),
        RejectCase("duplicate key inside an item", #"{"articles":[{"url":"a","url":"b"}]}"#, .duplicateKey),
        RejectCase("trailing comma in the array", #"{"articles":[{},]}"#, .trailingComma),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(PublicServiceRichContentMessage.self, c)
    }

    @Test("items land in the typed model")
    func fields() throws {
        let m = try PublicServiceRichContentMessage(json: #"{"articles":[{"title":"t","picurl":"p","x":1}]}"#)
        let a = try #require(m.articles?.first)
        #expect(a.title == "t")
        #expect(a.picurl == "p")
        #expect(a.unknownFields["x"] == 1)
    }

    @Test("errors inside an item give the JSON path")
    func errorPath() {
        do {
            _ = try PublicServiceRichContentMessage(json: #"{"articles":[{},{"url":7}]}"#)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .typeMismatch)
            #expect(error.path == "$.articles[1].url")
        }
    }
}
