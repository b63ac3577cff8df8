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
public struct ChatroomKVNotificationMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:chrmKVNotiMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

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

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case key, value, type }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.key): key = try d.decodeString()
            case .own(.value): value = try d.decodeString()
            case .own(.type): type = try d.decodeInt()
            // The shared key `extra` is decoded here: GO-FL sends an object.
            case .shared(.extra): common.extra = try d.decodeStringOrJSONText()
            case .shared(let key): try common.decode(key, from: &d)
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
