// Sources/RongCodec/Catalog/Notification/RecallNotificationMessage.swift - RC:RcNtf

/// RC:RcNtf, the recall notification that replaces a recalled message (iOS
/// `RCRecallNotificationMessage`, Android `RecallNotificationMessage`, GO-FL `RcNtf`). The alias
/// objectName `RC:RCntf` (000:4669) decodes as this type (``BuiltInCatalog/aliases``).
///
/// Flag ISPERSISTED (ANDROID-4.0 1; iOS header "stored locally, not counted"). Keys
/// (message-catalog.md § 6.1; DOCS objectname-notification): `operatorId` (string),
/// `recallTime` (integer ms, the original message's send time), `originalObjectName` (string),
/// `originalMessageContent` (the original content as an object; GO-FL and RongCloud's 2025 SDK
/// send it as a string of JSON text, accepted as ``Leniency/stringAsObject``; the 2025 SDK writes
/// the empty string when the original is unknown, which decodes as absent,
/// ``Leniency/emptyStringAsAbsent``; any other string that is not a JSON object is
/// ``CodecError/Code/typeMismatch``), `recallContent` (string), `recallActionTime` (integer ms,
/// when the recall command was sent), `admin`, `delete` (booleans). DOCS marks `recallTime`,
/// `originalObjectName`, `admin` and `delete` required, but FLUTTER writes `null` for unset
/// values and ANDROID-4.0 omits empty strings, so every key is optional here.
///
/// FLUTTER encodes `mOperatorId`, `mRecallTime`, `mOriginalObjectName`, `mAdmin` and `mDelete`
/// instead of the documented keys; they are read as aliases (``Leniency/flutterRecallKeys``):
/// the documented key wins and a losing alias stays an unknown key. FLUTTER's `user` as `[]` is
/// handled by the shared keys. Canonical order: `operatorId`, `recallTime`,
/// `originalObjectName`, `originalMessageContent`, `recallContent`, `recallActionTime`, `admin`,
/// `delete`, then the shared keys (spec CONTENT-RCNTF-*).
public struct RecallNotificationMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:RcNtf"
    public static let persistence = PersistenceFlag.isPersisted

    /// Shared keys, unknown keys and diagnostics. First and without a default, so that the
    /// memberwise initializer the decoder builds the value with (it moves what an explicit
    /// initializer copies) is `init(common:…)`, not the public one.
    public var common: ContentCommon
    /// Who recalled the message (`operatorId`).
    public var operatorId: String?
    /// Send time of the recalled message, ms (`recallTime`).
    public var recallTime: Int64?
    /// objectName of the recalled message (`originalObjectName`).
    public var originalObjectName: String?
    /// Content of the recalled message, kept as JSON, not decoded as its type
    /// (`originalMessageContent`).
    public var originalMessageContent: JSONObject?
    /// Text of the recalled message, for re-editing (`recallContent`).
    public var recallContent: String?
    /// When the recall was performed, ms (`recallActionTime`).
    public var recallActionTime: Int64?
    /// Recalled by an administrator (`admin`).
    public var admin: Bool?
    /// The original message was deleted rather than replaced (`delete`).
    public var delete: Bool?
}

