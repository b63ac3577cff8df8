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
public struct ReadReceiptResponseMessage: MessageContent {
    public static let objectName = "RC:RRRspMsg"
    public static let persistence = PersistenceFlag.none

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

    static let fields = FieldTable(["receiptMessageDic"])

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case 0:
                let at = d.offset
                // decodeObject rejects duplicate keys; the values are checked below.
                guard let dic = try d.decodeObject() else { break }
                receiptMessageDic = try Self.entries(dic, at: at)
            default: try common.decode(field: f, of: Self.fields, from: &d)
            }
        }
        common.finish(r, d)
    }

    private static func entries(_ dic: JSONObject, at offset: Int) throws(CodecError) -> [Entry] {
        var out: [Entry] = []
        out.reserveCapacity(dic.count)
        for m in dic {
            switch m.value {
            case .array(let items):
                var uids: [String] = []
                uids.reserveCapacity(items.count)
                for item in items {
                    guard case .string(let s) = item else {
                        throw CodecError(.typeMismatch, "receiptMessageDic[\"\(m.key)\"]: expected an array of messageUId strings, found \(item.typeName)", offset: offset)
                    }
                    uids.append(s)
                }
                out.append(Entry(key: m.key, value: .messageUIds(uids)))
            case .number(let n):
                guard n.isIntegral else {
                    throw CodecError(.typeMismatch, "receiptMessageDic[\"\(m.key)\"]: expected an integer read time, found \(n)", offset: offset)
                }
                guard let t = n.int64Value else {
                    throw CodecError(.numberOutOfRange, "receiptMessageDic[\"\(m.key)\"]: \(n) is outside the 64-bit range", offset: offset)
                }
                out.append(Entry(key: m.key, value: .readTime(t)))
            default:
                throw CodecError(.typeMismatch, "receiptMessageDic[\"\(m.key)\"]: expected an array of messageUIds or a read time, found \(m.value.typeName)", offset: offset)
            }
        }
        return out
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        if let dic = receiptMessageDic {
            w.key("receiptMessageDic")
            w.beginObject()
            var seen = Set<UTF8Key>()
            for e in dic {
                // Two equal keys would make the output something the decoder rejects. Equal means
                // equal bytes, as for the decoder: NFC and NFD spellings are two keys.
                guard seen.insert(UTF8Key(e.key)).inserted else {
                    throw CodecError(.invalidValue, "receiptMessageDic has the key \"\(e.key)\" twice")
                }
                w.key(e.key)
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
        try common.encode(to: &w)
        w.endObject()
    }
}
