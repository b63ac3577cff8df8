// Sources/RongCodec/Catalog/Notification/HistoryDividerMessage.swift - RC:HDiv

/// RC:HDiv, the divider a client shows between new and older messages (Android
/// `HistoryDividerMessage`).
///
/// Flag NONE: RUST registry 0 (official-sdks.md § 1), ANDROID-4.0 0 (message-catalog.md § 4.3);
/// not a command in RUST. Keys (ANDROID-4.0, message-catalog.md § 9): `content` (the divider's
/// text), plus the shared `user`. Canonical order: `content`, then the shared keys
/// (spec CONTENT-HDIV-*).
public struct HistoryDividerMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:HDiv"
    public static let persistence = PersistenceFlag.none

    /// The divider's text (`content`).
    public var content: String?
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a history divider.
    public init(content: String? = nil, common: ContentCommon = ContentCommon()) {
        self.content = content
        self.common = common
    }

    /// Every key the type reads, in the order the decoder expects them; the shared keys follow.
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
