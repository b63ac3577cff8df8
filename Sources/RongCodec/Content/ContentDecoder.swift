// Sources/RongCodec/Content/ContentDecoder.swift - typed reading of content JSON

/// The JSON type of the next value.
public enum JSONKind: Sendable, Hashable {
    /// One case per JSON value type.
    case null, bool, number, string, array, object
}

/// Iteration state for one JSON object being decoded by a ``ContentDecoder``; `Field` is what
/// ``ContentDecoder/nextField(_:)`` returns for a known key (see ``FieldTable``).
public struct ObjectReader<Field> {
    let table: FieldStorage<Field>
    var state: ObjectState
    /// Members whose keys the table does not know, in input order.
    public internal(set) var unknownFields: JSONObject {
        get { state.unknownFields }
        set { state.unknownFields = newValue }
    }
    /// Byte offset of the object's `{`.
    public var startOffset: Int { state.startOffset }
    /// Byte offset of the key most recently returned by ``ContentDecoder/nextField(_:)``.
    public var keyOffset: Int { state.keyOffset }
}

/// What an ``ObjectReader`` tracks, apart from its table: not generic, so that one function
/// reads the keys of every table.
struct ObjectState {
    var first = true
    var seen: UInt64 = 0
    /// The key expected next: the one after the last key returned (keys of canonical content
    /// come in table order).
    var expected = 0
    var dedup = KeyDeduplicator()
    var unknownFields = JSONObject()
    let startOffset: Int
    var keyOffset: Int
}

/// Iteration state for one JSON array being decoded by a ``ContentDecoder``.
public struct ArrayReader {
    var first = true
    /// Byte offset of the array's `[`.
    public let startOffset: Int
    /// Index of the element most recently announced by ``ContentDecoder/nextElement(_:)``.
    public internal(set) var index = -1
}

/// Reads content JSON straight into typed fields, without building a tree first.
///
/// A content type's `init(from:)` calls ``beginObject(_:)``, then ``nextField(_:)`` in a loop,
/// and one `decode…` call per known field. Unknown keys are collected automatically, duplicate
/// keys rejected, and `null` treated as absent. Every `decode…` call consumes exactly one value.
/// Errors carry the byte offset of the value at fault; the public entry points add the JSON path.
///
/// The decoder borrows the input bytes and is only valid during the decode call. It is
/// noncopyable, so an `init(from:)` that receives it `inout` cannot keep a copy that outlives
/// the bytes it reads.
public struct ContentDecoder: ~Copyable {
    var scanner: JSONScanner
    /// The options this decode runs with.
    public let options: DecodingOptions
    /// Leniency rules that fired so far.
    public internal(set) var leniencies = LeniencySet()
    /// Set when a ``ContentView`` is being built: ``decodeString()`` then checks each string
    /// but gives `""` instead of making it (the value decoded is thrown away), and the members
    /// of the top-level object are recorded in `members`. Everything else runs as in an owned
    /// decode, so that both reject the same input with the same error.
    let defersStrings: Bool
    let members: UnsafeMutablePointer<ContentMemberTable>?

    @usableFromInline
    init(source: UnsafeRawBufferPointer, options: DecodingOptions) {
        self.scanner = JSONScanner(source: source, maxDepth: options.maxDepth)
        self.scanner.replacesLoneSurrogates = options.replacesLoneSurrogates
        self.options = options
        self.defersStrings = false
        self.members = nil
    }

    /// A decoder that validates for a ``ContentView`` (see `defersStrings`).
    init(source: UnsafeRawBufferPointer, options: DecodingOptions, defersStrings: Bool, members: UnsafeMutablePointer<ContentMemberTable>?) {
        self.scanner = JSONScanner(source: source, maxDepth: options.maxDepth)
        self.scanner.replacesLoneSurrogates = options.replacesLoneSurrogates
        self.options = options
        self.defersStrings = defersStrings
        self.members = members
    }

    /// Records a member of the top-level object for a ``ContentView``: its key's `"` at
    /// `keyAt`, its value at the current offset.
    @inline(__always)
    private func record(keyAt: Int, escaped: Bool = false) {
        if let members, scanner.depth == 1 { members.pointee.append(keyAt: keyAt, valueAt: scanner.index, keyEscaped: escaped) }
    }

