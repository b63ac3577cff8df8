// Sources/RongCodec/Catalog/User/PublicServiceMultiRichContentMessage.swift - RC:PSMultiImgTxtMsg

/// RC:PSMultiImgTxtMsg, several public-service articles in one message (ANDROID-4.0
/// `PublicServiceMultiRichContentMessage`, WEBv2 `PublicServiceMultiRichContentMessage`).
///
/// Flag ISCOUNTED (ANDROID-4.0 3, WEBv2 3, ENGINE C P). Sent by the public-service platform;
/// Android and WEBv2 never encode it. Keys (message-catalog.md § 9): `articles`, an array of
/// ``PublicServiceArticle`` objects (container key read by ANDROID-4.0's decoder, which shows every
/// item). Canonical order: `articles`, then the shared keys.
public struct PublicServiceMultiRichContentMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:PSMultiImgTxtMsg"
    public static let persistence = PersistenceFlag.isCounted

    /// The articles, in display order (`articles`).
    public var articles: [PublicServiceArticle]?
    /// Shared keys (`extra`, `user`, `mentionedInfo`, burn-after-reading), unknown keys, diagnostics.
    public var common = ContentCommon()

    /// Creates a multi-article public-service message.
    public init(articles: [PublicServiceArticle]? = nil, common: ContentCommon = ContentCommon()) {
        self.articles = articles
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case articles }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.articles): articles = try PublicServiceArticle.decodeList(from: &d)
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        try PublicServiceArticle.encode(articles, to: &w)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
