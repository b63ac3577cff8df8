// Sources/RongCodec/Catalog/User/RichContentMessage.swift - RC:ImgTextMsg

/// RC:ImgTextMsg, a rich-content card: title, digest, image and link (iOS
/// `RCRichContentMessage`, WEBv2 `RichContentMessage`, JAVA-SRV `ImgTextMessage`).
///
/// Flag ISCOUNTED (ANDROID-4.0 3, WEBv2 3, ENGINE C P; the seeds give no flag). Keys
/// (message-catalog.md § 5.9): `title`, `content` (the digest text: the iOS property `digest`
/// is the JSON key `content`), `imageUri`, `url`. Android writes `extra` always; its presence is
/// kept like everywhere else. Canonical order: `title`, `content`, `imageUri`, `url`, then the
/// shared keys.
public struct RichContentMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:ImgTextMsg"
    public static let persistence = PersistenceFlag.isCounted

    /// Title (`title`).
    public var title: String?
    /// Digest text (`content`; iOS property `digest`).
    public var content: String?
    /// Image URL (`imageUri`).
    public var imageUri: String?
    /// Link opened when the card is tapped (`url`).
    public var url: String?
    /// Shared keys (`extra`, `user`, `mentionedInfo`, burn-after-reading), unknown keys, diagnostics.
    public var common = ContentCommon()

    /// Creates a rich-content message.
    public init(
        title: String? = nil, content: String? = nil, imageUri: String? = nil, url: String? = nil,
        common: ContentCommon = ContentCommon()
    ) {
        self.title = title
        self.content = content
        self.imageUri = imageUri
        self.url = url
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case title, content, imageUri, url }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.title): title = try d.decodeString()
            case .own(.content): content = try d.decodeString()
            case .own(.imageUri): imageUri = try d.decodeString()
            case .own(.url): url = try d.decodeString()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("title", title)
        w.field("content", content)
        w.field("imageUri", imageUri)
        w.field("url", url)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
