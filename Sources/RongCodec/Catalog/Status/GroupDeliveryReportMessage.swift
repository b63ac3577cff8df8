// Sources/RongCodec/Catalog/Status/GroupDeliveryReportMessage.swift - RC:DRMsg

/// RC:DRMsg, the server's delivery counts for group messages (Android
/// `GroupDeliverReportMessage`, an unattributed public SDK copy of IMLib 5.x).
///
/// Flag NONE and a command: RUST registry (official-sdks.md § 1); Android `flag = 0`. Keys, as
/// Android writes and reads them: `tmn` (integer, the group's member count) and `dl` (array of
/// ``GroupDeliveryCount``: per message, how many members it reached). Canonical order: `tmn`,
/// `dl`, then the shared keys (spec CONTENT-DRMSG-*).
public struct GroupDeliveryReportMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:DRMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

    /// Number of members in the group (`tmn`).
    public var tmn: Int?
    /// Delivery count per message (`dl`).
    public var dl: [GroupDeliveryCount]?
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a group delivery report.
    public init(tmn: Int? = nil, dl: [GroupDeliveryCount]? = nil, common: ContentCommon = ContentCommon()) {
        self.tmn = tmn
        self.dl = dl
        self.common = common
    }

    /// Every key the type reads, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case tmn, dl }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.tmn): tmn = try d.decodeInt(range: Domain.nonNegativeInt32)
            case .own(.dl): dl = try d.decodeArray { (d: inout ContentDecoder) throws(CodecError) in try GroupDeliveryCount.decode(from: &d) }
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        try w.field("tmn", tmn, in: Domain.nonNegativeInt32)
        if let dl {
            w.key("dl")
            w.beginArray()
            for c in dl {
                w.beginObject()
                w.field("msgId", c.msgId)
                try w.field("drn", c.drn, in: Domain.nonNegativeInt32)
                try w.unknownMembers(c.unknownFields, of: GroupDeliveryCount.fields)
                w.endObject()
            }
            w.endArray()
        }
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}

/// One element of RC:DRMsg's `dl`: `msgId` (the message's UID) and `drn` (integer, how many members
/// it reached). Other keys are kept in ``unknownFields``. Canonical order: `msgId`, `drn`, then
/// the unknown keys.
public struct GroupDeliveryCount: Hashable, Sendable {
    /// UID of the message (`msgId`).
    public var msgId: String?
    /// Members it was delivered to (`drn`).
    public var drn: Int?
    /// Keys this type does not model, in input order.
    public var unknownFields = JSONObject()

    /// Creates a delivery count.
    public init(msgId: String? = nil, drn: Int? = nil) {
        self.msgId = msgId
        self.drn = drn
    }

    /// Every key the object reads, in the order the decoder expects them.
    enum Key: String, FieldKey { case msgId, drn }
    static let fields = FieldTable(withoutSharedKeys: Key.self)

    static func decode(from d: inout ContentDecoder) throws(CodecError) -> GroupDeliveryCount {
        var count = GroupDeliveryCount()
        var r = try d.beginObject(fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .msgId: count.msgId = try d.decodeString()
            case .drn: count.drn = try d.decodeInt(range: Domain.nonNegativeInt32)
            }
        }
        count.unknownFields = r.unknownFields
        return count
    }
}
