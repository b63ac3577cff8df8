// Sources/RongCodec/Catalog/Status/ReadReceiptResponseMessage.swift - RC:RRRspMsg

/// RC:RRRspMsg, a group read-receipt response (Android `ReadReceiptResponseMessage`, WEBv2
/// `ReadReceiptResponseMessage`, GO-FL `RRRspMsg`; behaviour 000:9082-9136).
///
/// Flag NONE (ANDROID-4.0 0, WEBv2 0, ENGINE none). Keys (message-catalog.md § 7.4):
/// `receiptMessageDic`, an object whose values take one of two shapes. ANDROID-4.0 and WEBv2
/// write userId → array of messageUIds (the requests being answered, grouped by requester);
/// GO-FL writes messageUId → int64 read time. Both are accepted per entry
/// (``ReceiptValue``), keys keep their order, and each value is written back in the shape it
/// arrived in; any other value type is ``CodecError/Code/typeMismatch``. The key is optional:
/// ANDROID-4.0 and WEBv2 omit it when no map is set, and GO-FL writes `null` for a nil map.
/// Canonical order: `receiptMessageDic`, then the shared keys (spec CONTENT-RRRSP-*).
public struct ReadReceiptResponseMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:RRRspMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

    /// One value of `receiptMessageDic`.
    public enum ReceiptValue: Hashable, Sendable {
        /// The UIDs of the messages read (client form: the key is the requesting user's id).
        case messageUIds([String])
        /// The read time in ms (GO-FL form: the key is a messageUId).
        case readTime(Int64)
    }

    /// One member of `receiptMessageDic`.
    public struct Entry: Hashable, Sendable {
        /// The member's key: a user id (client form) or a messageUId (GO-FL form).
        public var key: String
        /// The member's value.
        public var value: ReceiptValue

        /// Creates an entry.
        public init(key: String, value: ReceiptValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members of `receiptMessageDic`, in input order; keys are unique.
    public var receiptMessageDic: [Entry]?
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a read-receipt response.
    public init(receiptMessageDic: [Entry]? = nil, common: ContentCommon = ContentCommon()) {
        self.receiptMessageDic = receiptMessageDic
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case receiptMessageDic }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.receiptMessageDic):
                let at = d.offset
                // decodeObject rejects duplicate keys; the values are checked below.
                guard let dic = try d.decodeObject() else { break }
                receiptMessageDic = try Self.entries(dic, at: at, in: d)
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    /// The entries of the object read at `offset`; errors point at the value (or array item)
    /// at fault, found again in `d`'s input.
    private static func entries(_ dic: JSONObject, at offset: Int, in d: borrowing ContentDecoder) throws(CodecError) -> [Entry] {
        var out: [Entry] = []
        out.reserveCapacity(dic.count)
        for (i, m) in dic.enumerated() {
            switch m.value {
            case .array(let items):
                var uids: [String] = []
                uids.reserveCapacity(items.count)
                for (j, item) in items.enumerated() {
                    guard case .string(let s) = item else {
                        throw CodecError(
                            .typeMismatch, "expected a messageUId string, found \(item.typeName)",
                            offset: d.valueOffset(objectAt: offset, member: i, element: j))
                    }
                    uids.append(s)
                }
                out.append(Entry(key: m.key, value: .messageUIds(uids)))
            case .number(let n):
                guard n.isIntegral else {
                    throw CodecError(.typeMismatch, "expected an integer read time, found \(n)", offset: d.valueOffset(objectAt: offset, member: i))
                }
                guard let t = n.int64Value else {
                    throw CodecError(.numberOutOfRange, "\(n) is outside the 64-bit range", offset: d.valueOffset(objectAt: offset, member: i))
                }
                out.append(Entry(key: m.key, value: .readTime(t)))
            default:
                throw CodecError(
                    .typeMismatch, "expected an array of messageUIds or a read time, found \(m.value.typeName)",
                    offset: d.valueOffset(objectAt: offset, member: i))
            }
        }
        return out
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        if let dic = receiptMessageDic {
            w.key("receiptMessageDic")
            w.beginObject()
            // Two keys the decoder takes for one would make the output something it rejects:
            // the decoder's own duplicate check decides.
            var seen = JSONObject()
            var dedup = KeyDeduplicator()
            for e in dic {
                w.key(e.key)
                guard dedup.insert(e.key, existing: seen) else {
                    throw w.invalidValue("receiptMessageDic has the key \"\(e.key)\" twice")
                }
                seen.appendUnchecked(e.key, .null)
                switch e.value {
                case .messageUIds(let uids):
                    w.beginArray()
                    for u in uids { w.string(u) }
                    w.endArray()
                case .readTime(let t):
                    w.int(t)
                }
            }
            w.endObject()
        }
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
