// Sources/RongCodec/Catalog/Location/RealTimeLocationStartMessage.swift - RC:RLStart

/// RC:RLStart, the invitation that starts real-time location sharing (ANDROID-4.0
/// `RealTimeLocationStartMessage`; the objectNames are in 000:3661).
///
/// Flag ISCOUNTED (ANDROID-4.0 `flag = 3`; the only source that registers it): the start is a
/// visible, counted message, unlike RC:RLJoin, RC:RLQuit and RC:RL. Keys (message-catalog.md
/// § 7.9): `content` (Android writes it always, `""` by default) and the shared `extra` (written
/// when non-null). Canonical order: `content`, then the shared keys.
public struct RealTimeLocationStartMessage: MessageContent {
    public static let objectName = "RC:RLStart"
    public static let persistence = PersistenceFlag.isCounted

    /// Display text of the invitation (`content`).
    public var content: String?
    /// The shared keys (`extra`, `user`, `mentionedInfo`, burn keys), unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a start message.
    public init(content: String? = nil, common: ContentCommon = ContentCommon()) {
        self.content = content
        self.common = common
    }

    static let fields = FieldTable(["content"])

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case 0: content = try d.decodeString()
            default: try common.decode(field: f, of: Self.fields, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("content", content)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
