// Sources/RongCodec/Catalog/Notification/ProfileNotificationMessage.swift - RC:ProfileNtf

/// RC:ProfileNtf, a profile-change notification (iOS `RCProfileNotificationMessage`, WEBv2
/// `ProfileNotificationMessage`, Java server `ProfileNtfMessage`).
///
/// Flag ISPERSISTED (ANDROID-4.0 1, WEBv2 1, ENGINE persisted). Keys (message-catalog.md § 6.5):
/// `operation` (string), `data` (string in ANDROID-4.0, JAVA-SRV, GO-SRV and GO-FL; WEBv2 parses
/// a JSON string into an object and re-encodes the object). RongWire's canonical `data` is the
/// string; an object or array is kept as its canonical JSON text (``Leniency/objectAsString``).
/// Canonical order: `operation`, `data`, then the shared keys (spec CONTENT-PROFILENTF-*).
public struct ProfileNotificationMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:ProfileNtf"
    public static let persistence = PersistenceFlag.isPersisted

    /// The profile operation (`operation`).
    public var operation: String?
    /// Operation data, usually JSON text (`data`).
    public var data: String?
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a profile notification.
    public init(operation: String? = nil, data: String? = nil, common: ContentCommon = ContentCommon()) {
        self.operation = operation
        self.data = data
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case operation, data }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.operation): operation = try d.decodeString()
            case .own(.data): data = try d.decodeStringOrJSONText()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("operation", operation)
        w.field("data", data)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
