// Sources/RongCodec/Catalog/Call/CallModifyMediaMessage.swift - RC:VCModifyMedia

/// RC:VCModifyMedia, a participant switches between audio and video (WEBv2
/// `MediaModifyMessage`, GO-FL `VCModifyMedia`).
///
/// Flag NONE (WEBv2 `MessageTag(false, false)`, ENGINE neither counted nor persisted).
/// Keys (message-catalog.md § 8, WEBv2): `callId`, `mediaType`, `mode`, `subInfo`; GO-FL sends
/// `callId`, `mediaType` as `"audio"`/`"video"` and `extra`. Canonical order: `callId`,
/// `mediaType`, `mode`, `subInfo`, then the shared keys.
public struct CallModifyMediaMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:VCModifyMedia"
    public static let persistence = PersistenceFlag.none

    /// The call (`callId`).
    public var callId: String?
    /// The new media type: 1 audio, 2 video (`mediaType`; names accepted on decode).
    public var mediaType: Int?
    /// Call mode (`mode`, an integer in WEBv2; values not documented).
    public var mode: Int?
    /// Engine-specific subscription info (`subInfo`), kept as any JSON value.
    public var subInfo: JSONValue?
    /// The shared keys (`extra`, `user`, `mentionedInfo`, burn keys), unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a media-change message.
    public init(
        callId: String? = nil, mediaType: Int? = nil, mode: Int? = nil, subInfo: JSONValue? = nil,
        common: ContentCommon = ContentCommon()
    ) {
        self.callId = callId
        self.mediaType = mediaType
        self.mode = mode
        self.subInfo = subInfo
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case callId, mediaType, mode, subInfo }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.callId): callId = try d.decodeString()
            case .own(.mediaType): mediaType = try d.decodeCallMediaType()
            case .own(.mode): mode = try d.decodeInt()
            case .own(.subInfo): subInfo = try d.decodeOpenValue()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("callId", callId)
        try w.field("mediaType", mediaType)
        try w.field("mode", mode)
        try w.field("subInfo", subInfo)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
