// Sources/RongCodec/JSON/JSONValue.swift - a JSON value that keeps key order and exact numbers

/// A JSON value as RongWire models it: object key order is kept, integers are exact, and
/// numbers compare by value (`1`, `1.0` and `1e0` are equal).
///
/// Strings and object keys compare by their UTF-8 bytes, that is code point by code point
/// (RFC 8259 § 8.3), not by Swift's `String ==`, which treats canonically equivalent strings as
/// equal: `"\u{E9}"` (NFC) and `"e\u{301}"` (NFD) are different JSON values and different keys.
///
/// Used for content fields whose shape is open ("any JSON"), for unknown keys that must survive
/// a round trip, and for normalized values in conformance vectors.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, exact as written (``JSONNumber``).
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in input order.
    case object(JSONObject)

    /// A short name of the JSON type (`"object"`, `"string"`, ...), for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The string payload, if this is a string.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The object payload, if this is an object.
    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
    /// The array payload, if this is an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// The number payload, if this is a number.
    public var numberValue: JSONNumber? { if case .number(let n) = self { n } else { nil } }
    /// The boolean payload, if this is a boolean.
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }

    /// Equal when of the same type with equal payloads; strings compare by UTF-8 bytes, numbers by
    /// value, objects member by member in order (see ``isEqualIgnoringOrder(_:)``).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): utf8Equal(a, b)
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let b): hasher.combine(1 as UInt8); hasher.combine(b)
        case .number(let n): hasher.combine(2 as UInt8); hasher.combine(n)
        case .string(let s): hasher.combine(3 as UInt8); hashUTF8(s, into: &hasher)
        case .array(let a): hasher.combine(4 as UInt8); hasher.combine(a)
        case .object(let o): hasher.combine(5 as UInt8); hasher.combine(o)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .number(JSONNumber(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
    public init(nilLiteral: ()) { self = .null }
}

/// A JSON object: members in their original order, keys unique by their UTF-8 bytes (see
/// ``JSONValue``: NFC `"\u{E9}"` and NFD `"e\u{301}"` are two keys).
///
/// Lookups are linear, which is faster than hashing for the small objects of message content.
public struct JSONObject: Hashable, Sendable, RandomAccessCollection {
    /// One key/value member. Keys compare by their UTF-8 bytes.
    public struct Member: Hashable, Sendable {
        /// The member name.
        public var key: String
        /// The member value.
        public var value: JSONValue
        /// A member from its key and value.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }

        public static func == (lhs: Member, rhs: Member) -> Bool { utf8Equal(lhs.key, rhs.key) && lhs.value == rhs.value }

        public func hash(into hasher: inout Hasher) {
            hashUTF8(key, into: &hasher)
            hasher.combine(value)
        }
    }

    /// The members in order.
    public private(set) var members: [Member]

    /// An empty object.
    public init() { members = [] }

    /// An object from members. Later duplicates replace earlier ones (use the decoder for
    /// input that must reject duplicates).
    public init(_ members: [Member]) {
        self.members = []
        self.members.reserveCapacity(members.count)
        for m in members { self[m.key] = m.value }
    }

    package init(uncheckedMembers: [Member]) { self.members = uncheckedMembers }

    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Member { members[position] }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// The value for `key` (matched by UTF-8 bytes), or nil. Setting nil removes the member;
    /// setting a new key appends.
    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { utf8Equal($0.key, key) })?.value }
        set {
            if let i = members.firstIndex(where: { utf8Equal($0.key, key) }) {
                if let newValue { members[i].value = newValue } else { members.remove(at: i) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Appends a member without checking for an existing key. The caller guarantees uniqueness.
    /// The first member reserves room for four: growing one at a time cost a second malloc for
    /// the common two- and three-member objects.
    mutating func appendUnchecked(_ key: String, _ value: JSONValue) {
        if members.capacity == 0 { members.reserveCapacity(4) }
        members.append(Member(key: key, value: value))
    }

    /// Removes and returns the member for `key`.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let i = members.firstIndex(where: { utf8Equal($0.key, key) }) else { return nil }
        return members.remove(at: i).value
    }

    /// Objects are equal when they have the same members in the same order.
    /// Use ``isEqualIgnoringOrder(_:)`` for JSON-value semantics.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.members == rhs.members }

    /// JSON-value equality: the same keys (by UTF-8 bytes) with equal values, in any order.
    public func isEqualIgnoringOrder(_ other: JSONObject) -> Bool {
        guard members.count == other.members.count else { return false }
        for m in members {
            guard let v = other[m.key], v.isEqualIgnoringOrder(m.value) else { return false }
        }
        return true
    }
}

extension JSONValue {
    /// JSON-value equality where object member order does not matter (RFC 8259 § 4 semantics).
    /// Conformance vectors compare normalized values this way.
    public func isEqualIgnoringOrder(_ other: JSONValue) -> Bool {
        switch (self, other) {
        case (.object(let a), .object(let b)): a.isEqualIgnoringOrder(b)
        case (.array(let a), .array(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.isEqualIgnoringOrder($1) }
        default: self == other
        }
    }
}
