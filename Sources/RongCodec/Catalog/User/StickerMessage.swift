// Sources/RongCodec/Catalog/User/StickerMessage.swift - RC:StkMsg

/// RC:StkMsg, a sticker from a sticker package (iOS `RCStickerMessage`, ANDROID-KIT
/// `StickerMessage`).
///
/// Flag ISCOUNTED (ANDROID-KIT 3); WEBv2 and ENGINE do not register the type. Keys
/// (message-catalog.md § 5.12; the iOS constructor takes the same five values, 000:4186-4190):
/// `packageId`, `stickerId`, `digest` (text shown in the conversation list and push), `width`,
/// `height`. An older IMKit 2.7.x copy used other keys (`name`, `category`, one starting with
/// `isIns`), only partly seen; they are not modelled and survive as unknown keys. Canonical order:
/// `packageId`, `stickerId`, `digest`, `width`, `height`, then the shared keys.
public struct StickerMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:StkMsg"
    public static let persistence = PersistenceFlag.isCounted

    /// Sticker package id (`packageId`).
    public var packageId: String?
    /// Sticker id within the package (`stickerId`).
    public var stickerId: String?
    /// Text standing for the sticker (`digest`).
    public var digest: String?
    /// Width in pixels (`width`).
    public var width: Int?
    /// Height in pixels (`height`).
    public var height: Int?
    /// Shared keys (`extra`, `user`, `mentionedInfo`, burn-after-reading), unknown keys, diagnostics.
    public var common = ContentCommon()

    /// Creates a sticker message.
    public init(
        packageId: String? = nil, stickerId: String? = nil, digest: String? = nil, width: Int? = nil,
        height: Int? = nil, common: ContentCommon = ContentCommon()
    ) {
        self.packageId = packageId
        self.stickerId = stickerId
        self.digest = digest
        self.width = width
        self.height = height
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case packageId, stickerId, digest, width, height }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.packageId): packageId = try d.decodeString()
            case .own(.stickerId): stickerId = try d.decodeString()
            case .own(.digest): digest = try d.decodeString()
            case .own(.width): width = try d.decodeInt(range: Domain.nonNegativeInt32)
            case .own(.height): height = try d.decodeInt(range: Domain.nonNegativeInt32)
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("packageId", packageId)
        w.field("stickerId", stickerId)
        w.field("digest", digest)
        try w.field("width", width, in: Domain.nonNegativeInt32)
        try w.field("height", height, in: Domain.nonNegativeInt32)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
