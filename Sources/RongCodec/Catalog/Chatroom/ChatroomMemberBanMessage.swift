// Sources/RongCodec/Catalog/Chatroom/ChatroomMemberBanMessage.swift - RC:ChrmBanMsg

/// RC:ChrmBanMsg, the server's notice that members were muted (banned from speaking) in a
/// chatroom, or unmuted.
///
/// Flag NONE and a command: RUST registry (official-sdks.md § 1). Keys: official-sdks.md § 2
/// names `chatroomId`, `operateType`, `durationTime`, `operateTime` (and the shared `extra`) for
/// the chatroom ban, block and KV notices, "which type uses which is not certain"; no public
/// encoder of this type is known. These four are modelled with the types RC:ChrmBlockMsg gives
/// them: `chatroomId` (string), `operateType` (integer), `operateTime` (integer ms),
/// `durationTime` (integer). [I] A member list probably travels too (RC:ChrmBlockMsg's
/// `userList`); no source shows it here, so any other key is kept as an unknown key, untyped,
/// rather than guessed. Canonical order as listed, then the shared keys (spec CONTENT-CHRMBAN-*).
public struct ChatroomMemberBanMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:ChrmBanMsg"
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
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a mute notice.
    public init(
        chatroomId: String? = nil, operateType: Int? = nil, operateTime: Int64? = nil, durationTime: Int64? = nil,
        common: ContentCommon = ContentCommon()
    ) {
        self.chatroomId = chatroomId
        self.operateType = operateType
        self.operateTime = operateTime
        self.durationTime = durationTime
        self.common = common
    }

    /// Every key the type reads, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case chatroomId, operateType, operateTime, durationTime }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.chatroomId): chatroomId = try d.decodeString()
            case .own(.operateType): operateType = try d.decodeInt()
            case .own(.operateTime): operateTime = try d.decodeInt64()
            case .own(.durationTime): durationTime = try d.decodeInt64()
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
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
