// Sources/RongCodec/JSON/JSONWriter.swift - compact canonical JSON output

/// Writes compact canonical JSON into a byte array.
///
/// Canonical means: no insignificant whitespace; strings escape only `"`, `\` and control
/// characters (`\b \f \n \r \t`, otherwise `\u00xx` in lower-case hex), never `/`, and write
/// everything else as raw UTF-8; integers exactly; doubles in the shortest round-trip form
/// (see ``JSONNumber``). Key order is the order of the calls.
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]
    private var needsComma = false
    /// What encode-side validation needs to know about the output (`EncodeChecks.swift`).
    @usableFromInline var checks = EncodeChecks()

    /// Creates an empty writer.
    public init(reservingCapacity capacity: Int = 128) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: Structure

    /// Writes `{`.
    public mutating func beginObject() {
        separate()
        checks.enter(at: bytes.count)
        bytes.append(asciiOpenBrace)
        needsComma = false
    }

    /// Writes `}`.
    public mutating func endObject() {
        bytes.append(asciiCloseBrace)
        checks.leave()
        needsComma = true
    }

    /// Writes `[`.
    public mutating func beginArray() {
        separate()
        checks.enter(at: bytes.count)
        bytes.append(asciiOpenBracket)
        needsComma = false
    }

    /// Writes `]`.
    public mutating func endArray() {
        bytes.append(asciiCloseBracket)
        checks.leave()
        needsComma = true
    }

    /// Writes a key known at compile time (plain ASCII, no escaping needed) and `:`.
    public mutating func key(_ name: StaticString) {
        if needsComma { bytes.append(asciiComma) }
        bytes.append(asciiQuote)
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(asciiQuote)
        bytes.append(asciiColon)
        needsComma = false
    }

    /// Writes an arbitrary key (escaped as needed) and `:`.
    public mutating func key(_ name: String) {
        if needsComma { bytes.append(asciiComma) }
        appendEscaped(name)
        bytes.append(asciiColon)
        needsComma = false
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { bytes.append(asciiComma) }
    }

    // MARK: Scalars

    /// Writes a string value.
    public mutating func string(_ value: String) {
        separate()
        appendEscaped(value)
        needsComma = true
    }

    /// Writes an integer value.
    public mutating func int(_ value: Int64) {
        separate()
        appendInt(value)
        needsComma = true
    }

    /// Writes a boolean value.
    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? [0x74, 0x72, 0x75, 0x65] : [0x66, 0x61, 0x6C, 0x73, 0x65])
        needsComma = true
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        needsComma = true
    }

    /// Writes a number; NaN and infinities are not JSON and throw ``CodecError/Code/invalidValue``.
    public mutating func number(_ value: JSONNumber) throws(CodecError) {
        switch value.storage {
        case .int(let i): int(i)
        case .double(let d):
            guard d.isFinite else { throw CodecError(.invalidValue, "\(d) cannot be written as JSON") }
            separate()
            // Up to 2^53 every integral double's shortest round-trip digits are all its digits, so
            // the integer text is the ECMAScript form; above, the shortest form ends in zeros
            // (2^60 is written 1152921504606847000), which only ecmaScriptString lays out.
            if d.magnitude <= 9_007_199_254_740_992, let i = Int64(exactly: d) {
                appendInt(i)
            } else {
                bytes.append(contentsOf: JSONNumber.ecmaScriptString(d).utf8)
            }
            needsComma = true
        case .uint, .bigInteger:
            separate()
            bytes.append(contentsOf: value.description.utf8)
            needsComma = true
        }
    }

    /// Writes a double; NaN and infinities throw ``CodecError/Code/invalidValue``.
    public mutating func double(_ value: Double) throws(CodecError) {
        try number(JSONNumber(value))
    }

    /// Writes any JSON value.
    public mutating func value(_ value: JSONValue) throws(CodecError) {
        switch value {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let n): try number(n)
        case .string(let s): string(s)
        case .array(let a):
            beginArray()
            for e in a { try self.value(e) }
            endArray()
        case .object(let o):
            beginObject()
            try members(o)
            endObject()
        }
    }

    /// Writes the members of `object` into the object being written (used for unknown keys).
    public mutating func members(_ object: JSONObject) throws(CodecError) {
        for m in object.members {
            key(m.key)
            try value(m.value)
        }
    }

    /// Writes pre-encoded JSON bytes as one value. The caller guarantees they are valid JSON.
    mutating func raw(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    // MARK: Field helpers (skip absent values)

    /// Writes `"name":value` when `value` is not nil.
    public mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    /// Writes `"name":value` when `value` is not nil.
    public mutating func field(_ name: StaticString, _ value: Int64?) {
        guard let value else { return }
        key(name)
        int(value)
    }

    /// Writes `"name":value` when `value` is not nil.
    public mutating func field(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        bool(value)
    }

    /// Writes `"name":value` when `value` is not nil.
    public mutating func field(_ name: StaticString, _ value: Double?) throws(CodecError) {
        guard let value else { return }
        key(name)
        try double(value)
    }

    /// Writes `"name":value` when `value` is not nil.
    public mutating func field(_ name: StaticString, _ value: JSONValue?) throws(CodecError) {
        guard let value else { return }
        key(name)
        try self.value(value)
    }

    /// Writes `"name":{...}` when `value` is not nil.
    public mutating func field(_ name: StaticString, _ value: JSONObject?) throws(CodecError) {
        guard let value else { return }
        key(name)
        beginObject()
        try members(value)
        endObject()
    }

    /// Writes `"name":[...]` when `value` is not nil.
    public mutating func field(_ name: StaticString, _ value: [String]?) {
        guard let value else { return }
        key(name)
        beginArray()
        for s in value { string(s) }
        endArray()
    }

    // MARK: Encoding primitives

    private mutating func appendInt(_ value: Int64) {
        if value >= 0 && value < 10 {
            bytes.append(asciiZero + UInt8(value))
            return
        }
        var magnitude = value.magnitude
        if value < 0 { bytes.append(asciiMinus) }
        var tmp: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch, enough for 20 digits
        withUnsafeMutableBytes(of: &tmp) { buf in
            var i = buf.count
            repeat {
                i -= 1
                buf[i] = asciiZero + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buf[i...]))
        }
    }

    private mutating func appendEscaped(_ s: String) {
        bytes.append(asciiQuote)
        var s = s
        s.withUTF8 { utf8 in
            var runStart = 0
            for i in 0..<utf8.count {
                let b = utf8[i]
                guard b < 0x20 || b == asciiQuote || b == asciiBackslash else { continue }
                if runStart < i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
                runStart = i + 1
                bytes.append(asciiBackslash)
                switch b {
                case asciiQuote: bytes.append(asciiQuote)
                case asciiBackslash: bytes.append(asciiBackslash)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), asciiZero, asciiZero, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
                }
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        bytes.append(asciiQuote)
    }
}

extension JSONValue {
    /// The compact canonical JSON text of this value.
    public func canonicalBytes() throws(CodecError) -> [UInt8] {
        var w = JSONWriter()
        try w.value(self)
        return w.bytes
    }

    /// Parses one JSON text strictly (RFC 8259), with the given limits.
    public init(parsing bytes: some Collection<UInt8>, options: DecodingOptions = .default) throws(CodecError) {
        let array = Array(bytes)
        let result: Result<JSONValue, CodecError> = array.withUnsafeBytes { raw in
            do throws(CodecError) {
                return .success(try JSONScanner.parse(raw, options: options))
            } catch {
                var e = error
                if e.path == nil, e.code != .sizeLimit, let offset = e.offset { e.path = JSONPathLocator.path(in: raw, at: offset) }
                return .failure(e)
            }
        }
        self = try result.get()
    }
}
