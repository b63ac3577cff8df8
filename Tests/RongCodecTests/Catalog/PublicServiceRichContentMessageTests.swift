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
