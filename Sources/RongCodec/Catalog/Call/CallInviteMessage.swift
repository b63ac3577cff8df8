// Sources/RongCodec/Catalog/Call/CallInviteMessage.swift - RC:VCInvite

/// RC:VCInvite, the caller invites users into a call (WEBv2 `InviteMessage`, Android call kit
/// `CallInviteMessage`, GO-FL `VCInvite`).
///
/// Flag NONE (WEBv2 `MessageTag(false, false)`, ENGINE neither counted nor persisted, and the
/// IMKit 2.7.2 call kit's `flag=0`, an unattributed public SDK copy). Keys (message-catalog.md
/// § 8, WEBv2): `mediaId`, `callId`, `engineType`, `channelInfo`, `mediaType`, `extra` (the
/// shared key), `inviteUserIds`, `observerUserIds`, `mode`, `subInfo`. The Android call kit also
/// writes `channelId` (a copy of `callId`), kept as an unknown key; GO-FL sends `callId`,
/// `mediaType` as `"audio"`/`"video"` and `extra`. Canonical order: `mediaId`, `callId`,
/// `engineType`, `channelInfo`, `mediaType`, `inviteUserIds`, `observerUserIds`, `mode`,
/// `subInfo`, then the shared keys.
public struct CallInviteMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:VCInvite"
    public static let persistence = PersistenceFlag.none

    /// The caller's media stream id (`mediaId`).
    public var mediaId: String?
    /// The call (`callId`).
    public var callId: String?
    /// Media engine (`engineType`, an integer enum of the call SDKs).
    public var engineType: Int?
    /// Engine channel data (`channelInfo`, WEBv2 `ChannelInfo`), kept as any JSON object.
    public var channelInfo: JSONObject?
    /// 1 audio, 2 video (`mediaType`; `"audio"`/`"video"` accepted on decode).
    public var mediaType: Int?
    /// Invited users (`inviteUserIds`).
    public var inviteUserIds: [String]?
    /// Users invited as observers (`observerUserIds`).
    public var observerUserIds: [String]?
    /// Call mode (`mode`, an integer in WEBv2; values not documented).
    public var mode: Int?
    /// Engine-specific subscription info (`subInfo`), kept as any JSON value.
    public var subInfo: JSONValue?
    /// The shared keys (`extra`, `user`, `mentionedInfo`, burn keys), unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates an invitation.
    public init(
        mediaId: String? = nil, callId: String? = nil, engineType: Int? = nil, channelInfo: JSONObject? = nil,
        mediaType: Int? = nil, inviteUserIds: [String]? = nil, observerUserIds: [String]? = nil,
        mode: Int? = nil, subInfo: JSONValue? = nil, common: ContentCommon = ContentCommon()
    ) {
        self.mediaId = mediaId
        self.callId = callId
        self.engineType = engineType
        self.channelInfo = channelInfo
        self.mediaType = mediaType
        self.inviteUserIds = inviteUserIds
        self.observerUserIds = observerUserIds
        self.mode = mode
        self.subInfo = subInfo
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey {
        case mediaId, callId, engineType, channelInfo, mediaType, inviteUserIds, observerUserIds, mode, subInfo
    }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.mediaId): mediaId = try d.decodeString()
            case .own(.callId): callId = try d.decodeString()
            case .own(.engineType): engineType = try d.decodeInt()
            case .own(.channelInfo): channelInfo = try d.decodeObject()
            case .own(.mediaType): mediaType = try d.decodeCallMediaType()
            case .own(.inviteUserIds): inviteUserIds = try d.decodeStringArray()
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
        w.field("mediaId", mediaId)
        w.field("callId", callId)
        try w.field("engineType", engineType)
        try w.field("channelInfo", channelInfo)
        try w.field("mediaType", mediaType)
        w.field("inviteUserIds", inviteUserIds)
        w.field("observerUserIds", observerUserIds)
        try w.field("mode", mode)
        try w.field("subInfo", subInfo)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
