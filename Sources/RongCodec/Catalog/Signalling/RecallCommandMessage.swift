// Sources/RongCodec/Catalog/Signalling/RecallCommandMessage.swift - RC:RcCmd

/// RC:RcCmd, the recall command (Android `RecallCommandMessage`, Java server `RcCmdMessage`).
///
/// Flag: **sources disagree** (Android 0, Web v2 1, ENGINE persisted); RongWire uses
/// ISPERSISTED, following the Web SDKs and ENGINE, so the recall reaches history and other
/// devices (spec CONTENT-RCCMD-001). Keys (message-catalog.md § 7.1): `messageUId` (required),
/// `conversationType` (number, or numeric string from the Java server SDK), `targetId`,
/// `sentTime` (number or numeric string), `isAdmin`, `isDelete` (booleans, or 0/1 from the
/// Java server SDK). The callback documentation's capitalised keys (`MessageUId`,
/// `ConversationType`, `TargetId`, `SentTime`) are accepted as aliases.
public struct RecallCommandMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:RcCmd"
    public static let persistence = PersistenceFlag.isPersisted

    /// UID of the recalled message (`messageUId`, required).
    public var messageUId: String
    /// Conversation type of the recalled message (`conversationType`).
    public var conversationType: Int?
    /// Conversation target (`targetId`).
    public var targetId: String?
    /// Sent time of the recalled message, ms (`sentTime`).
    public var sentTime: Int64?
    /// Recalled by an administrator (`isAdmin`).
    public var isAdmin: Bool?
    /// Delete instead of leaving a recall notice (`isDelete`).
    public var isDelete: Bool?
    public var common = ContentCommon()

    /// Creates a recall command.
    public init(
        messageUId: String, conversationType: Int? = nil, targetId: String? = nil, sentTime: Int64? = nil,
        isAdmin: Bool? = nil, isDelete: Bool? = nil, common: ContentCommon = ContentCommon()
    ) {
        self.messageUId = messageUId
        self.conversationType = conversationType
        self.targetId = targetId
        self.sentTime = sentTime
        self.isAdmin = isAdmin
        self.isDelete = isDelete
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey {
        case messageUId, conversationType, targetId, sentTime, isAdmin, isDelete, capitalisedMessageUId = "MessageUId",
            capitalisedConversationType = "ConversationType", capitalisedTargetId = "TargetId",
            capitalisedSentTime = "SentTime"
    }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        let start = d.offset
        var uid: String?
        // Capitalised aliases, resolved after the loop (the lower-case key wins).
        var aliasUId: String?
        var aliasType: Int?
        var aliasTarget: String?
        var aliasTime: Int64?
        var aliasAt = 0
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.messageUId): uid = try d.decodeString()
            case .own(.conversationType): conversationType = try d.decodeInt(acceptNumericString: true)
            case .own(.targetId): targetId = try d.decodeString()
            case .own(.sentTime): sentTime = try d.decodeInt64(acceptNumericString: true)
            case .own(.isAdmin): isAdmin = try d.decodeBool(acceptZeroOne: true)
            case .own(.isDelete): isDelete = try d.decodeBool(acceptZeroOne: true)
            case .own(.capitalisedMessageUId): aliasAt = r.keyOffset; aliasUId = try d.decodeString()
            case .own(.capitalisedConversationType): aliasAt = r.keyOffset; aliasType = try d.decodeInt(acceptNumericString: true)
            case .own(.capitalisedTargetId): aliasAt = r.keyOffset; aliasTarget = try d.decodeString()
            case .own(.capitalisedSentTime): aliasAt = r.keyOffset; aliasTime = try d.decodeInt64(acceptNumericString: true)
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        // An alias counts as a leniency only when its value is used; a losing alias is kept as
        // an unknown key, so the canonical form stays normalized.
        let usedAlias = [
            d.adoptAlias(aliasUId, into: &uid, key: "MessageUId", json: JSONValue.string, in: &r),
            d.adoptAlias(aliasType, into: &conversationType, key: "ConversationType", json: { .number(JSONNumber($0)) }, in: &r),
            d.adoptAlias(aliasTarget, into: &targetId, key: "TargetId", json: JSONValue.string, in: &r),
            d.adoptAlias(aliasTime, into: &sentTime, key: "SentTime", json: { .number(JSONNumber($0)) }, in: &r),
        ].contains(true)
        if usedAlias { try d.noteLeniency(.capitalisedKeys, at: aliasAt) }
        guard let uid else {
            throw CodecError(.missingRequiredField, "RC:RcCmd requires messageUId", offset: start)
        }
        messageUId = uid
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("messageUId", messageUId)
        try w.field("conversationType", conversationType)
        w.field("targetId", targetId)
        w.field("sentTime", sentTime)
        w.field("isAdmin", isAdmin)
        w.field("isDelete", isDelete)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
