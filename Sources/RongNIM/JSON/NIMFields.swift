// Sources/RongNIM/JSON/NIMFields.swift - reading the members of one object of a NIM or RC form

import RongCodec

/// Reads the members of one JSON object of the NIM message JSON form or the RC record form with
/// typed errors at the member's JSON path (spec/nim.md, NIM-JSON-001): an absent required member
/// is `missingRequiredField`, a wrong JSON type `typeMismatch`, an integer outside the member's
/// range `numberOutOfRange`, a member the form does not define `invalidValue`. `null` means
/// absent.
struct NIMFields {
    let object: JSONObject
    let path: String
    /// Names read so far (the form's own ASCII names), matched against input keys by bytes.
    private var used: [String] = []

    init(_ value: JSONValue, path: String, what: String) throws(CodecError) {
        guard case .object(let o) = value else {
            throw CodecError(.typeMismatch, "\(what) must be a JSON object, not \(value.typeName)", path: path)
        }
        object = o
        self.path = path
    }

    func at(_ key: String) -> String { JSONPath.member(path, key) }

    /// The member's value, nil when absent or null; marks it as read.
    mutating func value(_ key: String) -> JSONValue? {
        used.append(key)
        guard let v = object[key], v != .null else { return nil }
        return v
    }

    mutating func required(_ key: String) throws(CodecError) -> JSONValue {
        guard let v = value(key) else { throw CodecError(.missingRequiredField, "\(key) is required", path: at(key)) }
        return v
    }

    mutating func string(_ key: String) throws(CodecError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw mismatch(key, "a string", v) }
        return s
    }

    mutating func requiredString(_ key: String) throws(CodecError) -> String {
        guard let s = try string(key) else { throw CodecError(.missingRequiredField, "\(key) is required", path: at(key)) }
        return s
    }

    mutating func bool(_ key: String) throws(CodecError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw mismatch(key, "a boolean", v) }
        return b
    }

    /// An integer in `range`; nil when absent.
    mutating func integer(_ key: String, in range: ClosedRange<Int64>) throws(CodecError) -> Int64? {
        guard let v = value(key) else { return nil }
        guard case .number(let n) = v, n.isIntegral else { throw mismatch(key, "an integer", v) }
        guard let i = n.int64Value, range.contains(i) else {
            throw CodecError(.numberOutOfRange, "\(key) must be between \(range.lowerBound) and \(range.upperBound), not \(n)", path: at(key))
        }
        return i
    }

    mutating func requiredInteger(_ key: String, in range: ClosedRange<Int64>) throws(CodecError) -> Int64 {
        guard let i = try integer(key, in: range) else { throw CodecError(.missingRequiredField, "\(key) is required", path: at(key)) }
        return i
    }

    /// A finite JSON number; nil when absent.
    mutating func number(_ key: String) throws(CodecError) -> JSONNumber? {
        guard let v = value(key) else { return nil }
        guard case .number(let n) = v, n.isFinite else { throw mismatch(key, "a number", v) }
        return n
    }

    mutating func object(_ key: String) throws(CodecError) -> JSONObject? {
        guard let v = value(key) else { return nil }
        guard case .object(let o) = v else { throw mismatch(key, "an object", v) }
        return o
    }

    mutating func stringArray(_ key: String) throws(CodecError) -> [String]? {
        guard let v = value(key) else { return nil }
        guard case .array(let a) = v else { throw mismatch(key, "an array of strings", v) }
        var out: [String] = []
        out.reserveCapacity(a.count)
        for (i, e) in a.enumerated() {
            guard case .string(let s) = e else {
                throw CodecError(.typeMismatch, "\(key)[\(i)] must be a string, not \(e.typeName)", path: at(key) + "[\(i)]")
            }
            out.append(s)
        }
        return out
    }

    /// Fails on members that were not read. With `ignoringDerived`, members whose name starts
    /// with `$` are skipped (the RC record form: derived members, ENV-JSON-002).
    func finish(ignoringDerived: Bool = false) throws(CodecError) {
        for m in object where !used.contains(where: { $0.utf8.elementsEqual(m.key.utf8) }) {
            if ignoringDerived && m.key.utf8.first == UInt8(ascii: "$") { continue }
            throw CodecError(.invalidValue, "unknown member \(m.key)", path: at(m.key))
        }
    }

    /// The members not read so far, in input order: NetEase's forms report them lost instead of
    /// refusing them (spec/nim.md, NIM-FORM-002).
    func unreadMembers() -> [JSONObject.Member] {
        object.filter { m in !used.contains(where: { $0.utf8.elementsEqual(m.key.utf8) }) }
    }

    func mismatch(_ key: String, _ expected: String, _ v: JSONValue) -> CodecError {
        CodecError(.typeMismatch, "\(key) must be \(expected), not \(v.typeName)", path: at(key))
    }

    func invalid(_ key: String, _ reason: String) -> CodecError {
        CodecError(.invalidValue, reason, path: at(key))
    }
}

/// JSON paths in RongWire's notation (`$.user.id`, `$["a b"]`).
enum JSONPath {
    /// `base` followed by the member `key`: `.key` for an identifier, `["key"]` otherwise.
    static func member(_ base: String, _ key: String) -> String {
        if isIdentifier(key) { return base + "." + key }
        let quoted = (try? JSONValue.string(key).canonicalBytes()).map { String(decoding: $0, as: UTF8.self) } ?? "\"?\""
        return base + "[" + quoted + "]"
    }

    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return key.utf8.allSatisfy { b in
            (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || (0x30...0x39).contains(b) || b == 0x5F || b == 0x24
        }
    }
}
