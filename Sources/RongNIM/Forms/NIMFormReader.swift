// Sources/RongNIM/Forms/NIMFormReader.swift - what every NetEase form reader shares

import RongCodec

/// The state of one NetEase-form read: the losses found so far and the path map. Members are
/// read with RongCodec's `JSONMemberReader`; the helpers here add NetEase's lenient scalars
/// (NIM-FORM-004) and JSON held as text (NIM-FORM-003).
struct NIMFormReader {
    let form: NIMForm
    var losses = LossList()
    var paths = NIMPathMap()
    /// The server API v1 send form is posted form-urlencoded: `"0"` and `"false"` there say no
    /// more than `0` and `false` (NIM-FORM-002).
    var urlencoded = false

    init(_ form: NIMForm) { self.form = form }

    /// The result of the read.
    func result(_ record: NIMRecord) -> NIMFormRecord {
        NIMFormRecord(form: form, record: record, losses: losses.items, paths: paths)
    }

    /// Checks the record by the rules of the NIM message JSON form, the one set of rules every
    /// form is held to (its limits, ranges and member combinations), and returns the read. An
    /// error's path is the input's (the path map's).
    func finish(_ record: NIMRecord) throws(CodecError) -> NIMFormRecord {
        do throws(CodecError) {
            return result(try NIMRecord(json: record.jsonValue()))
        } catch {
            var e = error
            if let p = e.path { e.path = paths.inputPath(p) }
            throw e
        }
    }

    /// Records where the model member `model` came from.
    mutating func map(_ model: String, _ input: String) { paths.map(model, input) }

    /// Records that the model member `model` came from several input members.
    mutating func map(_ model: String, _ inputs: [String]) { paths.map(model, inputs) }

    /// Reports the members of `f` not read so far as lost (NIM-FORM-002), when they say something.
    mutating func loseUnread(_ f: JSONMemberReader) {
        for m in f.unreadMembers() where informative(m.value) { losses.add("NIM-FORM-002", f.at(m.key)) }
    }

    /// Reports one member lost (NIM-FORM-002) when it says something.
    mutating func lose(_ value: JSONValue?, at path: String) {
        if let value, informative(value) { losses.add("NIM-FORM-002", path) }
    }

    /// Whether a value carries information (NIM-LOSS-001); in the urlencoded form also not the
    /// strings `"0"` and `"false"`.
    func informative(_ v: JSONValue) -> Bool {
        if urlencoded, case .string(let s) = v, s == "0" || s == "false" { return false }
        return NIMConverter.isInformative(v)
    }

    // MARK: Lenient scalars (NIM-FORM-004)

    /// A string; a number is taken as its text (team ids are numbers in some forms, strings in others).
    func string(_ f: inout JSONMemberReader, _ key: String) throws(CodecError) -> String? {
        guard let v = f.value(key) else { return nil }
        switch v {
        case .string(let s): return s
        case .number(let n) where n.isIntegral: return n.description
        default: throw f.mismatch(key, "a string", v)
        }
    }

    func requiredString(_ f: inout JSONMemberReader, _ key: String) throws(CodecError) -> String {
        guard let s = try string(&f, key) else { throw CodecError(.missingRequiredField, "\(key) is required", path: f.at(key)) }
        return s
    }

    /// An integer in `range`, as a JSON number or as a string of decimal digits (form-urlencoded).
    func integer(_ f: inout JSONMemberReader, _ key: String, in range: ClosedRange<Int64>) throws(CodecError) -> Int64? {
        guard let v = f.value(key) else { return nil }
        let n: JSONNumber
        switch v {
        case .number(let x): n = x
        case .string(let s):
            guard let x = Self.decimal(s) else { throw f.mismatch(key, "an integer (a number, or a string of digits)", v) }
            n = x
        default: throw f.mismatch(key, "an integer", v)
        }
        guard n.isIntegral else { throw f.mismatch(key, "an integer", v) }
        guard let i = n.int64Value, range.contains(i) else {
            throw CodecError(.numberOutOfRange, "\(key) must be between \(range.lowerBound) and \(range.upperBound), not \(n)", path: f.at(key))
        }
        return i
    }

    func requiredInteger(_ f: inout JSONMemberReader, _ key: String, in range: ClosedRange<Int64>) throws(CodecError) -> Int64 {
        guard let i = try integer(&f, key, in: range) else { throw CodecError(.missingRequiredField, "\(key) is required", path: f.at(key)) }
        return i
    }

    /// A finite number, as a JSON number or a decimal string.
    func number(_ f: inout JSONMemberReader, _ key: String) throws(CodecError) -> JSONNumber? {
        guard let v = f.value(key) else { return nil }
        switch v {
        case .number(let n) where n.isFinite: return n
        case .string(let s):
            if let n = Self.decimal(s, allowFraction: true), n.isFinite { return n }
            throw f.mismatch(key, "a number", v)
        default: throw f.mismatch(key, "a number", v)
        }
    }

