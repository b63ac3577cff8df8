// Sources/RongCodec/Catalog/Notification/CommandNotificationMessage.swift - RC:CmdNtf

/// RC:CmdNtf, a command shown as a notification (iOS `RCCommandNotificationMessage`, WEBv2
/// `CommandNotificationMessage`, Java server `CmdNtfMessage`, Go server `CMDNtf`).
///
/// Flag ISPERSISTED (ANDROID-4.0 1, WEBv2 1, ENGINE persisted; the iOS header says "stored, not
/// counted"). Keys (message-catalog.md § 7.5): `name` (string), `data` (string, often JSON text;
/// WEBv2 parses a JSON string into an object and re-encodes the object, so an object or array is
/// accepted and kept as its canonical JSON text, ``Leniency/objectAsString``). GO-SRV serialises
/// the name under `operation` (and sends the objectName `RC:CMDNtf`); `operation` is read as an
/// alias of `name` (``Leniency/operationForName``), and when both are present `name` wins and
/// `operation` stays an unknown key. Canonical order: `name`, `data`, then the shared keys
/// (spec CONTENT-CMDNTF-*).
public struct CommandNotificationMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:CmdNtf"
    public static let persistence = PersistenceFlag.isPersisted

    /// The command name (`name`; GO-SRV writes `operation`).
    public var name: String?
    /// Command data, usually JSON text (`data`).
    public var data: String?
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a command notification.
    public init(name: String? = nil, data: String? = nil, common: ContentCommon = ContentCommon()) {
        self.name = name
        self.data = data
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case name, data, operation }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var operation: String?
        var operationAt = 0
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.name): name = try d.decodeString()
            case .own(.data): data = try d.decodeStringOrJSONText()
            case .own(.operation):
                operationAt = r.keyOffset
                operation = try d.decodeString()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        if d.adoptAlias(operation, into: &name, key: "operation", json: JSONValue.string, in: &r) {
            try d.noteLeniency(.operationForName, at: operationAt)
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("name", name)
        w.field("data", data)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
