// Sources/RongCodec/Catalog/User/PublicServiceRichContentMessage.swift - RC:PSImgTxtMsg

/// RC:PSImgTxtMsg, a public-service article (ANDROID-4.0 `PublicServiceRichContentMessage`, WEBv2
/// `PublicServiceRichContentMessage`).
///
/// Flag ISCOUNTED (ANDROID-4.0 3, WEBv2 3, ENGINE C P). Sent by the public-service platform;
/// Android and WEBv2 never encode it. Keys (message-catalog.md § 9): `articles`, an array of
/// ``PublicServiceArticle`` objects. The catalog records only the item keys; the container key
/// `articles` is read by ANDROID-4.0's decoder (`jsonObj.get("articles")`), which shows the first
/// item only. RongWire keeps every item. Canonical order: `articles`, then the shared keys.
public struct PublicServiceRichContentMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:PSImgTxtMsg"
    public static let persistence = PersistenceFlag.isCounted

    /// The articles (`articles`); clients display the first one.
    public var articles: [PublicServiceArticle]?
    /// Shared keys (`extra`, `user`, `mentionedInfo`, burn-after-reading), unknown keys, diagnostics.
    public var common = ContentCommon()

    /// Creates a public-service article message.
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
