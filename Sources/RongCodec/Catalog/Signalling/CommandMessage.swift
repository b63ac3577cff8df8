// Sources/RongCodec/Catalog/Signalling/CommandMessage.swift - RC:CmdMsg

/// RC:CmdMsg, a command: an application-defined `name` with a `data` payload (Android
/// `CommandMessage`, Web v2 `CommandMessage`, Java server `CmdMsgMessage`, Go server `CMDMsg`).
///
/// Flag NONE in every source (ANDROID-4.0 `flag = 0`, WEBv2 0, ENGINE neither counted nor
/// persisted). Keys (message-catalog.md § 7.5): `name`, `data`, plus the shared keys (Web v2
/// writes `extra`, Android and Web v2 write `user`). Canonical order: `name`, `data`, then the
/// shared keys.
///
/// `data` is a string in Android, the Java and Go server SDKs and DOCS (the official callback
/// example holds escaped JSON in it); Web v2 parses a JSON string into an object and sends the
/// object. RongWire's canonical form is the string, and an object or array is kept as its
/// canonical JSON text (``Leniency/objectAsString``; open decision 9, option b). The Go server
/// SDK's objectName `RC:CMDMsg` decodes as this type (``BuiltInCatalog/aliases``).
public struct CommandMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:CmdMsg"
    public static let persistence = PersistenceFlag.none

    /// The command name (`name`). Android writes it always, the Go SDK too; optional on decode.
    public var name: String?
    /// The command payload, usually JSON text (`data`). Android omits it when empty.
    public var data: String?
    /// The shared keys (`extra`, `user`, `mentionedInfo`, burn keys), unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a command message.
    public init(name: String? = nil, data: String? = nil, common: ContentCommon = ContentCommon()) {
        self.name = name
        self.data = data
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case name, data }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.name): name = try d.decodeString()
            case .own(.data): data = try d.decodeStringOrJSONText()
            case .shared(let key): try common.decode(key, from: &d)
            }
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
