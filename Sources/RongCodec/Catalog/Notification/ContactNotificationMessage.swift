// Sources/RongCodec/Catalog/Notification/ContactNotificationMessage.swift - RC:ContactNtf

/// RC:ContactNtf, a friend-request notification (iOS `RCContactNotificationMessage`, WEBv2
/// `ContactNotificationMessage`, Java server `ContactNtfMessage`).
///
/// Flag ISPERSISTED (ANDROID-4.0 1, WEBv2 1, ENGINE persisted). Keys (message-catalog.md § 6.4):
/// `operation` (DOCS and GO-SRV: `Request`, `AcceptResponse`, `RejectResponse`; WEBv2 constants
/// `ContactOperationRequest`, ...; not validated), `sourceUserId`, `targetUserId`, `message`, all
/// strings that ANDROID-4.0 writes only when set and JAVA-SRV, GO-SRV and GO-FL always.
/// Canonical order: `operation`, `sourceUserId`, `targetUserId`, `message`, then the shared keys
/// (spec CONTENT-CONTACTNTF-*).
public struct ContactNotificationMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:ContactNtf"
    public static let persistence = PersistenceFlag.isPersisted

    /// The contact operation, e.g. `Request` (`operation`).
    public var operation: String?
    /// The user who sent the request or response (`sourceUserId`).
    public var sourceUserId: String?
    /// The user it is addressed to (`targetUserId`).
    public var targetUserId: String?
    /// Request or response text (`message`).
    public var message: String?
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a contact notification.
    public init(
        operation: String? = nil, sourceUserId: String? = nil, targetUserId: String? = nil, message: String? = nil,
        common: ContentCommon = ContentCommon()
    ) {
        self.operation = operation
        self.sourceUserId = sourceUserId
        self.targetUserId = targetUserId
        self.message = message
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case operation, sourceUserId, targetUserId, message }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.operation): operation = try d.decodeString()
            case .own(.sourceUserId): sourceUserId = try d.decodeString()
            case .own(.targetUserId): targetUserId = try d.decodeString()
            case .own(.message): message = try d.decodeString()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("operation", operation)
        w.field("sourceUserId", sourceUserId)
        w.field("targetUserId", targetUserId)
        w.field("message", message)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