    /// The string a ``ContentView``'s check read instead of making it: `""`, and, for a member
    /// of the top-level object, its token (the view makes the string from it on access).
    @inline(__always)
    private func deferred(_ token: StringToken) -> String {
        if let members, scanner.depth == 1 { members.pointee.noteText(token) }
        return ""
    }

    // MARK: Top level (used by the MessageContent entry points)

    /// What the top-level input holds.
    @usableFromInline
    enum TopLevel: Equatable {
        /// Zero bytes, for a type that allows it.
        case empty
        /// The type's top-level value (an object; an array for an array-content type) starts at
        /// the current offset.
        case value
        /// A JSON string holding that value's text, which started at `at`.
        case doubleEncoded([UInt8], at: Int)
    }

    /// Checks size and emptiness and finds what the top level holds: an object, or an array when
    /// `isArray` (``MessageContent/isArrayContent``).
    @usableFromInline
    mutating func startTopLevel(objectName: String, allowsEmpty: Bool, isArray: Bool, allowDoubleEncoding: Bool) throws(CodecError) -> TopLevel {
        let count = scanner.source.count
        if count > options.maxContentBytes {
            throw CodecError(.sizeLimit, "\(count) bytes exceed the content limit of \(options.maxContentBytes)", offset: options.maxContentBytes)
        }
        let expected = isArray ? "a JSON array" : "a JSON object"
        if count == 0 {
            guard allowsEmpty else {
                throw CodecError(.emptyContent, "\(objectName) content must be \(expected), not zero bytes", offset: 0)
            }
            return .empty
        }
        switch peekKind() {
        case .object? where !isArray, .array? where isArray:
            return .value
        case .string? where allowDoubleEncoding:
            // Double encoding: the value arrives as a JSON string holding its text.
            let at = scanner.index
            let inner = Array((try decodeInspectedString() ?? "").utf8)
            try scanner.expectEnd()
            // Only a string holding the type's top-level value is double-encoded content; any
            // other string is simply the wrong type.
            let opening = isArray ? asciiOpenBracket : asciiOpenBrace
            guard inner.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == opening else {
                throw CodecError(.typeMismatch, "expected \(expected) as \(objectName) content, found a string", offset: at)
            }
            try noteLeniency(.doubleEncodedContent, at: at)
            return .doubleEncoded(inner, at: at)
        default:
            throw typeMismatch("\(expected) as \(objectName) content")
        }
    }

    /// Requires the input to end after the top-level object.
    @usableFromInline
    mutating func finishTopLevel() throws(CodecError) {
        try scanner.expectEnd()
    }

    /// Completes an error for the caller: a syntax error anywhere in the input takes precedence
    /// over a semantic one (validation runs on this error path only), and the JSON path is added.
    @usableFromInline
    static func locate(_ error: CodecError, in raw: UnsafeRawBufferPointer, options: DecodingOptions) -> CodecError {
        var e = error
        if CodecError.Code.semantic.contains(e.code) {
            do throws(CodecError) {
                _ = try JSONScanner.parse(raw, options: options)
            } catch let syntax where !CodecError.Code.semantic.contains(syntax.code) {
                e = syntax
            } catch {}
        }
        if e.path == nil, e.code != .sizeLimit, let offset = e.offset { e.path = JSONPathLocator.path(in: raw, at: offset) }
        return e
    }

    /// The current byte offset.
    public var offset: Int { scanner.index }

    /// The offset of the value of the `member`-th member of the object at `objectAt`, or of its
    /// `element`-th element, for errors found after the object was read whole (error path only).
    func valueOffset(objectAt: Int, member: Int, element: Int? = nil) -> Int {
        JSONPathLocator.valueOffset(in: scanner.source, objectAt: objectAt, member: member, element: element)
    }

    /// Records that a leniency rule fired. In strict mode this throws
    /// ``CodecError/Code/notNormalized`` at `offset` instead.
    public mutating func noteLeniency(_ rule: Leniency, at offset: Int? = nil) throws(CodecError) {
        if options.mode == .strict {
            throw CodecError(.notNormalized, "input is not normalized: leniency rule '\(rule)' applies", offset: offset ?? scanner.index)
        }
        leniencies.insert(rule)
    }

