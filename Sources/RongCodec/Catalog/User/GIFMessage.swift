// Sources/RongCodec/Catalog/User/GIFMessage.swift - RC:GIFMsg

/// RC:GIFMsg, an animated GIF (iOS `RCGIFMessage`, Android `GIFMessage`, Java server `GifMessage`).
///
/// Flag ISCOUNTED (001:598-599, ANDROID-4.0 flag 3); WEBv2 and ENGINE do not register the type.
/// Keys (message-catalog.md § 5.3): `remoteUrl`, `name`, `width`, `height`, `gifDataSize` (bytes),
/// `exp` (Android upload-expiry flag). `localPath` is dropped. No thumbnail: the GIF is sent as is
/// (000:7492). Canonical order: `remoteUrl`, `name`, `width`, `height`, `gifDataSize`, `exp`,
/// then the shared keys.
public struct GIFMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:GIFMsg"
    public static let persistence = PersistenceFlag.isCounted
    public static let attributes: ContentAttributes = .media

    /// Remote URL of the GIF (`remoteUrl`).
    public var remoteUrl: String?
    /// File name (`name`; Android, Flutter, GO-FL).
    public var name: String?
    /// Width in pixels (`width`; Android `int`).
    public var width: Int?
    /// Height in pixels (`height`; Android `int`).
    public var height: Int?
    /// Size of the GIF data in bytes (`gifDataSize`; Android `long`).
    public var gifDataSize: Int64?
    /// Android's upload-expiry flag (`exp`; Android writes only `true`).
    public var exp: Bool?
    /// Shared keys (`extra`, `user`, `mentionedInfo`, burn-after-reading), unknown keys, diagnostics.
    public var common = ContentCommon()

    /// Creates a GIF message.
    public init(
        remoteUrl: String? = nil, name: String? = nil, width: Int? = nil, height: Int? = nil,
        gifDataSize: Int64? = nil, exp: Bool? = nil, common: ContentCommon = ContentCommon()
    ) {
        self.remoteUrl = remoteUrl
        self.name = name
        self.width = width
        self.height = height
        self.gifDataSize = gifDataSize
        self.exp = exp
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case remoteUrl, name, width, height, gifDataSize, exp }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.remoteUrl): remoteUrl = try d.decodeString()
            case .own(.name): name = try d.decodeString()
            // Pixel sizes are Java ints on Android; a negative size is never meaningful.
            case .own(.width): width = try d.decodeInt(range: Domain.nonNegativeInt32)
            case .own(.height): height = try d.decodeInt(range: Domain.nonNegativeInt32)
            case .own(.gifDataSize): gifDataSize = try d.decodeInt64(range: Domain.nonNegativeInt64)
            case .own(.exp): exp = try d.decodeBool()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("remoteUrl", remoteUrl)
        w.field("name", name)
        try w.field("width", width, in: Domain.nonNegativeInt32)
        try w.field("height", height, in: Domain.nonNegativeInt32)
        try w.field("gifDataSize", gifDataSize, in: Domain.nonNegativeInt64)
        w.field("exp", exp)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
