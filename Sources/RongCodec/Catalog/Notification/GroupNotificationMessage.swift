// Sources/RongCodec/Catalog/Notification/GroupNotificationMessage.swift - RC:GrpNtf

/// RC:GrpNtf, a group notification (iOS `RCGroupNotificationMessage`).
///
/// Flag ISPERSISTED (Android, Web, ENGINE). Keys (message-catalog.md § 6.3): `operatorUserId`,
/// `operation` (`Add`, `Quit`, `Kicked`, `Rename`, `Bulletin`, and SealTalk's `Create`,
/// `Dismiss`, `Transfer`), `data`, `message`. `data` is a string in Android and the Go SDKs but an
/// object in the Java server SDK and SealTalk; RongWire's canonical form is the string, and an
/// object is kept as its canonical JSON text (``Leniency/objectAsString``).
public struct GroupNotificationMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:GrpNtf"
    public static let persistence = PersistenceFlag.isPersisted

    /// Shared keys, unknown keys and diagnostics. First and without a default, so that the
    /// memberwise initializer the decoder builds the value with (it moves what an explicit
    /// initializer copies) is `init(common:…)`, not the public one.
    public var common: ContentCommon
    /// Who performed the operation (`operatorUserId`).
    public var operatorUserId: String?
    /// The operation (`operation`).
    public var operation: String?
    /// Operation data, usually JSON text (`data`).
    public var data: String?
    /// Display message (`message`).
    public var message: String?
}

extension GroupNotificationMessage {
    /// Creates a group notification.
    public init(
        operatorUserId: String? = nil, operation: String? = nil, data: String? = nil, message: String? = nil,
        common: ContentCommon = ContentCommon()
    ) {
        self.operatorUserId = operatorUserId
        self.operation = operation
        self.data = data
        self.message = message
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case operatorUserId, operation, data, message }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var operatorUserId: String?
        var operation: String?
        var data: String?
        var message: String?
        var extra: String?, user: UserInfo?, mentionedInfo: MentionedInfo?, burn = BurnAfterReading()
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.operatorUserId): operatorUserId = try d.decodeString()
            case .own(.operation): operation = try d.decodeString()
            case .own(.data): data = try d.decodeStringOrJSONText()
            case .own(.message): message = try d.decodeString()
            case .shared(let key):
                try ContentCommon.decode(key, from: &d, extra: &extra, user: &user, mentionedInfo: &mentionedInfo, burn: &burn)
            }
        }
        self.init(
            common: ContentCommon(
                extra: consume extra, user: consume user, mentionedInfo: consume mentionedInfo, burn: burn,
                unknownFields: r.unknownFields, diagnostics: DecodeDiagnostics(d.leniencies)),
            operatorUserId: consume operatorUserId,
            operation: consume operation,
            data: consume data,
            message: consume message)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("operatorUserId", operatorUserId)
        w.field("operation", operation)
        w.field("data", data)
        w.field("message", message)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
