// Sources/RongCodec/Catalog/Chatroom/ChatroomMemberChangeMessage.swift - RC:ChrmMemChange

/// RC:ChrmMemChange, the server's notice that members joined or left a chatroom (Android
/// `ChatRoomMemberActionMessage`, an unattributed public SDK copy of IMLib 5.x; ENGINE-LATE calls
/// it `CHATROOM_MERGE_CHANGE`).
///
/// Flag NONE and a command: RUST registry (official-sdks.md § 1). Contradiction: that Android copy
/// and a Unity wrapper register it STATUS (16); the kit follows RUST (spec CONTENT-CHRMMEM-001,
/// `spec/decisions.md`). Keys (official-sdks.md § 2: "`memberCount` and a member list of
/// `{userId, …}`"; the list's key from Android): `userList` (array of
/// ``ChatroomMemberAction``), `memberCount` (integer, the room's member count after the change).
/// Canonical order: `userList`, `memberCount`, then the shared keys (spec CONTENT-CHRMMEM-*).
public struct ChatroomMemberChangeMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:ChrmMemChange"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

    /// Who joined or left (`userList`).
    public var userList: [ChatroomMemberAction]?
    /// Members in the room after the change (`memberCount`).
    public var memberCount: Int?
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a member-change notice.
    public init(userList: [ChatroomMemberAction]? = nil, memberCount: Int? = nil, common: ContentCommon = ContentCommon()) {
        self.userList = userList
        self.memberCount = memberCount
        self.common = common
    }

    /// Every key the type reads, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case userList, memberCount }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.userList): userList = try d.decodeArray { (d: inout ContentDecoder) throws(CodecError) in try ChatroomMemberAction.decode(from: &d) }
            case .own(.memberCount): memberCount = try d.decodeInt(range: Domain.nonNegativeInt32)
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        if let userList {
            w.key("userList")
            w.beginArray()
            for a in userList {
                w.beginObject()
                w.field("userId", a.userId)
                try w.field("status", a.status)
                w.field("extra", a.extra)
                try w.unknownMembers(a.unknownFields, of: ChatroomMemberAction.fields)
                w.endObject()
            }
            w.endArray()
        }
        try w.field("memberCount", memberCount, in: Domain.nonNegativeInt32)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}

/// One member of RC:ChrmMemChange's `userList`: `userId`, `status` (integer, Android
/// `ChatRoomMemberActionType`: what the member did; Android writes it always) and `extra`
/// (string; read by Android's decoder, not written by its encoder). Other keys are kept in
/// ``unknownFields``. Canonical order: `userId`, `status`, `extra`, then the unknown keys.
public struct ChatroomMemberAction: Hashable, Sendable {
    /// The member (`userId`).
    public var userId: String?
    /// What the member did (`status`), as Android's `ChatRoomMemberActionType` numbers it.
    public var status: Int?
    /// Free text attached to the action (`extra`).
    public var extra: String?
    /// Keys this type does not model, in input order.
    public var unknownFields = JSONObject()

    /// Creates a member action.
    public init(userId: String? = nil, status: Int? = nil, extra: String? = nil) {
        self.userId = userId
        self.status = status
        self.extra = extra
    }

    /// Every key the object reads, in the order the decoder expects them.
    enum Key: String, FieldKey { case userId, status, extra }
    static let fields = FieldTable(withoutSharedKeys: Key.self)

    static func decode(from d: inout ContentDecoder) throws(CodecError) -> ChatroomMemberAction {
        var a = ChatroomMemberAction()
        var r = try d.beginObject(fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .userId: a.userId = try d.decodeString()
            case .status: a.status = try d.decodeInt()
            case .extra: a.extra = try d.decodeString()
            }
        }
        a.unknownFields = r.unknownFields
        return a
    }
}