    /// The JSON type of the next value, or nil at the end of input or at a byte that cannot
    /// start a value.
    public mutating func peekKind() -> JSONKind? {
        switch scanner.peek() {
        case asciiOpenBrace?: .object
        case asciiOpenBracket?: .array
        case asciiQuote?: .string
        case UInt8(ascii: "t")?, UInt8(ascii: "f")?: .bool
        case UInt8(ascii: "n")?: .null
        case asciiMinus?, (asciiZero...asciiNine)?: .number
        default: nil
        }
    }

    /// A ``CodecError/Code/typeMismatch`` error for the value at the current offset, or the
    /// syntax error (``CodecError/Code/truncated``, ``CodecError/Code/unexpectedByte``) when no
    /// value starts there.
    public mutating func typeMismatch(_ expected: String) -> CodecError {
        guard let found = peekKind() else { return scanner.unexpected(expected) }
        return CodecError(.typeMismatch, "expected \(expected), found \(found)", offset: scanner.index)
    }

    // MARK: Objects

    /// Starts decoding a JSON object whose keys are described by `fields`.
    public mutating func beginObject<Field>(_ fields: FieldTable<Field>) throws(CodecError) -> ObjectReader<Field> {
        guard peekKind() == .object else { throw typeMismatch("an object") }
        let start = scanner.index
        try scanner.beginObject()
        return ObjectReader(table: fields.storage, state: ObjectState(startOffset: start, keyOffset: start))
    }

    /// Returns the next known key, positioned at its value, which the caller must then consume
    /// with one `decode…` call. Returns nil after the closing `}`. Unknown keys are decoded into
    /// `reader.unknownFields` and skipped over; duplicate keys throw
    /// ``CodecError/Code/duplicateKey``.
    public mutating func nextField<Field>(_ reader: inout ObjectReader<Field>) throws(CodecError) -> Field? {
        guard let index = try nextKeyIndex(&reader.state, of: reader.table) else { return nil }
        return reader.table.fields[index]
    }

    /// ``nextField(_:)`` up to the key's index in `keys`.
    mutating func nextKeyIndex(_ reader: inout ObjectState, of keys: KeyTable) throws(CodecError) -> Int? {
        // Fast path: the key expected next, spelled `"name":` right after the `{` or the `,`
        // (what RongWire and the SDKs write), is compared as bytes: no string scan, no table
        // search. Anything else (whitespace, escapes, another key, a duplicate) takes the general
        // path below.
        let source = scanner.source
        if scanner.index < source.count && source[scanner.index] == asciiCloseBrace {
            // The end of the object, right after `{` or a value.
            scanner.index += 1
            scanner.depth -= 1
            return nil
        }
        let expected = reader.expected
        let count = keys.count
        var i = scanner.index
        if !reader.first {
            i = i < source.count && source[i] == asciiComma ? i + 1 : source.count
        }
        if expected < count {
            let length = keys.matchesCompactKey(expected, at: source.baseAddress! + i, available: source.count - i)
            let bit: UInt64 = 1 << UInt64(expected)
            if length > 0 && reader.seen & bit == 0 {
                reader.seen |= bit
                reader.first = false
                reader.keyOffset = i
                reader.expected = expected + 1
                scanner.index = i + length
                record(keyAt: i)
                return expected
            }
        }
        // Not the expected key: the keys after it, then those before it, the same way (types
        // whose SDKs write their keys in another order, a key left out): a word compare or two
        // each, where the general path scans the key as a string and searches the table. A key
        // seen before never matches here, so that the general path reports the duplicate.
        if let k = keys.matchCompactKey(at: source.baseAddress! + i, available: source.count - i, after: expected, unseen: ~reader.seen) {
            reader.seen |= 1 << UInt64(k.index)
            reader.first = false
            reader.keyOffset = i
            reader.expected = k.index + 1
            scanner.index = i + k.length
            record(keyAt: i)
            return k.index
        }
        while true {
            guard let token = try scanner.nextKey(first: &reader.first) else { return nil }
            reader.keyOffset = token.start - 1
            if let index = keys.lookup(token, in: scanner) {
                let bit: UInt64 = 1 << UInt64(index)
                if reader.seen & bit != 0 {
                    throw CodecError(.duplicateKey, "duplicate key \"\(keys.names[index])\"", offset: token.start - 1)
                }
                reader.seen |= bit
                reader.expected = index + 1
                record(keyAt: token.start - 1, escaped: token.escaped)
                return index
            }
            record(keyAt: token.start - 1, escaped: token.escaped)
            let key = scanner.makeString(token)
            if !reader.dedup.insert(key, existing: reader.unknownFields) {
                throw CodecError(.duplicateKey, "duplicate key \"\(key)\"", offset: token.start - 1)
            }
            reader.unknownFields.appendUnchecked(key, try scanner.readValue())
        }
    }

