// Sources/RongCodec/Catalog/User/PublicServiceRichContentMessage.swift - RC:PSImgTxtMsg

/// RC:PSImgTxtMsg, a public-service article (ANDROID-4.0 `PublicServiceRichContentMessage`, WEBv2
/// `PublicServiceRichContentMessage`).
///
/// Flag ISCOUNTED (ANDROID-4.0 3, WEBv2 3, ENGINE C P). Sent by the public-service platform;
/// Android and WEBv2 never encode it. Keys (message-catalog.md § 9): `articles`, an array of
/// ``PublicServiceArticle`` objects. The catalog records only the item keys; the container key
/// `articles` is read by ANDROID-4.0's decoder (`jsonObj.get("articles")`), which shows the first
/// item only. RongWire keeps every item. Canonical order: `articles`, then the shared keys.
public struct PublicServiceRichContentMessage: MessageContent {
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

    static let fields = FieldTable(["articles"])

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case 0: articles = try PublicServiceArticle.decodeList(from: &d)
            default: try common.decode(field: f, of: Self.fields, from: &d)
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

/// One article of RC:PSImgTxtMsg and RC:PSMultiImgTxtMsg (ANDROID-4.0 `RichContentItem`).
///
/// Keys: `title`, `digest`, `picurl` (image URL; lower-case `url`), `url` (link). Other keys are
/// kept in ``unknownFields``, in input order. Canonical order: `title`, `digest`, `picurl`, `url`,
/// then the unknown keys.
public struct PublicServiceArticle: Hashable, Sendable {
    /// Title (`title`).
    public var title: String?
    /// Summary text (`digest`).
    public var digest: String?
    /// Image URL (`picurl`).
    public var picurl: String?
    /// Link to the article (`url`).
    public var url: String?
    /// Keys this type does not model, in input order.
    public var unknownFields = JSONObject()

    /// Creates an article.
    public init(title: String? = nil, digest: String? = nil, picurl: String? = nil, url: String? = nil) {
        self.title = title
        self.digest = digest
        self.picurl = picurl
        self.url = url
    }

    static let fields = FieldTable(["title", "digest", "picurl", "url"], includeCommon: false)

    /// Decodes an `articles` array; `null` gives nil.
    static func decodeList(from d: inout ContentDecoder) throws(CodecError) -> [PublicServiceArticle]? {
        try d.decodeArray { (d: inout ContentDecoder) throws(CodecError) in try decode(from: &d) }
    }

    static func decode(from d: inout ContentDecoder) throws(CodecError) -> PublicServiceArticle {
        var a = PublicServiceArticle()
        var r = try d.beginObject(fields)
        while let f = try d.nextField(&r) {
            switch f {
            case 0: a.title = try d.decodeString()
            case 1: a.digest = try d.decodeString()
            case 2: a.picurl = try d.decodeString()
            default: a.url = try d.decodeString()
            }
        }
        a.unknownFields = r.unknownFields
        return a
    }

    /// Writes `"articles":[...]` when `articles` is not nil.
    static func encode(_ articles: [PublicServiceArticle]?, to w: inout JSONWriter) throws(CodecError) {
        guard let articles else { return }
        w.key("articles")
        w.beginArray()
        for a in articles {
            w.beginObject()
            w.field("title", a.title)
            w.field("digest", a.digest)
            w.field("picurl", a.picurl)
            w.field("url", a.url)
            try w.unknownMembers(a.unknownFields, of: fields)
            w.endObject()
        }
        w.endArray()
    }
}
