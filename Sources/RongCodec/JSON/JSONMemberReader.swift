// Sources/RongCodec/JSON/JSONMemberReader.swift - reading the members of one JSON object of a form

/// Reads the members of one JSON object of a JSON form (the packet and outbound message forms of
/// RongEnvelope; the NIM message, RC record and NetEase forms of RongNIM) with typed errors at the
/// member's path (``JSONPath``): an absent required member is
/// ``CodecError/Code/missingRequiredField``, a wrong JSON type ``CodecError/Code/typeMismatch``,
/// an integer outside the member's range ``CodecError/Code/numberOutOfRange``, a member the form
/// does not define ``CodecError/Code/invalidValue`` (``finish(ignoringDerived:)``). `null` means
/// absent.
package struct JSONMemberReader {
    /// The object read.
    package let object: JSONObject
    /// The object's own path; members are at ``at(_:)``.
    package let path: String
    /// Names read so far (the form's own names), matched against input keys by bytes.
    private var used: [String] = []

    /// A reader of `value`, which must be an object (`what` names it in the error).
    package init(_ value: JSONValue, path: String, what: String) throws(CodecError) {
        guard case .object(let o) = value else {
            throw CodecError(.typeMismatch, "\(what) must be a JSON object, not \(value.typeName)", path: path)
        }
        object = o
        self.path = path
    }

    /// The path of the member `key`.
    package func at(_ key: String) -> String { JSONPath.member(path, key) }

    /// The member's value, nil when absent or null; marks it as read.
    package mutating func value(_ key: String) -> JSONValue? {
        used.append(key)
        guard let v = object[key], v != .null else { return nil }
        return v
    }

    /// The member's value; absent or null is `missingRequiredField`.
    package mutating func required(_ key: String) throws(CodecError) -> JSONValue {
        guard let v = value(key) else { throw missing(key) }
        return v
    }

    /// A string member; nil when absent.
    package mutating func string(_ key: String) throws(CodecError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw mismatch(key, "a string", v) }
        return s
    }

    /// A string member that must be present.
    package mutating func requiredString(_ key: String) throws(CodecError) -> String {
        guard let s = try string(key) else { throw missing(key) }
        return s
    }

    /// A boolean member; nil when absent.
    package mutating func bool(_ key: String) throws(CodecError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw mismatch(key, "a boolean", v) }
        return b
    }

    /// An integer in `range`; nil when absent.
    package mutating func integer(_ key: String, in range: ClosedRange<Int64>) throws(CodecError) -> Int64? {
        guard let v = value(key) else { return nil }
        guard case .number(let n) = v, n.isIntegral else { throw mismatch(key, "an integer", v) }
        guard let i = n.int64Value, range.contains(i) else {
            throw CodecError(.numberOutOfRange, "\(key) must be between \(range.lowerBound) and \(range.upperBound), not \(n)", path: at(key))
        }
        return i
    }

    /// An integer in `range` that must be present.
    package mutating func requiredInteger(_ key: String, in range: ClosedRange<Int64>) throws(CodecError) -> Int64 {
        guard let i = try integer(key, in: range) else { throw missing(key) }
        return i
    }

    /// An integer of type `T`, any value `T` holds (a `UInt64` above `Int64.max` too); nil when
    /// absent.
    package mutating func integer<T: FixedWidthInteger>(_ key: String, as _: T.Type) throws(CodecError) -> T? {
        guard let v = value(key) else { return nil }
        guard case .number(let n) = v, n.isIntegral else { throw mismatch(key, "an integer", v) }
        let parsed: T? =
            if let i = n.int64Value { T(exactly: i) } else { UInt64(n.description).flatMap { T(exactly: $0) } }
        guard let result = parsed else {
            throw CodecError(.numberOutOfRange, "\(key) must be between \(T.min) and \(T.max), not \(n)", path: at(key))
        }
        return result
    }

    /// An integer of type `T` that must be present.
    package mutating func requiredInteger<T: FixedWidthInteger>(_ key: String, as type: T.Type) throws(CodecError) -> T {
        guard let i = try integer(key, as: type) else { throw missing(key) }
        return i
    }

    /// A finite number; nil when absent.
    package mutating func number(_ key: String) throws(CodecError) -> JSONNumber? {
        guard let v = value(key) else { return nil }
        guard case .number(let n) = v, n.isFinite else { throw mismatch(key, "a number", v) }
        return n
    }

    /// An object member; nil when absent.
    package mutating func object(_ key: String) throws(CodecError) -> JSONObject? {
        guard let v = value(key) else { return nil }
        guard case .object(let o) = v else { throw mismatch(key, "an object", v) }
        return o
    }

    /// An array of strings; nil when absent. A non-string element fails at its own path.
    package mutating func stringArray(_ key: String) throws(CodecError) -> [String]? {
        guard let v = value(key) else { return nil }
        guard case .array(let a) = v else { throw mismatch(key, "an array of strings", v) }
        var out: [String] = []
        out.reserveCapacity(a.count)
        for (i, e) in a.enumerated() {
            guard case .string(let s) = e else {
                throw CodecError(.typeMismatch, "\(key)[\(i)] must be a string, not \(e.typeName)", path: JSONPath.element(at(key), i))
            }
            out.append(s)
        }
        return out
    }

    /// Fails on members that were not read. With `ignoringDerived`, members whose name starts
    /// with `$` are skipped (derived, output-only members: ENV-JSON-002).
    package func finish(ignoringDerived: Bool = false) throws(CodecError) {
        // By bytes, as JSONObject looks keys up: a key only canonically equivalent to a name
        // read (`\u212A` KELVIN SIGN for `K`) is not that member.
        for m in object where !used.contains(where: { $0.utf8.elementsEqual(m.key.utf8) }) {
            if ignoringDerived && m.key.utf8.first == UInt8(ascii: "$") { continue }
            throw CodecError(.invalidValue, "unknown member \(m.key)", path: at(m.key))
        }
    }

    /// The members not read so far, in input order, matched by bytes as ``finish(ignoringDerived:)``
    /// does: NetEase's forms report them lost instead of refusing them (spec/nim.md, NIM-FORM-002).
    package func unreadMembers() -> [JSONObject.Member] {
        object.filter { m in !used.contains(where: { $0.utf8.elementsEqual(m.key.utf8) }) }
    }

    /// `missingRequiredField` at the member.
    package func missing(_ key: String) -> CodecError {
        CodecError(.missingRequiredField, "\(key) is required", path: at(key))
    }

    /// `typeMismatch` at the member: it must be `expected`, not what `v` is.
    package func mismatch(_ key: String, _ expected: String, _ v: JSONValue) -> CodecError {
        CodecError(.typeMismatch, "\(key) must be \(expected), not \(v.typeName)", path: at(key))
    }

    /// `invalidValue` at the member.
    package func invalid(_ key: String, _ reason: String) -> CodecError {
        CodecError(.invalidValue, reason, path: at(key))
    }
}
