// Sources/RongCodec/Catalog/Notification/InformationNotificationMessage.swift - RC:InfoNtf

/// RC:InfoNtf, a grey-bar tip (iOS `RCInformationNotificationMessage`, Java server
/// `InfoNtfMessage`).
///
/// Flag ISPERSISTED (ANDROID-4.0 `@MessageTag(flag = 1)`, WEBv2 1, ENGINE persisted; the iOS
/// header says "stored, not counted"). Keys (message-catalog.md § 6.2): `message`, plus the
/// shared keys. ANDROID-4.0 writes `message` only when non-empty; WEBv2, JAVA-SRV and GO-SRV
/// always; DOCS' example carries a sentence and an empty `extra`. WEBv2's
/// `ContactNotificationMessage.obtain` builds an RC:InfoNtf holding the contact keys, which stay
/// unknown keys here. Canonical order: `message`, then the shared keys (spec CONTENT-INFONTF-*).
public struct InformationNotificationMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:InfoNtf"
    public static let persistence = PersistenceFlag.isPersisted

    /// Shared keys, unknown keys and diagnostics. First and without a default, so that the
    /// memberwise initializer the decoder builds the value with (it moves what an explicit
    /// initializer copies) is `init(common:…)`, not the public one.
    public var common: ContentCommon
    /// The tip text (`message`).
    public var message: String?
}

extension InformationNotificationMessage {
    /// Creates a grey-bar tip.
    public init(message: String? = nil, common: ContentCommon = ContentCommon()) {
        self.message = message
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case message }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var message: String?
        var extra: String?, user: UserInfo?, mentionedInfo: MentionedInfo?, burn = BurnAfterReading()
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.message): message = try d.decodeString()
            case .shared(let key):
                try ContentCommon.decode(key, from: &d, extra: &extra, user: &user, mentionedInfo: &mentionedInfo, burn: &burn)
            }
        }
        self.init(
            common: ContentCommon(
                extra: consume extra, user: consume user, mentionedInfo: consume mentionedInfo, burn: burn,
                unknownFields: r.unknownFields, diagnostics: DecodeDiagnostics(d.leniencies)),
            message: consume message)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("message", message)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
