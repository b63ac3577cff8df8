// Sources/RongCodec/Catalog/User/ImageMessage.swift - RC:ImgMsg

/// RC:ImgMsg, an image (iOS `RCImageMessage`, Android `ImageMessage`).
///
/// Flag ISCOUNTED (001:421-422, Android, Web, ENGINE). Keys (message-catalog.md § 5.2):
/// `content` (base64 JPEG thumbnail, no `data:` prefix), `imageUri`, `exp` (Android upload
/// flag), `isFull` (original image; Android also reads `full`), `thumbUri` (Flutter), `name`
/// (third-party Go SDK). `localPath` is dropped. Canonical order as listed, then shared keys.
public struct ImageMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:ImgMsg"
    public static let persistence = PersistenceFlag.isCounted
    public static let attributes: ContentAttributes = .media

    /// Shared keys, unknown keys and diagnostics. First and without a default, so that the
    /// memberwise initializer the decoder builds the value with (it moves what an explicit
    /// initializer copies) is `init(common:…)`, not the public one.
    public var common: ContentCommon
    /// Base64 JPEG thumbnail (`content`).
    public var content: String?
    /// Remote image URL (`imageUri`).
    public var imageUri: String?
    /// Android's upload-expiry flag (`exp`).
    public var exp: Bool?
    /// Whether the original image was sent (`isFull`; `full` accepted on decode).
    public var isFull: Bool?
    /// Thumbnail URL (`thumbUri`, Flutter).
    public var thumbUri: String?
    /// File name (`name`).
    public var name: String?
}

extension ImageMessage {
    /// Creates an image message.
    public init(
        content: String? = nil, imageUri: String? = nil, exp: Bool? = nil, isFull: Bool? = nil,
        thumbUri: String? = nil, name: String? = nil, common: ContentCommon = ContentCommon()
    ) {
        self.content = content
        self.imageUri = imageUri
        self.exp = exp
        self.isFull = isFull
        self.thumbUri = thumbUri
        self.name = name
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case content, imageUri, exp, isFull, thumbUri, name, full }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var content: String?
        var imageUri: String?
        var exp: Bool?
        var isFull: Bool?
        var thumbUri: String?
        var name: String?
        var extra: String?, user: UserInfo?, mentionedInfo: MentionedInfo?, burn = BurnAfterReading()
        var full: Bool?
        var fullAt = 0
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.content): content = try d.decodeString()
            case .own(.imageUri): imageUri = try d.decodeString()
            case .own(.exp): exp = try d.decodeBool()
            case .own(.isFull): isFull = try d.decodeBool()
            case .own(.thumbUri): thumbUri = try d.decodeString()
            case .own(.name): name = try d.decodeString()
            case .own(.full):
                fullAt = r.keyOffset
                full = try d.decodeBool()
            case .shared(let key):
                try ContentCommon.decode(key, from: &d, extra: &extra, user: &user, mentionedInfo: &mentionedInfo, burn: &burn)
            }
        }
        if d.adoptAlias(full, into: &isFull, key: "full", json: JSONValue.bool, in: &r) {
            try d.noteLeniency(.fullAlias, at: fullAt)
        }
        self.init(
            common: ContentCommon(
                extra: consume extra, user: consume user, mentionedInfo: consume mentionedInfo, burn: burn,
                unknownFields: r.unknownFields, diagnostics: DecodeDiagnostics(d.leniencies)),
            content: consume content,
            imageUri: consume imageUri,
            exp: exp,
            isFull: isFull,
            thumbUri: consume thumbUri,
            name: consume name)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("content", content)
        w.field("imageUri", imageUri)
        w.field("exp", exp)
        w.field("isFull", isFull)
        w.field("thumbUri", thumbUri)
        w.field("name", name)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