    // MARK: Arrays

    /// Starts decoding a JSON array; ``CodecError/Code/typeMismatch`` when the next value is
    /// not one. Call ``nextElement(_:)`` until it returns false, and consume each element with
    /// one `decode…` call (or ``beginObject(_:)`` … ``nextField(_:)``).
    public mutating func beginArray() throws(CodecError) -> ArrayReader {
        guard peekKind() == .array else { throw typeMismatch("an array") }
        let start = scanner.index
        try scanner.beginArray()
        return ArrayReader(startOffset: start)
    }

    /// Positions the decoder at the next element of the array; false after the closing `]`.
    public mutating func nextElement(_ reader: inout ArrayReader) throws(CodecError) -> Bool {
        guard try scanner.nextElement(first: &reader.first) else { return false }
        reader.index += 1
        return true
    }

    /// Reads an array whose elements `element` decodes one by one (objects of a nested type,
    /// for example). `null` gives nil; another non-array value is
    /// ``CodecError/Code/typeMismatch``.
    public mutating func decodeArray<T>(
        _ element: (inout ContentDecoder) throws(CodecError) -> T
    ) throws(CodecError) -> [T]? {
        if try decodeNull() { return nil }
        var reader = try beginArray()
        var out: [T] = []
        while try nextElement(&reader) { out.append(try element(&self)) }
        return out
    }

    /// Moves a member into `reader.unknownFields` (used for alias keys that lost precedence).
    public func keepAsUnknown<Field>(_ key: String, _ value: JSONValue, in reader: inout ObjectReader<Field>) {
        if reader.unknownFields[key] == nil { reader.unknownFields.appendUnchecked(key, value) }
    }

    /// Settles an alias key once the object is read. When the canonical field is absent, the
    /// alias value fills it and this returns true: the caller then records its leniency rule.
    /// When both are present, the canonical value wins and the alias is kept as an unknown key
    /// under `key`, so nothing is lost and the canonical output (which has no rule firing)
    /// still passes strict mode.
    @discardableResult
    public func adoptAlias<T, Field>(
        _ alias: T?, into field: inout T?, key: String, json: (T) -> JSONValue, in reader: inout ObjectReader<Field>
    ) -> Bool {
        guard let alias else { return false }
        if field == nil {
            field = alias
            return true
        }
        keepAsUnknown(key, json(alias), in: &reader)
        return false
    }

    // MARK: Scalars

    /// Consumes `null` if it is next (recording ``Leniency/nullAsAbsent``); returns whether it did.
    public mutating func decodeNull() throws(CodecError) -> Bool {
        let at = scanner.index
        guard try scanner.scanNullIfPresent() else { return false }
        try noteLeniency(.nullAsAbsent, at: at)
        return true
    }

    /// Reads a string; `null` gives nil.
    public mutating func decodeString() throws(CodecError) -> String? {
        // The common case first: a string right at the current byte.
        if scanner.index < scanner.source.count && scanner.source[scanner.index] == asciiQuote {
            let t = try scanner.scanString()
            return defersStrings ? deferred(t) : scanner.makeString(t)
        }
        if try decodeNull() { return nil }
        guard scanner.peek() == asciiQuote else { throw typeMismatch("a string") }
        let t = try scanner.scanString()
        return defersStrings ? deferred(t) : scanner.makeString(t)
    }

    /// ``decodeString()`` for a reader that looks at the text before the value is built (a
    /// name that selects a case, a number in a string): it makes the text for a
    /// ``ContentView`` too, so that both decodes decide alike.
    mutating func decodeInspectedString() throws(CodecError) -> String? {
        if try decodeNull() { return nil }
        guard scanner.peek() == asciiQuote else { throw typeMismatch("a string") }
        return scanner.makeString(try scanner.scanString())
    }