    /// A boolean as NetEase's forms write one: `true`/`false`, `1`/`0`, or those as strings.
    func bool(_ f: inout JSONMemberReader, _ key: String) throws(CodecError) -> Bool? {
        guard let v = f.value(key) else { return nil }
        switch v {
        case .bool(let b): return b
        case .number(let n) where n == JSONNumber(0): return false
        case .number(let n) where n == JSONNumber(1): return true
        case .string("true"), .string("1"): return true
        case .string("false"), .string("0"): return false
        default: throw f.mismatch(key, "a boolean (true, false, 1 or 0)", v)
        }
    }

    /// Milliseconds since 1970, the unit of every NetEase wire time, as the model's seconds
    /// (exactly: 1700000000123 → 1700000000.123). At most 10^14 - 1, as `$sentTime`.
    func milliseconds(_ f: inout JSONMemberReader, _ key: String) throws(CodecError) -> JSONNumber? {
        try integer(&f, key, in: RCMessageRecord.sentTimeRange).map(TimeConversion.seconds(fromMilliseconds:))
    }

    /// The number a string spells in JSON's number syntax (`"17"`, `"-3"`, `"1.5"` with
    /// `allowFraction`), nil otherwise.
    static func decimal(_ s: String, allowFraction: Bool = false) -> JSONNumber? {
        let b = Array(s.utf8)
        guard !b.isEmpty, b.count <= 40 else { return nil }
        let allowed: (UInt8) -> Bool = { c in
            (0x30...0x39).contains(c) || c == UInt8(ascii: "-") || (allowFraction && (c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || c == UInt8(ascii: "+")))
        }
        guard b.allSatisfy(allowed), case .number(let n)? = try? JSONValue(parsing: b) else { return nil }
        return n
    }

    // MARK: JSON held as text (NIM-FORM-003)

    /// The JSON value a member holds: an object or array as it is, or the JSON text of a string
    /// (compact, pretty-printed, with a trailing newline: whitespace is not information).
    func embedded(_ v: JSONValue, at path: String, _ what: String) throws(CodecError) -> JSONValue {
        guard case .string(let text) = v else { return v }
        return try Self.parseEmbedded(text, at: path, what)
    }

    /// Parses the JSON text of a string member; `invalidEmbeddedJSON` when it is not JSON, with
    /// a Python `str(dict)` (`{'msg': 'hello'}`) named as such.
    static func parseEmbedded(_ text: String, at path: String, _ what: String) throws(CodecError) -> JSONValue {
        do throws(CodecError) {
            return try JSONValue(parsing: Array(text.utf8))
        } catch {
            if looksLikePython(text) {
                throw CodecError(
                    .invalidEmbeddedJSON,
                    "\(what) is a Python dict literal (str(dict), single quotes), not JSON: write it with json.dumps", path: path)
            }
            let at = error.offset.map { " at byte \($0)" } ?? ""
            throw CodecError(.invalidEmbeddedJSON, "\(what) must hold JSON text: \(error.code.rawValue)\(at)", path: path)
        }
    }

    /// A Python literal: after whitespace, `{'` or `['`, or `True`/`False`/`None` where JSON has
    /// `true`/`false`/`null`.
    static func looksLikePython(_ text: String) -> Bool {
        let t = text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = t.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return false }
        let rest = t.dropFirst().drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if rest.first == UInt8(ascii: "'") { return true }
        let s = String(decoding: t, as: UTF8.self)
        return s.contains(": True") || s.contains(": False") || s.contains(": None")
    }

    /// The JSON object a member holds (as an object or as JSON text), or nil with a loss
    /// (NIM-FORM-002) when it holds something else: for members the model keeps as an object
    /// (`ext`, `payload`, `local_ext`) where NetEase's own code sends any string.
    mutating func objectOrLose(_ v: JSONValue?, at path: String) -> JSONObject? {
        guard let v else { return nil }
        switch v {
        case .object(let o): return o
        case .string(let s):
            if case .object(let o)? = try? JSONValue(parsing: Array(s.utf8)) { return o }
            if !s.isEmpty { losses.add("NIM-FORM-002", path) }
            return nil
        default:
            lose(v, at: path)
            return nil
        }
    }

    /// A custom payload (`encodeAttachment`'s string, 003:1429): a string is kept byte for byte
    /// (where the form defines it as JSON, once it is known to be JSON, NIM-FORM-003); an object
    /// or array is written as compact JSON.
    static func customPayload(_ v: JSONValue, at path: String, _ what: String, requireJSON: Bool) throws(CodecError) -> String {
        switch v {
        case .string(let s):
            if requireJSON { _ = try parseEmbedded(s, at: path, what) }
            return s
        default:
            return String(decoding: try v.canonicalBytes(), as: UTF8.self)
        }
    }
}