extension RecallNotificationMessage {
    /// Creates a recall notification.
    public init(
        operatorId: String? = nil, recallTime: Int64? = nil, originalObjectName: String? = nil,
        originalMessageContent: JSONObject? = nil, recallContent: String? = nil, recallActionTime: Int64? = nil,
        admin: Bool? = nil, delete: Bool? = nil, common: ContentCommon = ContentCommon()
    ) {
        self.operatorId = operatorId
        self.recallTime = recallTime
        self.originalObjectName = originalObjectName
        self.originalMessageContent = originalMessageContent
        self.recallContent = recallContent
        self.recallActionTime = recallActionTime
        self.admin = admin
        self.delete = delete
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey {
        case operatorId, recallTime, originalObjectName, originalMessageContent, recallContent, recallActionTime,
            admin, delete, mOperatorId, mRecallTime, mOriginalObjectName, mAdmin, mDelete
    }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var operatorId: String?
        var recallTime: Int64?
        var originalObjectName: String?
        var originalMessageContent: JSONObject?
        var recallContent: String?
        var recallActionTime: Int64?
        var admin: Bool?
        var delete: Bool?
        var extra: String?, user: UserInfo?, mentionedInfo: MentionedInfo?, burn = BurnAfterReading()
        // FLUTTER's m-prefixed aliases, resolved after the loop (the documented key wins).
        var mOperatorId: String?
        var mRecallTime: Int64?
        var mOriginalObjectName: String?
        var mAdmin: Bool?
        var mDelete: Bool?
        var aliasAt = 0
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.operatorId): operatorId = try d.decodeString()
            case .own(.recallTime): recallTime = try d.decodeInt64()
            case .own(.originalObjectName): originalObjectName = try d.decodeString()
            case .own(.originalMessageContent): originalMessageContent = try d.decodeObjectOrJSONText(emptyStringIsAbsent: true)
            case .own(.recallContent): recallContent = try d.decodeString()
            case .own(.recallActionTime): recallActionTime = try d.decodeInt64()
            case .own(.admin): admin = try d.decodeBool()
            case .own(.delete): delete = try d.decodeBool()
            case .own(.mOperatorId): aliasAt = r.keyOffset; mOperatorId = try d.decodeString()
            case .own(.mRecallTime): aliasAt = r.keyOffset; mRecallTime = try d.decodeInt64()
            case .own(.mOriginalObjectName): aliasAt = r.keyOffset; mOriginalObjectName = try d.decodeString()
            case .own(.mAdmin): aliasAt = r.keyOffset; mAdmin = try d.decodeBool()
            case .own(.mDelete): aliasAt = r.keyOffset; mDelete = try d.decodeBool()
            case .shared(let key):
                try ContentCommon.decode(key, from: &d, extra: &extra, user: &user, mentionedInfo: &mentionedInfo, burn: &burn)
            }
        }
        // The rule fires only when an alias supplies a value: canonical output, where losing
        // aliases are unknown keys, must still pass strict mode.
        // Every alias is settled (no short circuit); no array literal, which cost a malloc per decode.
        var used = d.adoptAlias(mOperatorId, into: &operatorId, key: "mOperatorId", json: JSONValue.string, in: &r)
        if d.adoptAlias(mRecallTime, into: &recallTime, key: "mRecallTime", json: { .number(JSONNumber($0)) }, in: &r) { used = true }
        if d.adoptAlias(mOriginalObjectName, into: &originalObjectName, key: "mOriginalObjectName", json: JSONValue.string, in: &r) { used = true }
        if d.adoptAlias(mAdmin, into: &admin, key: "mAdmin", json: JSONValue.bool, in: &r) { used = true }
        if d.adoptAlias(mDelete, into: &delete, key: "mDelete", json: JSONValue.bool, in: &r) { used = true }
        if used { try d.noteLeniency(.flutterRecallKeys, at: aliasAt) }
        self.init(
            common: ContentCommon(
                extra: consume extra, user: consume user, mentionedInfo: consume mentionedInfo, burn: burn,
                unknownFields: r.unknownFields, diagnostics: DecodeDiagnostics(d.leniencies)),
            operatorId: consume operatorId,
            recallTime: recallTime,
            originalObjectName: consume originalObjectName,
            originalMessageContent: consume originalMessageContent,
            recallContent: consume recallContent,
            recallActionTime: recallActionTime,
            admin: admin,
            delete: delete)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("operatorId", operatorId)
        w.field("recallTime", recallTime)
        w.field("originalObjectName", originalObjectName)
        try w.field("originalMessageContent", originalMessageContent)
        w.field("recallContent", recallContent)
        w.field("recallActionTime", recallActionTime)
        w.field("admin", admin)
        w.field("delete", delete)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
