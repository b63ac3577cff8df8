// Sources/RongCodec/Catalog/Notification/DiscussionNotificationMessage.swift - RC:DizNtf

/// RC:DizNtf, a discussion-group notification (ANDROID-4.0 and WEBv2
/// `DiscussionNotificationMessage`). Discussion groups are deprecated (000:9574); the type is
/// kept so that history and old peers decode.
///
/// Flag ISPERSISTED (ANDROID-4.0 1, WEBv2 1). Keys (message-catalog.md § 6.6) are the union of
/// the two SDKs: `type` (integer; ANDROID-4.0 `optInt`, written always), `extension` (string;
/// ANDROID-4.0 written always), `operator` (string; ANDROID-4.0 reads it but never writes it),
/// `isHasReceived` (boolean; WEBv2 only) and `operation` (string; WEBv2 only). Canonical order:
/// `type`, `extension`, `operator`, `isHasReceived`, `operation`, then the shared keys (spec
/// CONTENT-DIZNTF-*).
public struct DiscussionNotificationMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:DizNtf"
    public static let persistence = PersistenceFlag.isPersisted

    /// The notification kind (`type`).
    public var type: Int?
    /// Operation details, e.g. the affected user ids (`extension`).
    public var `extension`: String?
    /// Who performed the operation (`operator`).
    public var `operator`: String?
    /// Whether the notification was already received (`isHasReceived`, WEBv2).
    public var isHasReceived: Bool?
    /// The operation name (`operation`, WEBv2).
    public var operation: String?
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a discussion notification.
    public init(
        type: Int? = nil, extension: String? = nil, operator: String? = nil, isHasReceived: Bool? = nil,
        operation: String? = nil, common: ContentCommon = ContentCommon()
    ) {
        self.type = type
        self.extension = `extension`
        self.operator = `operator`
        self.isHasReceived = isHasReceived
        self.operation = operation
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case type, `extension`, `operator`, isHasReceived, operation }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.type): type = try d.decodeInt()
            case .own(.`extension`): `extension` = try d.decodeString()
            case .own(.`operator`): `operator` = try d.decodeString()
            case .own(.isHasReceived): isHasReceived = try d.decodeBool()
            case .own(.operation): operation = try d.decodeString()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        try w.field("type", type)
        w.field("extension", `extension`)
        w.field("operator", `operator`)
        w.field("isHasReceived", isHasReceived)
        w.field("operation", operation)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
