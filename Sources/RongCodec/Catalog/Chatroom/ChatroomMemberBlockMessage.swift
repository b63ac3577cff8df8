// Sources/RongCodec/Catalog/Chatroom/ChatroomMemberBlockMessage.swift - RC:ChrmBlockMsg

/// RC:ChrmBlockMsg, the server's notice that members were blocked from (or unblocked in) a
/// chatroom (Android `ChatRoomMemberBlockMessage`, an unattributed public SDK copy of IMLib 5.x).
///
/// Flag NONE and a command: RUST registry (official-sdks.md § 1). Contradiction: that Android copy
/// registers it STATUS (16); the kit follows RUST (spec CONTENT-CHRMBLOCK-001,
/// `spec/decisions.md`). Keys (official-sdks.md § 2 names `chatroomId`, `operateType`,
/// `durationTime`, `operateTime` for the chatroom notices; Android writes these and `userList`):
/// `chatroomId` (string), `operateType` (integer), `operateTime` (integer ms), `durationTime`
/// (integer), `userList` (array of strings: the members concerned). Canonical order as Android
/// writes them: `chatroomId`, `operateType`, `operateTime`, `durationTime`, `userList`, then the
/// shared keys (spec CONTENT-CHRMBLOCK-*).
public struct ChatroomMemberBlockMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:ChrmBlockMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

    /// The chatroom (`chatroomId`).
    public var chatroomId: String?
    /// What was done (`operateType`).
    public var operateType: Int?
    /// When, ms (`operateTime`).
    public var operateTime: Int64?
    /// For how long (`durationTime`).
    public var durationTime: Int64?
    /// The members concerned (`userList`).
    public var userList: [String]?
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a block notice.
    public init(
        chatroomId: String? = nil, operateType: Int? = nil, operateTime: Int64? = nil, durationTime: Int64? = nil,
        userList: [String]? = nil, common: ContentCommon = ContentCommon()
    ) {
        self.chatroomId = chatroomId
        self.operateType = operateType
        self.operateTime = operateTime
        self.durationTime = durationTime
        self.userList = userList
        self.common = common
    }

    /// Every key the type reads, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case chatroomId, operateType, operateTime, durationTime, userList }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.chatroomId): chatroomId = try d.decodeString()
            case .own(.operateType): operateType = try d.decodeInt()
            case .own(.operateTime): operateTime = try d.decodeInt64()
            case .own(.durationTime): durationTime = try d.decodeInt64()
            case .own(.userList): userList = try d.decodeStringArray()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("chatroomId", chatroomId)
        try w.field("operateType", operateType)
        w.field("operateTime", operateTime)
        w.field("durationTime", durationTime)
        w.field("userList", userList)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
