// Sources/RongCodec/Catalog/Signalling/RecallCommandMessage.swift - RC:RcCmd

/// RC:RcCmd, the recall command (Android `RecallCommandMessage`, Java server `RcCmdMessage`).
///
/// Flag NONE and a command: RUST registry (official-sdks.md § 1), ANDROID-4.0 `flag = 0`, and
/// what ENGINE 0.1.0 actually sends (`recallMessage` publishes it with `sessionId` 0). WEBv2's
/// table says 1 and ENGINE's send-option table persisted, but neither send path uses them for a
/// recall (spec CONTENT-RCCMD-001, `spec/decisions.md`). Keys (official-sdks.md § 2,
/// message-catalog.md § 7.1): `messageUId` (required), `conversationType` (number, or numeric
/// string from the Java server SDK), `targetId`, `channelId` (the ultragroup channel),
/// `sentTime` (number or numeric string), `isAdmin`, `isDelete` (booleans, or 0/1 from the Java
/// server SDK), `disablePush` (boolean: the recall sends no push). The callback documentation's
/// capitalised keys (`MessageUId`, `ConversationType`, `TargetId`, `ChannelId`, `SentTime`) are
/// accepted as aliases. Canonical order, as RUST lists the keys: `messageUId`,
/// `conversationType`, `targetId`, `channelId`, `sentTime`, `isAdmin`, `isDelete`,
/// `disablePush`, then the shared keys.
public struct RecallCommandMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:RcCmd"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

    /// UID of the recalled message (`messageUId`, required).
    public var messageUId: String
    /// Conversation type of the recalled message (`conversationType`).
    public var conversationType: Int?
    /// Conversation target (`targetId`).
    public var targetId: String?
    /// Ultragroup channel of the recalled message (`channelId`).
    public var channelId: String?
    /// Sent time of the recalled message, ms (`sentTime`).
    public var sentTime: Int64?
    /// Recalled by an administrator (`isAdmin`).
    public var isAdmin: Bool?
    /// Delete instead of leaving a recall notice (`isDelete`).
    public var isDelete: Bool?
    /// The recall sends no push notification (`disablePush`).
    public var disablePush: Bool?
    public var common = ContentCommon()

    /// Creates a recall command.
    public init(
        messageUId: String, conversationType: Int? = nil, targetId: String? = nil, channelId: String? = nil,
        sentTime: Int64? = nil, isAdmin: Bool? = nil, isDelete: Bool? = nil, disablePush: Bool? = nil,
        common: ContentCommon = ContentCommon()
    ) {
        self.messageUId = messageUId
        self.conversationType = conversationType
        self.targetId = targetId
        self.channelId = channelId
        self.sentTime = sentTime
        self.isAdmin = isAdmin
        self.isDelete = isDelete
        self.disablePush = disablePush
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey {
        case messageUId, conversationType, targetId, channelId, sentTime, isAdmin, isDelete, disablePush,
            capitalisedMessageUId = "MessageUId", capitalisedConversationType = "ConversationType",
            capitalisedTargetId = "TargetId", capitalisedChannelId = "ChannelId", capitalisedSentTime = "SentTime"
    }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        let start = d.offset
        var uid: String?
        // Capitalised aliases, resolved after the loop (the lower-case key wins).
        var aliasUId: String?
        var aliasType: Int?
        var aliasTarget: String?
        var aliasChannel: String?
        var aliasTime: Int64?
        var aliasAt = 0
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.messageUId): uid = try d.decodeString()
            case .own(.conversationType): conversationType = try d.decodeInt(acceptNumericString: true)
            case .own(.targetId): targetId = try d.decodeString()
            case .own(.channelId): channelId = try d.decodeString()
            case .own(.sentTime): sentTime = try d.decodeInt64(acceptNumericString: true)
            case .own(.isAdmin): isAdmin = try d.decodeBool(acceptZeroOne: true)
            case .own(.isDelete): isDelete = try d.decodeBool(acceptZeroOne: true)
            case .own(.disablePush): disablePush = try d.decodeBool()
            case .own(.capitalisedMessageUId): aliasAt = r.keyOffset; aliasUId = try d.decodeString()
            case .own(.capitalisedConversationType): aliasAt = r.keyOffset; aliasType = try d.decodeInt(acceptNumericString: true)
            case .own(.capitalisedTargetId): aliasAt = r.keyOffset; aliasTarget = try d.decodeString()
            case .own(.capitalisedChannelId): aliasAt = r.keyOffset; aliasChannel = try d.decodeString()
            case .own(.capitalisedSentTime): aliasAt = r.keyOffset; aliasTime = try d.decodeInt64(acceptNumericString: true)
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        // An alias counts as a leniency only when its value is used; a losing alias is kept as
        // an unknown key, so the canonical form stays normalized.
        // Every alias is settled (no short circuit); no array literal, which costs a malloc per decode.
        var usedAlias = d.adoptAlias(aliasUId, into: &uid, key: "MessageUId", json: JSONValue.string, in: &r)
        if d.adoptAlias(aliasType, into: &conversationType, key: "ConversationType", json: { .number(JSONNumber($0)) }, in: &r) { usedAlias = true }
        if d.adoptAlias(aliasTarget, into: &targetId, key: "TargetId", json: JSONValue.string, in: &r) { usedAlias = true }
        if d.adoptAlias(aliasChannel, into: &channelId, key: "ChannelId", json: JSONValue.string, in: &r) { usedAlias = true }
        if d.adoptAlias(aliasTime, into: &sentTime, key: "SentTime", json: { .number(JSONNumber($0)) }, in: &r) { usedAlias = true }
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
        w.field("channelId", channelId)
        w.field("sentTime", sentTime)
        w.field("isAdmin", isAdmin)
        w.field("isDelete", isDelete)
        w.field("disablePush", disablePush)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
