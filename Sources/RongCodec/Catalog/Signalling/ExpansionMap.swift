// Sources/RongCodec/Catalog/Signalling/ExpansionMap.swift - expansion key → value pairs

/// Message-expansion pairs as RC:MsgExMsg carries them (`put`, `extraKey`): string keys to
/// string values, kept in input order so a decoded map encodes back byte for byte.
///
/// Every source types the values as strings (ENGINE `put`, Android IMLib `Map<String,String>`,
/// the third-party Go SDK's `map[string]string`), so other value types are rejected on decode.
public struct ExpansionMap: Hashable, Sendable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One key/value pair.
    public struct Entry: Hashable, Sendable {
        /// The expansion key.
        public var key: String
        /// The expansion value.
        public var value: String

        /// Creates a pair.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The pairs in order; keys are unique.
    public private(set) var entries: [Entry]

    /// A map of `entries`; a later duplicate key replaces the earlier value.
    public init(_ entries: [Entry] = []) {
        self.entries = []
        for e in entries { self[e.key] = e.value }
    }

    /// A map of literal pairs, e.g. `["status": "done"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { Entry(key: $0.0, value: $0.1) })
    }

    /// Position of the first pair.
    public var startIndex: Int { entries.startIndex }
    /// Position after the last pair.
    public var endIndex: Int { entries.endIndex }
    /// The pair at `position`.
    public subscript(position: Int) -> Entry { entries[position] }

    /// The keys in order.
    public var keys: [String] { entries.map(\.key) }

    /// The value for `key`, matched by UTF-8 bytes like JSON keys (NFC `é` and NFD `e◌́` are two
    /// keys). Setting nil removes the pair; setting a new key appends it.
    public subscript(key: String) -> String? {
        get { entries.first(where: { utf8Equal($0.key, key) })?.value }
        set {
            if let i = entries.firstIndex(where: { utf8Equal($0.key, key) }) {
                if let newValue { entries[i].value = newValue } else { entries.remove(at: i) }
            } else if let newValue {
                entries.append(Entry(key: key, value: newValue))
            }
        }
    }

    /// Decodes an object of string values; `null` gives nil.
    static func decode(from d: inout ContentDecoder) throws(CodecError) -> ExpansionMap? {
        let at = d.offset
        guard let object = try d.decodeObject() else { return nil }
        var map = ExpansionMap()
        map.entries.reserveCapacity(object.count)
        for (i, m) in object.members.enumerated() {
            guard case .string(let s) = m.value else {
                throw CodecError(
                    .typeMismatch, "an expansion value must be a string, found \(m.value.typeName)",
                    offset: d.valueOffset(objectAt: at, member: i))
            }
            // Keys are unique: the scanner rejected duplicates.
            map.entries.append(Entry(key: m.key, value: s))
        }
        return map
    }

    /// Writes the pairs as one JSON object.
    func encode(to w: inout JSONWriter) {
        w.beginObject()
        for e in entries {
            w.key(e.key)
            w.string(e.value)
        }
        w.endObject()
    }
}
