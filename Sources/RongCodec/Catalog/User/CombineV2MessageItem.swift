// Sources/RongCodec/Catalog/User/CombineV2MessageItem.swift - one forwarded message inside RC:CombineV2Msg

/// One forwarded message of RC:CombineV2Msg's `msgList` (Android `CombineMsgInfo`, written by
/// `CombineV2Message.getJSONMsgList`; the iOS `RCCombineV2Message.h` comment shows the same
/// shape; unattributed public SDK copies).
///
/// Keys: `fromUserId`, `targetId` (strings, written when non-empty), `timestamp` (integer ms,
/// the forwarded message's sent time, written always), `objectName` (string) and `content` (the
/// forwarded content as an object, kept as JSON and not decoded as its type). Other keys are
/// kept in ``unknownFields``. Canonical order: as listed, then the unknown keys
/// (spec CONTENT-COMBINEV2-003).
public struct CombineV2MessageItem: Hashable, Sendable {
    /// Sender of the forwarded message (`fromUserId`).
    public var fromUserId: String?
    /// Conversation target of the forwarded message (`targetId`).
    public var targetId: String?
    /// Sent time of the forwarded message, ms (`timestamp`).
    public var timestamp: Int64?
    /// objectName of the forwarded content (`objectName`).
    public var objectName: String?
    /// The forwarded content's JSON (`content`), kept as received.
    public var content: JSONObject?
    /// Keys this type does not model, in input order.
    public var unknownFields = JSONObject()

    /// Creates an item.
    public init(fromUserId: String? = nil, targetId: String? = nil, timestamp: Int64? = nil, objectName: String? = nil, content: JSONObject? = nil) {
        self.fromUserId = fromUserId
        self.targetId = targetId
        self.timestamp = timestamp
        self.objectName = objectName
        self.content = content
    }

    /// Every key the object reads, in the order the decoder expects them.
    enum Key: String, FieldKey { case fromUserId, targetId, timestamp, objectName, content }
    static let fields = FieldTable(withoutSharedKeys: Key.self)

    /// Decodes a `msgList` array; `null` gives nil.
    static func decodeList(from d: inout ContentDecoder) throws(CodecError) -> [CombineV2MessageItem]? {
        try d.decodeArray { (d: inout ContentDecoder) throws(CodecError) in try decode(from: &d) }
    }

    static func decode(from d: inout ContentDecoder) throws(CodecError) -> CombineV2MessageItem {
        var item = CombineV2MessageItem()
        var r = try d.beginObject(fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .fromUserId: item.fromUserId = try d.decodeString()
            case .targetId: item.targetId = try d.decodeString()
            case .timestamp: item.timestamp = try d.decodeInt64()
            case .objectName: item.objectName = try d.decodeString()
            case .content: item.content = try d.decodeObject()
            }
        }
        item.unknownFields = r.unknownFields
        return item
    }

    /// Writes `"msgList":[...]` when `items` is not nil.
    static func encode(_ items: [CombineV2MessageItem]?, to w: inout JSONWriter) throws(CodecError) {
        guard let items else { return }
        w.key("msgList")
        w.beginArray()
        for item in items {
            w.beginObject()
            w.field("fromUserId", item.fromUserId)
            w.field("targetId", item.targetId)
            w.field("timestamp", item.timestamp)
            w.field("objectName", item.objectName)
            try w.field("content", item.content)
            try w.unknownMembers(item.unknownFields, of: fields)
            w.endObject()
        }
        w.endArray()
    }
}
