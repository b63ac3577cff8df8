// Sources/RongCodec/Catalog/User/SightMessage.swift - RC:SightMsg

/// RC:SightMsg, a short video (iOS `RCSightMessage`, Android `SightMessage`, FLUTTER
/// `sight_message.dart`, JAVA-SRV `SightMessage`).
///
/// Flag ISCOUNTED (001:555-556, ANDROID-4.0 3); WEBv2 and ENGINE do not register the type.
/// Keys (message-catalog.md § 5.7): `content` (base64 JPEG of the first frame), `sightUrl`,
/// `duration` (seconds), `size` (bytes; GO-FL sends a numeric string, accepted with
/// ``Leniency/numericString`` and written as a number), `name`, `thumbUri` (Flutter).
/// `localPath` is dropped. Canonical order: `content`, `sightUrl`, `duration`, `size`, `name`,
/// `thumbUri`, then the shared keys.
public struct SightMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:SightMsg"
    public static let persistence = PersistenceFlag.isCounted
    public static let attributes: ContentAttributes = .media

    /// Base64 JPEG of the first frame (`content`).
    public var content: String?
    /// Remote URL of the video (`sightUrl`).
    public var sightUrl: String?
    /// Length in seconds (`duration`).
    public var duration: Int?
    /// Size in bytes (`size`; a numeric string is accepted on decode).
    public var size: Int64?
    /// File name (`name`).
    public var name: String?
    /// Thumbnail URL (`thumbUri`, Flutter).
    public var thumbUri: String?
    /// Shared keys (`extra`, `user`, `mentionedInfo`, burn-after-reading), unknown keys, diagnostics.
    public var common = ContentCommon()

    /// Creates a short-video message.
    public init(
        content: String? = nil, sightUrl: String? = nil, duration: Int? = nil, size: Int64? = nil,
        name: String? = nil, thumbUri: String? = nil, common: ContentCommon = ContentCommon()
    ) {
        self.content = content
        self.sightUrl = sightUrl
        self.duration = duration
        self.size = size
        self.name = name
        self.thumbUri = thumbUri
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case content, sightUrl, duration, size, name, thumbUri }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.content): content = try d.decodeString()
            case .own(.sightUrl): sightUrl = try d.decodeString()
            case .own(.duration): duration = try d.decodeInt(range: Domain.nonNegativeInt32)
            case .own(.size): size = try d.decodeInt64(acceptNumericString: true, range: Domain.nonNegativeInt64)
            case .own(.name): name = try d.decodeString()
            case .own(.thumbUri): thumbUri = try d.decodeString()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("content", content)
        w.field("sightUrl", sightUrl)
        try w.field("duration", duration, in: Domain.nonNegativeInt32)
        try w.field("size", size, in: Domain.nonNegativeInt64)
        w.field("name", name)
        w.field("thumbUri", thumbUri)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
