// Sources/RongCodec/Catalog/Signalling/MessageExpansionMessage.swift - RC:MsgExMsg

/// RC:MsgExMsg, the signalling message the SDK sends for every update or removal of a message
/// expansion (000:9247, 14657; message-catalog.md § 7.2; protocol-rules.md § 11.1).
///
/// Flag NONE: ENGINE registers it neither counted nor persisted, and a decompiled Android IMLib
/// 5.x `MessageExpansionMessage` (an unattributed public SDK copy) has `flag = 0`; Android 4.0
/// and Web v2 do not register it.
///
/// Two shapes travel under this name and both are accepted (open decision 12, option b):
/// - the client form (ENGINE about line 7556; 000:16383 shows `mid` and `put`): `mid` (UID of
///   the expanded message), `put` (key → string value), `del` (removed keys), `removeAll`
///   (1 = every key removed). The Android 5.x copy writes `clear` (0/1) instead of `removeAll`;
///   the two are different keys and both are kept as sent.
/// - the server-callback form (GO-FL `MsgExMsg`): `messageUId` and `extraKey` (key → string).
///
/// At least one of `mid` and `messageUId` is required. Send-side limits (key ≤ 32 characters of
/// `[A-Za-z0-9_=+-]`, value ≤ 64 or 4096, ≤ 20 keys per call) are not checked on decode.
/// Canonical order: `mid`, `put`, `del`, `removeAll`, `clear`, `messageUId`, `extraKey`, then
/// the shared keys.
public struct MessageExpansionMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:MsgExMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

    /// UID of the expanded message, client form (`mid`).
    public var mid: String?
    /// Keys set or updated, client form (`put`).
    public var put: ExpansionMap?
    /// Keys removed, client form (`del`).
    public var del: [String]?
    /// 1 when every key was removed, ENGINE spelling (`removeAll`).
    public var removeAll: Int?
    /// 1 when every key was removed, 0 otherwise, Android 5.x spelling (`clear`).
    public var clear: Int?
    /// UID of the expanded message, server-callback form (`messageUId`).
    public var messageUId: String?
    /// The expansion pairs, server-callback form (`extraKey`).
    public var extraKey: ExpansionMap?
    /// The shared keys (`extra`, `user`, `mentionedInfo`, burn keys), unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates an expansion message; set `mid` or `messageUId`.
    public init(
        mid: String? = nil, put: ExpansionMap? = nil, del: [String]? = nil, removeAll: Int? = nil,
        clear: Int? = nil, messageUId: String? = nil, extraKey: ExpansionMap? = nil,
        common: ContentCommon = ContentCommon()
    ) {
        self.mid = mid
        self.put = put
        self.del = del
        self.removeAll = removeAll
        self.clear = clear
        self.messageUId = messageUId
        self.extraKey = extraKey
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case mid, put, del, removeAll, clear, messageUId, extraKey }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        let start = d.offset
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.mid): mid = try d.decodeString()
            case .own(.put): put = try ExpansionMap.decode(from: &d)
            case .own(.del): del = try d.decodeStringArray()
            case .own(.removeAll): removeAll = try d.decodeInt(range: Domain.zeroOrOne)
            case .own(.clear): clear = try d.decodeInt(range: Domain.zeroOrOne)
            case .own(.messageUId): messageUId = try d.decodeString()
            case .own(.extraKey): extraKey = try ExpansionMap.decode(from: &d)
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        try Self.requireTarget(mid, messageUId, at: start)
        common.finish(r, d)
    }

    /// Without the expanded message's UID the receiver cannot apply the change: one of `mid` and
    /// `messageUId` is required (the rule for decode and encode).
    private static func requireTarget(_ mid: String?, _ messageUId: String?, at offset: Int) throws(CodecError) {
        guard mid != nil || messageUId != nil else {
            throw CodecError(.missingRequiredField, "RC:MsgExMsg requires mid or messageUId", offset: offset)
        }
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        try Self.requireTarget(mid, messageUId, at: w.bytes.count)
        w.beginObject()
        w.field("mid", mid)
        if let put {
            w.key("put")
            put.encode(to: &w)
        }
        w.field("del", del)
        try w.field("removeAll", removeAll, in: Domain.zeroOrOne)
        try w.field("clear", clear, in: Domain.zeroOrOne)
        w.field("messageUId", messageUId)
        if let extraKey {
            w.key("extraKey")
            extraKey.encode(to: &w)
        }
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
