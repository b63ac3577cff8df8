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
    @Test("item order is kept")
    func order() throws {
        let m = try PublicServiceMultiRichContentMessage(json: #"{"articles":[{"title":"b"},{"title":"a"}]}"#)
        #expect(m.articles?.map(\.title) == ["b", "a"])
    }
}
