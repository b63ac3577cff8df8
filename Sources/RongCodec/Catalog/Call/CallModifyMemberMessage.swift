// Sources/RongCodec/Catalog/Call/CallModifyMemberMessage.swift - RC:VCModifyMem

/// RC:VCModifyMem, members are added to a running call (WEBv2 `MemberModifyMessage`, Android
/// call kit `CallModifyMemberMessage`, GO-FL `VCModifyMem`).
///
/// Flag NONE (WEBv2 `MessageTag(false, false)`, ENGINE neither counted nor persisted, and the
/// IMKit 2.7.2 call kit's `flag=0`, an unattributed public SDK copy). Keys (message-catalog.md
/// § 8, WEBv2): `modifyMemType`, `callId`, `caller`, `engineType`, `channelInfo`, `mediaType`,
/// `extra` (the shared key), `inviteUserIds`, `existedMemberStatusList`, `existedUserPofiles`
/// (sic, the key as every SDK spells it), `observerUserIds`, `mode`, `subInfo`.
///
/// The member list of the call travels as `existedUserPofiles` from the mobile SDKs (Android
/// writes objects with `userId`, `mediaId`, `mediaType`, `callStatus`) and as
/// `existedMemberStatusList` from the Web SDK; Web desktop clients copy one into the other. Both
/// are kept as separate arrays with open element shapes (WEBv2 declares `string[]`, the clients
/// read objects). The Android call kit also writes `inviter` and `channelId`, and GO-FL
/// `modifyMemIds`; those stay unknown keys. Canonical order: the keys above without `extra`,
/// then the shared keys.
public struct CallModifyMemberMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:VCModifyMem"
    public static let persistence = PersistenceFlag.none

    /// Kind of change (`modifyMemType`, an integer enum of the call SDKs).
    public var modifyMemType: Int?
    /// The call (`callId`).
    public var callId: String?
    /// Who started the call (`caller`).
    public var caller: String?
    /// Media engine (`engineType`).
    public var engineType: Int?
    /// Engine channel data (`channelInfo`), kept as any JSON object.
    public var channelInfo: JSONObject?
    /// 1 audio, 2 video (`mediaType`; `"audio"`/`"video"` accepted on decode).
    public var mediaType: Int?
    /// Newly invited users (`inviteUserIds`).
    public var inviteUserIds: [String]?
    /// Members already in the call, Web spelling (`existedMemberStatusList`).
    public var existedMemberStatusList: [JSONValue]?
    /// Members already in the call, mobile spelling (`existedUserPofiles`, sic).
    public var existedUserPofiles: [JSONValue]?
    /// Users invited as observers (`observerUserIds`).
    public var observerUserIds: [String]?
    /// Call mode (`mode`, an integer in WEBv2; values not documented).
    public var mode: Int?
    /// Engine-specific subscription info (`subInfo`), kept as any JSON value.
    public var subInfo: JSONValue?
    /// The shared keys (`extra`, `user`, `mentionedInfo`, burn keys), unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a member-change message.
    public init(
        modifyMemType: Int? = nil, callId: String? = nil, caller: String? = nil, engineType: Int? = nil,
        channelInfo: JSONObject? = nil, mediaType: Int? = nil, inviteUserIds: [String]? = nil,
        existedMemberStatusList: [JSONValue]? = nil, existedUserPofiles: [JSONValue]? = nil,
        observerUserIds: [String]? = nil, mode: Int? = nil, subInfo: JSONValue? = nil,
        common: ContentCommon = ContentCommon()
    ) {
        self.modifyMemType = modifyMemType
        self.callId = callId
        self.caller = caller
        self.engineType = engineType
        self.channelInfo = channelInfo
        self.mediaType = mediaType
        self.inviteUserIds = inviteUserIds
        self.existedMemberStatusList = existedMemberStatusList
        self.existedUserPofiles = existedUserPofiles
        self.observerUserIds = observerUserIds
        self.mode = mode
        self.subInfo = subInfo
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey {
        case modifyMemType, callId, caller, engineType, channelInfo, mediaType, inviteUserIds, existedMemberStatusList,
            existedUserPofiles, observerUserIds, mode, subInfo
    }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.modifyMemType): modifyMemType = try d.decodeInt()
            case .own(.callId): callId = try d.decodeString()
            case .own(.caller): caller = try d.decodeString()
            case .own(.engineType): engineType = try d.decodeInt()
            case .own(.channelInfo): channelInfo = try d.decodeObject()
            case .own(.mediaType): mediaType = try d.decodeCallMediaType()
            case .own(.inviteUserIds): inviteUserIds = try d.decodeStringArray()
            case .own(.existedMemberStatusList): existedMemberStatusList = try d.decodeOpenArray()
            case .own(.existedUserPofiles): existedUserPofiles = try d.decodeOpenArray()
            case .own(.observerUserIds): observerUserIds = try d.decodeStringArray()
            case .own(.mode): mode = try d.decodeInt()
            case .own(.subInfo): subInfo = try d.decodeOpenValue()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        try w.field("modifyMemType", modifyMemType)
        w.field("callId", callId)
        w.field("caller", caller)
        try w.field("engineType", engineType)
        try w.field("channelInfo", channelInfo)
        try w.field("mediaType", mediaType)
        w.field("inviteUserIds", inviteUserIds)
        try w.field("existedMemberStatusList", existedMemberStatusList.map { JSONValue.array($0) })
        try w.field("existedUserPofiles", existedUserPofiles.map { JSONValue.array($0) })
        w.field("observerUserIds", observerUserIds)
        try w.field("mode", mode)
        try w.field("subInfo", subInfo)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