    /// Reads a string, also accepting a number (converted to its JSON text) when `numberRule`
    /// is given, recording that rule. `null` gives nil.
    public mutating func decodeString(acceptingNumberAs numberRule: Leniency) throws(CodecError) -> String? {
        if peekKind() == .number {
            let at = scanner.index
            let n = try scanner.scanNumber()
            try noteLeniency(numberRule, at: at)
            return n.description
        }
        return try decodeString()
    }

    /// Reads an integer. A number with a zero fraction (`3.0`, `3e0`) is accepted; other
    /// fractions are ``CodecError/Code/typeMismatch``; values outside `range` are
    /// ``CodecError/Code/numberOutOfRange``. With `acceptNumericString`, a string holding a
    /// JSON integer is accepted too (``Leniency/numericString``). `null` gives nil.
    public mutating func decodeInt64(
        acceptNumericString: Bool = false,
        range: ClosedRange<Int64> = Int64.min...Int64.max
    ) throws(CodecError) -> Int64? {
        if try decodeNull() { return nil }
        let at = scanner.index
        let number: JSONNumber
        switch peekKind() {
        case .number?:
            number = try scanner.scanNumber()
        case .string? where acceptNumericString:
            let t = try scanner.scanString()
            guard let n = Self.parseNumericString(scanner, t) else {
                throw CodecError(.typeMismatch, "expected an integer or a numeric string, found \"\(scanner.makeString(t))\"", offset: at)
            }
            try noteLeniency(.numericString, at: at)
            number = n
        default:
            throw typeMismatch("an integer")
        }
        guard number.isIntegral else { throw CodecError(.typeMismatch, "expected an integer, found \(number)", offset: at) }
        guard let v = number.int64Value, range.contains(v) else {
            throw CodecError(.numberOutOfRange, "\(number) is outside \(range.lowerBound)...\(range.upperBound)", offset: at)
        }
        return v
    }

    /// Reads an `Int` within `range`, by default ``defaultIntRange`` (32 bits); see
    /// ``decodeInt64(acceptNumericString:range:)``.
    public mutating func decodeInt(
        acceptNumericString: Bool = false,
        range: ClosedRange<Int> = ContentDecoder.defaultIntRange
    ) throws(CodecError) -> Int? {
        let r = Int64(range.lowerBound)...Int64(range.upperBound)
        return try decodeInt64(acceptNumericString: acceptNumericString, range: r).map { Int($0) }
    }

    /// Reads a number as a `Double`. With `acceptNumericString`, a string holding a JSON number
    /// is accepted too (``Leniency/numericString``). `null` gives nil.
    public mutating func decodeDouble(acceptNumericString: Bool = false) throws(CodecError) -> Double? {
        if try decodeNull() { return nil }
        let at = scanner.index
        switch peekKind() {
        case .number?:
            return try scanner.scanNumber().doubleValue
        case .string? where acceptNumericString:
            let t = try scanner.scanString()
            guard let n = Self.parseNumericString(scanner, t) else {
                throw CodecError(.typeMismatch, "expected a number or a numeric string", offset: at)
            }
            try noteLeniency(.numericString, at: at)
            return n.doubleValue
        default:
            throw typeMismatch("a number")
        }
    }

    /// Reads a boolean. With `acceptZeroOne`, the numbers 0 and 1 are accepted too
    /// (``Leniency/boolAsInt``). `null` gives nil.
    public mutating func decodeBool(acceptZeroOne: Bool = false) throws(CodecError) -> Bool? {
        if try decodeNull() { return nil }
        let at = scanner.index
        switch peekKind() {
        case .bool?:
            return try scanner.scanBool()
        case .number? where acceptZeroOne:
            let n = try scanner.scanNumber()
            switch n.int64Value {
            case 0?: try noteLeniency(.boolAsInt, at: at); return false
            case 1?: try noteLeniency(.boolAsInt, at: at); return true
            default: throw CodecError(.typeMismatch, "expected a boolean or 0/1, found \(n)", offset: at)
            }
        default:
            throw typeMismatch("a boolean")
        }
    }

