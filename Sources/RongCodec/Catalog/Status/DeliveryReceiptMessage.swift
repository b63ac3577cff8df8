// Sources/RongCodec/Catalog/Status/DeliveryReceiptMessage.swift - RC:Delivered

/// RC:Delivered, the server's delivery receipts for private messages: which messages reached
/// their receiver, and when (Android `DeliverMessage`, an unattributed public SDK copy of IMLib
/// 5.x).
///
/// Flag NONE and a command: RUST registry (official-sdks.md § 1); Android `flag = 0`. The content
/// is a JSON **array**, not an object (``MessageContent/isArrayContent``): RUST reads "a list of
/// `{messageUId, time, targetId, objectName}`" (official-sdks.md § 2), and Android's decoder
/// parses the content with `new JSONArray(...)` and its encoder writes the list itself. Each
/// element is a ``DeliveryReceipt``. The array has no place for the shared keys, so a value
/// holding any (``MessageContent/extra``, ``MessageContent/user``, unknown keys) cannot be
/// encoded (``CodecError/Code/invalidValue``). An object is ``CodecError/Code/typeMismatch``
/// (spec CONTENT-DELIVERED-*).
public struct DeliveryReceiptMessage: MessageContent, DeclaresElementTable {
    public static let objectName = "RC:Delivered"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command
    public static let isArrayContent = true

    /// The receipts, in input order.
    public var receipts: [DeliveryReceipt]
    /// Diagnostics (the shared keys stay empty: an array has none).
    public var common = ContentCommon()

    /// Creates delivery receipts.
    public init(receipts: [DeliveryReceipt] = []) {
        self.receipts = receipts
    }

    typealias ElementKey = DeliveryReceipt.Key
    static var elementFields: FieldTable<DeliveryReceipt.Key> { DeliveryReceipt.fields }

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var reader = try d.beginArray()
        var out: [DeliveryReceipt] = []
        while try d.nextElement(&reader) { out.append(try DeliveryReceipt.decode(from: &d)) }
        receipts = out
        common.diagnostics.leniencies.formUnion(d.leniencies)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        guard common.isEmpty else {
            throw w.invalidValue("\(Self.objectName) content is a JSON array: it has no place for extra, user, mentionedInfo, burn-after-reading or unknown keys")
        }
        w.beginArray()
        for r in receipts {
            w.beginObject()
            w.field("messageUId", r.messageUId)
            w.field("time", r.time)
            w.field("targetId", r.targetId)
            w.field("objectName", r.objectName)
            try w.unknownMembers(r.unknownFields, of: DeliveryReceipt.fields)
            w.endObject()
        }
        w.endArray()
    }
}

/// One element of RC:Delivered: a private message that reached its receiver.
///
/// Keys (official-sdks.md § 2; Android `DeliverMessage.resolveDeliverInfoList`): `messageUId`
/// (the delivered message), `time` (integer ms, when it was delivered), `targetId` (the
/// conversation), `objectName` (its type). Other keys are kept in ``unknownFields``. Canonical
/// order: as listed, then the unknown keys. A `null` element is ``CodecError/Code/typeMismatch``
/// (Android stops reading the list there).
public struct DeliveryReceipt: Hashable, Sendable {
    /// UID of the delivered message (`messageUId`).
    public var messageUId: String?
    /// When it was delivered, ms (`time`).
    public var time: Int64?
    /// Its conversation's target (`targetId`).
    public var targetId: String?
    /// Its objectName (`objectName`).
    public var objectName: String?
    /// Keys this type does not model, in input order.
    public var unknownFields = JSONObject()

    /// Creates a receipt.
    public init(messageUId: String? = nil, time: Int64? = nil, targetId: String? = nil, objectName: String? = nil) {
        self.messageUId = messageUId
        self.time = time
        self.targetId = targetId
        self.objectName = objectName
    }

    /// Every key the object reads, in the order the decoder expects them.
    enum Key: String, FieldKey { case messageUId, time, targetId, objectName }
    static let fields = FieldTable(withoutSharedKeys: Key.self)

    static func decode(from d: inout ContentDecoder) throws(CodecError) -> DeliveryReceipt {
        var receipt = DeliveryReceipt()
        var r = try d.beginObject(fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .messageUId: receipt.messageUId = try d.decodeString()
            case .time: receipt.time = try d.decodeInt64()
            case .targetId: receipt.targetId = try d.decodeString()
            case .objectName: receipt.objectName = try d.decodeString()
            }
        }
        receipt.unknownFields = r.unknownFields
        return receipt
    }
}
