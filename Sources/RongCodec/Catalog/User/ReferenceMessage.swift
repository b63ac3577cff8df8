// Sources/RongCodec/Catalog/User/ReferenceMessage.swift - RC:ReferenceMsg

/// RC:ReferenceMsg, a reply that quotes another message (iOS `RCReferenceMessage`, Android
/// `ReferenceMessage`, FLUTTER `reference_message.dart`).
///
/// Flag ISCOUNTED (ANDROID-4.0 3, ENGINE C P, iOS header "stored and counted"); WEBv2 does not
/// register the type. Keys (message-catalog.md § 5.10): `content` (reply text),
/// `referMsgUserId` (sender of the quoted message), `objName` (its objectName), `referMsg` (its
/// content JSON). `referMsg` is an object in Android and Flutter but a string holding the JSON in
/// GO-FL; the canonical form is the object (``Leniency/stringAsObject``). It is kept as raw JSON
/// whatever `objName` says, so a quote of an unknown or malformed type never fails the reply;
/// ``referencedContent(registry:)`` decodes it on demand. `referMsgUid` (string, the quoted
/// message's UID) is read and written by RongCloud's 2025 SDK (official-sdks.md § 2; the iOS
/// property of the same name, the changelog's "ReferMsgUid", 000:19056). The JSON key of the iOS
/// 5.26 status is not recorded anywhere; such a key stays an unknown key. Canonical order:
/// `content`, `referMsgUserId`, `objName`, `referMsg`, `referMsgUid`, then the shared keys.
public struct ReferenceMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:ReferenceMsg"
    public static let persistence = PersistenceFlag.isCounted

    /// Shared keys, unknown keys and diagnostics. First and without a default, so that the
    /// memberwise initializer the decoder builds the value with (it moves what an explicit
    /// initializer copies) is `init(common:…)`, not the public one.
    public var common: ContentCommon
    /// Reply text (`content`).
    public var content: String?
    /// User id of the quoted message's sender (`referMsgUserId`).
    public var referMsgUserId: String?
    /// objectName of the quoted message (`objName`).
    public var objName: String?
    /// The quoted message's content JSON (`referMsg`), kept as received.
    public var referMsg: JSONObject?
    /// UID of the quoted message (`referMsgUid`).
    public var referMsgUid: String?
}

extension ReferenceMessage {
    /// Creates a reference message.
    public init(
        content: String? = nil, referMsgUserId: String? = nil, objName: String? = nil, referMsg: JSONObject? = nil,
        referMsgUid: String? = nil, common: ContentCommon = ContentCommon()
    ) {
        self.content = content
        self.referMsgUserId = referMsgUserId
        self.objName = objName
        self.referMsg = referMsg
        self.referMsgUid = referMsgUid
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case content, referMsgUserId, objName, referMsg, referMsgUid }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var content: String?
        var referMsgUserId: String?
        var objName: String?
        var referMsg: JSONObject?
        var referMsgUid: String?
        var extra: String?, user: UserInfo?, mentionedInfo: MentionedInfo?, burn = BurnAfterReading()
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.content): content = try d.decodeString()
            case .own(.referMsgUserId): referMsgUserId = try d.decodeString()
            case .own(.objName): objName = try d.decodeString()
            case .own(.referMsg): referMsg = try d.decodeObjectOrJSONText()
            case .own(.referMsgUid): referMsgUid = try d.decodeString()
            case .shared(let key):
                try ContentCommon.decode(key, from: &d, extra: &extra, user: &user, mentionedInfo: &mentionedInfo, burn: &burn)
            }
        }
        self.init(
            common: ContentCommon(
                extra: consume extra, user: consume user, mentionedInfo: consume mentionedInfo, burn: burn,
                unknownFields: r.unknownFields, diagnostics: DecodeDiagnostics(d.leniencies)),
            content: consume content,
            referMsgUserId: consume referMsgUserId,
            objName: consume objName,
            referMsg: consume referMsg,
            referMsgUid: consume referMsgUid)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("content", content)
        w.field("referMsgUserId", referMsgUserId)
        w.field("objName", objName)
        try w.field("referMsg", referMsg)
        w.field("referMsgUid", referMsgUid)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }

    /// The quoted message decoded as the type `objName` names: typed when `registry` knows it,
    /// ``DecodedContent/unknown(_:)`` with the canonical bytes of `referMsg` otherwise. Nil when
    /// `objName` or `referMsg` is absent (Android also decodes the quote only with `objName`).
    /// Throws when the quoted content is invalid for its type.
    public func referencedContent(registry: ContentRegistry = .builtIn) throws(CodecError) -> DecodedContent? {
        guard let objName, let referMsg else { return nil }
        var w = JSONWriter()
        w.beginObject()
        try w.members(referMsg)
        w.endObject()
        // The quote already passed the size limit as part of this content; only depth still applies.
        return try registry.decode(objectName: objName, bytes: w.bytes, options: DecodingOptions(maxContentBytes: .max))
    }
}
