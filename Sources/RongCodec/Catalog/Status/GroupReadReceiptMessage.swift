// Sources/RongCodec/Catalog/Status/GroupReadReceiptMessage.swift - RC:RRMsg

/// RC:RRMsg, the group read receipt of the second generation ("group read receipt v2"): how many
/// members have read a message.
///
/// Flag NONE and a command: RUST registry (official-sdks.md § 1); ENGINE-LATE registers it
/// neither counted nor persisted. Keys (official-sdks.md § 2): `msgId` (the message's UID),
/// `rrn` (integer, members who read it), `tmn` (integer, members in the group). [I] The integer
/// types follow RC:DRMsg, whose Android decoder reads `tmn` and the per-message count with
/// `optInt`. Canonical order: `msgId`, `rrn`, `tmn`, then the shared keys (spec CONTENT-RRMSG-*).
public struct GroupReadReceiptMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:RRMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

    /// UID of the message (`msgId`).
    public var msgId: String?
    /// Members who have read it (`rrn`).
    public var rrn: Int?
    /// Members in the group (`tmn`).
    public var tmn: Int?
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a group read receipt.
    public init(msgId: String? = nil, rrn: Int? = nil, tmn: Int? = nil, common: ContentCommon = ContentCommon()) {
        self.msgId = msgId
        self.rrn = rrn
        self.tmn = tmn
        self.common = common
    }

    /// Every key the type reads, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case msgId, rrn, tmn }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.msgId): msgId = try d.decodeString()
            case .own(.rrn): rrn = try d.decodeInt(range: Domain.nonNegativeInt32)
            case .own(.tmn): tmn = try d.decodeInt(range: Domain.nonNegativeInt32)
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("msgId", msgId)
        try w.field("rrn", rrn, in: Domain.nonNegativeInt32)
        try w.field("tmn", tmn, in: Domain.nonNegativeInt32)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
