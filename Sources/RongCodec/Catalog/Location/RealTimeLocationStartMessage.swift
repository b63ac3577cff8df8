// Sources/RongCodec/Catalog/Location/RealTimeLocationStartMessage.swift - RC:RLStart

/// RC:RLStart, the invitation that starts real-time location sharing (ANDROID-4.0
/// `RealTimeLocationStartMessage`; the objectNames are in 000:3661).
///
/// Flag ISCOUNTED (ANDROID-4.0 `flag = 3`; the only source that registers it): the start is a
/// visible, counted message, unlike RC:RLJoin, RC:RLQuit and RC:RL. Keys (message-catalog.md
/// § 7.9): `content` (Android writes it always, `""` by default) and the shared `extra` (written
/// when non-null). Canonical order: `content`, then the shared keys.
public struct RealTimeLocationStartMessage: MessageContent, DeclaresFieldTable {
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

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case content }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.content): content = try d.decodeString()
            case .shared(let key): try common.decode(key, from: &d)
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
