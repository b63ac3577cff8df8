// Sources/RongCodec/Catalog/Status/ReadReceiptRequestMessage.swift - RC:RRReqMsg

/// RC:RRReqMsg, a group read-receipt request sent by the original sender (WEBv2
/// `ReadReceiptRequestMessage`, GO-FL `RRReqMsg`; behaviour 000:9082-9136).
///
/// Flag NONE (ANDROID-4.0 0, WEBv2 0, ENGINE none). Keys (message-catalog.md § 7.4):
/// `messageUId` (required string: the message whose receipts are requested; every source writes
/// it, and a request without it names no message). Canonical order: `messageUId`, then the shared
/// keys (spec CONTENT-RRREQ-*).
public struct ReadReceiptRequestMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:RRReqMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

    /// UID of the message whose read receipts are requested (`messageUId`, required).
    public var messageUId: String
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a read-receipt request.
    public init(messageUId: String, common: ContentCommon = ContentCommon()) {
        self.messageUId = messageUId
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case messageUId }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        let start = d.offset
        var uid: String?
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.messageUId): uid = try d.decodeString()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        guard let uid else {
            throw CodecError(.missingRequiredField, "RC:RRReqMsg requires messageUId", offset: start)
        }
        messageUId = uid
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("messageUId", messageUId)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