    /// Reads an array of strings. `null` gives nil.
    public mutating func decodeStringArray() throws(CodecError) -> [String]? {
        if try decodeNull() { return nil }
        guard peekKind() == .array else { throw typeMismatch("an array of strings") }
        try scanner.beginArray()
        var out: [String] = []
        var first = true
        while try scanner.nextElement(first: &first) {
            guard scanner.peek() == asciiQuote else { throw typeMismatch("a string") }
            let t = try scanner.scanString()
            out.append(defersStrings ? "" : scanner.makeString(t))
        }
        return out
    }

    /// Reads an array of strings, or (recording ``Leniency/stringAsList``) one string, which gives
    /// a list of that one string; the empty string gives an empty list. `null` gives nil.
    public mutating func decodeStringArrayOrString() throws(CodecError) -> [String]? {
        if peekKind() == .string {
            let at = scanner.index
            let s = scanner.makeString(try scanner.scanString())
            try noteLeniency(.stringAsList, at: at)
            return s.isEmpty ? [] : [s]
        }
        return try decodeStringArray()
    }

    /// Reads an array of strings, or (recording ``Leniency/commaSeparatedList``) one string
    /// split at commas; an empty string is an empty list. `null` gives nil.
    public mutating func decodeStringList() throws(CodecError) -> [String]? {
        if peekKind() == .string {
            let at = scanner.index
            let s = scanner.makeString(try scanner.scanString())
            try noteLeniency(.commaSeparatedList, at: at)
            return s.isEmpty ? [] : s.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        return try decodeStringArray()
    }

    /// Reads any JSON value (`null` is returned as ``JSONValue/null``).
    public mutating func decodeValue() throws(CodecError) -> JSONValue {
        try scanner.readValue()
    }

    /// Reads an object as a ``JSONObject``. `null` gives nil.
    public mutating func decodeObject() throws(CodecError) -> JSONObject? {
        if try decodeNull() { return nil }
        guard peekKind() == .object else { throw typeMismatch("an object") }
        return try scanner.readObject()
    }

    /// Reads a string field whose canonical form is a string, but which some SDKs send as an
    /// object or array: those are kept as their canonical JSON text (``Leniency/objectAsString``).
    public mutating func decodeStringOrJSONText() throws(CodecError) -> String? {
        switch peekKind() {
        case .object?, .array?:
            let at = scanner.index
            let v = try scanner.readValue()
            try noteLeniency(.objectAsString, at: at)
            return String(decoding: try v.canonicalBytes(), as: UTF8.self)
        default:
            return try decodeString()
        }
    }

    /// Reads an object field, also accepting a string that holds a JSON object
    /// (``Leniency/stringAsObject``). A string that is not a JSON object is
    /// ``CodecError/Code/typeMismatch``, except that with `emptyStringIsAbsent` the empty string
    /// gives nil (``Leniency/emptyStringAsAbsent``). `null` gives nil.
    public mutating func decodeObjectOrJSONText(emptyStringIsAbsent: Bool = false) throws(CodecError) -> JSONObject? {
        guard peekKind() == .string else { return try decodeObject() }
        let at = scanner.index
        let text = scanner.makeString(try scanner.scanString())
        if emptyStringIsAbsent && text.isEmpty {
            try noteLeniency(.emptyStringAsAbsent, at: at)
            return nil
        }
        var inner = options
        inner.maxDepth = max(1, options.maxDepth - (scanner.depth))
        guard case .object(let o)? = try? JSONValue(parsing: Array(text.utf8), options: inner) else {
            throw CodecError(.typeMismatch, "expected an object or a string holding a JSON object", offset: at)
        }
        try noteLeniency(.stringAsObject, at: at)
        return o
    }

    /// Skips one value of any type.
    public mutating func skipValue() throws(CodecError) {
        _ = try scanner.readValue()
    }

    static func parseNumericString(_ scanner: JSONScanner, _ token: StringToken) -> JSONNumber? {
        let text = scanner.makeString(token)
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        return bytes.withUnsafeBytes { raw -> JSONNumber? in
            // No surrounding whitespace: "12" is a numeric string, " 12" is not.
            guard raw[0] == asciiMinus || isDigit(raw[0]) else { return nil }
            var inner = JSONScanner(source: raw, maxDepth: 1)
            guard let n = try? inner.scanNumber(), inner.isAtEnd else { return nil }
            return n
        }
    }
}
