// Sources/RongEnvelope/Packets/JSONFields.swift - reading the members of a packet JSON object

import RongCodec

/// Reads the members of one object of the packet JSON form with typed errors (at the member's
/// JSON path): absent required member → `CodecError.Code.missingRequiredField`, wrong JSON type
/// → `CodecError.Code.typeMismatch`, integer out of the field's range →
/// `CodecError.Code.numberOutOfRange`, a member the form does not define →
/// `CodecError.Code.invalidValue`. Members whose name starts with `$` are derived (output only)
/// and skipped. `null` means absent.
struct JSONFields {
    let object: JSONObject
    let path: String
    /// Names read so far (this form's own ASCII names), matched against input keys by bytes.
    private var used: [String] = []

    init(_ value: JSONValue, path: String, what: String) throws(CodecError) {
        guard case .object(let o) = value else {
            throw CodecError(.typeMismatch, "\(what) must be a JSON object, not \(value.typeName)", path: path)
        }
        object = o
        self.path = path
    }

    func at(_ key: String) -> String { path + "." + key }

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

    mutating func bool(_ key: String, default fallback: Bool) throws(CodecError) -> Bool {
        guard let v = value(key) else { return fallback }
        guard case .bool(let b) = v else { throw mismatch(key, "a boolean", v) }
        return b
    }

    mutating func plainString(_ key: String) throws(CodecError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw mismatch(key, "a string", v) }
        return s
    }

    /// An unsigned integer of type `T`; `fallback` when absent (nil: required).
    mutating func integer<T: FixedWidthInteger & UnsignedInteger>(_ key: String, _: T.Type, default fallback: T? = nil) throws(CodecError) -> T {
        guard let v = value(key) else {
            if let fallback { return fallback }
            throw CodecError(.missingRequiredField, "\(key) is required", path: at(key))
        }
        guard case .number(let n) = v, n.isIntegral else { throw mismatch(key, "an integer", v) }
        let parsed: T? =
            if let i = n.int64Value { T(exactly: i) } else { UInt64(n.description).flatMap { T(exactly: $0) } }
        guard let result = parsed else {
            throw CodecError(.numberOutOfRange, "\(key) must be between 0 and \(T.max), not \(n)", path: at(key))
        }
        return result
    }

    /// A header string: a JSON string (written as CESU-8), or `{"text": …, "hex": …}` for exact
    /// wire bytes that are not the canonical form.
    mutating func string(_ key: String) throws(CodecError) -> RMTPString? {
        guard let v = value(key) else { return nil }
        return try RMTPStringJSON.string(from: v, path: at(key))
    }

    mutating func requiredString(_ key: String) throws(CodecError) -> RMTPString {
        guard let s = try string(key) else { throw CodecError(.missingRequiredField, "\(key) is required", path: at(key)) }
        return s
    }

    /// Fails on members that were not read (derived `$` members excepted).
    func finish() throws(CodecError) {
        // By bytes, as JSONObject looks keys up: a key only canonically equivalent to a name
        // read (`\u212A` KELVIN SIGN for `K`) is not that member.
        for m in object where !used.contains(where: { $0.utf8.elementsEqual(m.key.utf8) }) && m.key.utf8.first != UInt8(ascii: "$") {
            throw CodecError(.invalidValue, "unknown member \(m.key)", path: at(m.key))
        }
    }

    func mismatch(_ key: String, _ expected: String, _ v: JSONValue) -> CodecError {
        CodecError(.typeMismatch, "\(key) must be \(expected), not \(v.typeName)", path: at(key))
    }
}
