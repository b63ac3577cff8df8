// Sources/RongCodec/Catalog/User/PublicServiceArticle.swift - one article of the public-service messages

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

    /// Every key the object reads, aliases included, in the order the decoder expects them.
    enum Key: String, FieldKey { case title, digest, picurl, url }
    static let fields = FieldTable(withoutSharedKeys: Key.self)

    /// Decodes an `articles` array; `null` gives nil.
    static func decodeList(from d: inout ContentDecoder) throws(CodecError) -> [PublicServiceArticle]? {
        try d.decodeArray { (d: inout ContentDecoder) throws(CodecError) in try decode(from: &d) }
    }

    static func decode(from d: inout ContentDecoder) throws(CodecError) -> PublicServiceArticle {
        var a = PublicServiceArticle()
        var r = try d.beginObject(fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .title: a.title = try d.decodeString()
            case .digest: a.digest = try d.decodeString()
            case .picurl: a.picurl = try d.decodeString()
            case .url: a.url = try d.decodeString()
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
