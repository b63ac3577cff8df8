// Sources/RongCodec/Catalog/Chatroom/ChatroomSyncMessage.swift - RC:ChrmSyncMsg

/// RC:ChrmSyncMsg, the server's notice that the user's chatroom state changed on another device
/// (joined or left; Android `ChatRoomSyncMessage`, an unattributed public SDK copy of IMLib 5.x).
///
/// Flag NONE and a command: RUST registry (official-sdks.md § 1). Contradiction: that Android copy
/// registers it STATUS (16); the kit follows RUST (spec CONTENT-CHRMSYNC-001,
/// `spec/decisions.md`). Keys: `status`, `reason` (official-sdks.md § 2) and, from Android's
/// encoder, `chatroomId` (string, written when non-empty) and `time` (integer ms, written
/// always). Android writes `chatroomId`, `time`, `status`, `reason`; canonical order is the same,
/// then the shared keys (spec CONTENT-CHRMSYNC-*).
public struct ChatroomSyncMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:ChrmSyncMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

    /// The chatroom (`chatroomId`).
    public var chatroomId: String?
    /// When the change happened, ms (`time`).
    public var time: Int64?
    /// The new state (`status`).
    public var status: Int?
    /// Why it changed (`reason`).
    public var reason: Int?
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a chatroom sync notice.
    public init(chatroomId: String? = nil, time: Int64? = nil, status: Int? = nil, reason: Int? = nil, common: ContentCommon = ContentCommon()) {
        self.chatroomId = chatroomId
        self.time = time
        self.status = status
        self.reason = reason
        self.common = common
    }

    /// Every key the type reads, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case chatroomId, time, status, reason }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.chatroomId): chatroomId = try d.decodeString()
            case .own(.time): time = try d.decodeInt64()
            case .own(.status): status = try d.decodeInt()
            case .own(.reason): reason = try d.decodeInt()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("chatroomId", chatroomId)
        w.field("time", time)
        try w.field("status", status)
        try w.field("reason", reason)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
