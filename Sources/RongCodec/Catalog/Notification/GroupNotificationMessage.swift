// Sources/RongCodec/Catalog/Notification/GroupNotificationMessage.swift - RC:GrpNtf

/// RC:GrpNtf, a group notification (iOS `RCGroupNotificationMessage`).
///
/// Flag ISPERSISTED (Android, Web, ENGINE). Keys (message-catalog.md § 6.3): `operatorUserId`,
/// `operation` (`Add`, `Quit`, `Kicked`, `Rename`, `Bulletin`, and SealTalk's `Create`,
/// `Dismiss`, `Transfer`), `data`, `message`. `data` is a string in Android and the Go SDKs but an
/// object in the Java server SDK and SealTalk; RongWire's canonical form is the string, and an
/// object is kept as its canonical JSON text (``Leniency/objectAsString``).
public struct GroupNotificationMessage: MessageContent {
    public static let objectName = "RC:GrpNtf"
    public static let persistence = PersistenceFlag.isPersisted

    /// Who performed the operation (`operatorUserId`).
    public var operatorUserId: String?
    /// The operation (`operation`).
    public var operation: String?
    /// Operation data, usually JSON text (`data`).
    public var data: String?
    /// Display message (`message`).
    public var message: String?
    public var common = ContentCommon()

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

    static let fields = FieldTable(["operatorUserId", "operation", "data", "message"])

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case 0: operatorUserId = try d.decodeString()
            case 1: operation = try d.decodeString()
            case 2: data = try d.decodeStringOrJSONText()
            case 3: message = try d.decodeString()
            default: try common.decode(field: f, of: Self.fields, from: &d)
            }
        }
        common.finish(r, d)
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
