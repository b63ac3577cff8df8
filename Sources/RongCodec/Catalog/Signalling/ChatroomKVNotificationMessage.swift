// Sources/RongCodec/Catalog/Signalling/ChatroomKVNotificationMessage.swift - RC:chrmKVNotiMsg

/// RC:chrmKVNotiMsg, the notification of a chatroom KV entry being set or removed (iOS
/// `RCChatroomKVNotificationMessage`, Android `ChatRoomKVNotiMessage`; 000:12315-12461).
///
/// Flag NONE (ANDROID-4.0 0, WEBv2 0, ENGINE neither counted nor persisted). Keys
/// (message-catalog.md § 7.6): `key`, `value`, `type` (1 = set or update, 2 = delete; ENGINE
/// `ChatroomEntryType`), plus the shared keys (Flutter also writes `user` as `{}` and
/// `mentionedInfo`). Canonical order: `key`, `value`, `type`, then the shared keys.
///
/// `extra` is a string everywhere except the third-party Go SDK (GO-FL), which sends a
/// `map[string]string` object; the object is kept as its canonical JSON text in ``extra``
/// (``Leniency/objectAsString``; open decision 9, option b). The Go server SDK's objectName
/// `RC:ChrmKVNotiMsg` decodes as this type (``BuiltInCatalog/aliases``).
public struct ChatroomKVNotificationMessage: MessageContent {
    public static let objectName = "RC:chrmKVNotiMsg"
    public static let persistence = PersistenceFlag.none

    /// The entry key (`key`). The Go SDK omits it when empty.
    public var key: String?
    /// The entry value (`value`). The Go SDK omits it when empty; absent for deletions.
    public var value: String?
    /// The operation (`type`): 1 set or update, 2 delete. Other integers are kept as sent.
    public var type: Int?
    /// The shared keys (`extra`, `user`, `mentionedInfo`, burn keys), unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a chatroom KV notification.
    public init(key: String? = nil, value: String? = nil, type: Int? = nil, common: ContentCommon = ContentCommon()) {
        self.key = key
        self.value = value
        self.type = type
        self.common = common
    }

    static let fields = FieldTable(["key", "value", "type"])
    /// Field number of the shared key `extra`, decoded here because GO-FL sends an object.
    private static let extraField = fields.index(of: "extra")!

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case 0: key = try d.decodeString()
            case 1: value = try d.decodeString()
            case 2: type = try d.decodeInt()
            case Self.extraField: common.extra = try d.decodeStringOrJSONText()
            default: try common.decode(field: f, of: Self.fields, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("key", key)
        w.field("value", value)
        try w.field("type", type)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
