// Sources/RongCodec/Catalog/Status/ReadReceiptMessage.swift - RC:ReadNtf

/// RC:ReadNtf, the private-chat read receipt (Android, WEBv2 and Java server
/// `ReadReceiptMessage`; GO-FL `ReadNtf`).
///
/// Flag NONE (ANDROID-4.0 0, WEBv2 0, ENGINE none). Keys (message-catalog.md § 7.4):
/// `lastMessageSendTime` (required integer ms: everything sent at or before it is read; JAVA-SRV
/// sends a numeric string, ``Leniency/numericString``; GO-FL renames the key to
/// `lastMessageSend`, ``Leniency/lastMessageSendAlias``, and when both are present the documented
/// key wins and the alias stays an unknown key), `messageUId` (string), `type` (integer; in
/// ANDROID-4.0 1 = by send time, 2 = by UID, while WEBv2 and GO-FL fill in the conversation type,
/// so only the value 1 means the same everywhere; kept as sent, absent means 1 per JAVA-SRV's
/// default). Canonical order: `lastMessageSendTime`, `messageUId`, `type`, then the shared keys
/// (spec CONTENT-READNTF-*).
public struct ReadReceiptMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:ReadNtf"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

    /// Shared keys, unknown keys and diagnostics. First and without a default, so that the
    /// memberwise initializer the decoder builds the value with (it moves what an explicit
    /// initializer copies) is `init(common:…)`, not the public one.
    public var common: ContentCommon
    /// Send time of the last message read, ms (`lastMessageSendTime`, required).
    public var lastMessageSendTime: Int64
    /// UID of the last message read (`messageUId`).
    public var messageUId: String?
    /// Receipt kind or conversation type, see the type's documentation (`type`).
    public var type: Int?
}

extension ReadReceiptMessage {
    /// Creates a read receipt.
    public init(lastMessageSendTime: Int64, messageUId: String? = nil, type: Int? = nil, common: ContentCommon = ContentCommon()) {
        self.lastMessageSendTime = lastMessageSendTime
        self.messageUId = messageUId
        self.type = type
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case lastMessageSendTime, messageUId, type, lastMessageSend }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        let start = d.offset
        var time: Int64?
        var alias: Int64?
        var aliasAt = 0
        var messageUId: String?
        var type: Int?
        var extra: String?, user: UserInfo?, mentionedInfo: MentionedInfo?, burn = BurnAfterReading()
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.lastMessageSendTime): time = try d.decodeInt64(acceptNumericString: true)
            case .own(.messageUId): messageUId = try d.decodeString()
            case .own(.type): type = try d.decodeInt()
            case .own(.lastMessageSend):
                aliasAt = r.keyOffset
                // GO-FL writes an int64; a losing alias is then kept exactly as sent.
                alias = try d.decodeInt64()
            case .shared(let key):
                try ContentCommon.decode(key, from: &d, extra: &extra, user: &user, mentionedInfo: &mentionedInfo, burn: &burn)
            }
        }
        if d.adoptAlias(alias, into: &time, key: "lastMessageSend", json: { .number(JSONNumber($0)) }, in: &r) {
            try d.noteLeniency(.lastMessageSendAlias, at: aliasAt)
        }
        guard let time else {
            throw CodecError(.missingRequiredField, "RC:ReadNtf requires lastMessageSendTime", offset: start)
        }
        self.init(
            common: ContentCommon(
                extra: consume extra, user: consume user, mentionedInfo: consume mentionedInfo, burn: burn,
                unknownFields: r.unknownFields, diagnostics: DecodeDiagnostics(d.leniencies)),
            lastMessageSendTime: time, messageUId: consume messageUId, type: type)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("lastMessageSendTime", lastMessageSendTime)
        w.field("messageUId", messageUId)
        try w.field("type", type)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
