// Sources/RongEnvelope/Packets/RMTPString+JSON.swift - a header string in the packet JSON form

import RongCodec

/// The JSON form of a header string (spec/envelope.md, "Strings").
enum RMTPStringJSON {
    static func json(_ s: RMTPString) -> JSONValue {
        if s.isCanonical { return .string(s.text) }
        return ["text": .string(s.text), "hex": .string(Hex.encode(s.wireBytes))]
    }

    static func string(from v: JSONValue, path: String) throws(CodecError) -> RMTPString {
        switch v {
        case .string(let s): return RMTPString(s)
        case .object:
            var f = try JSONMemberReader(v, path: path, what: "a string in exact form")
            guard let bytes = Hex.decode(try f.requiredString("hex")) else { throw f.invalid("hex", "hex must be pairs of hex digits") }
            let s = try RMTPString(wireBytes: bytes)
            if let text = try f.string("text"), text != s.text { throw f.invalid("text", "text does not match the decoded hex") }
            try f.finish(ignoringDerived: true)
            return s
        default:
            throw CodecError(.typeMismatch, "a header string must be a JSON string or object, not \(v.typeName)", path: path)
        }
    }
}

extension JSONMemberReader {
    /// A header string member (``RMTPStringJSON``); nil when absent.
    mutating func rmtpString(_ key: String) throws(CodecError) -> RMTPString? {
        guard let v = value(key) else { return nil }
        return try RMTPStringJSON.string(from: v, path: at(key))
    }

    /// A header string member that must be present.
    mutating func requiredRMTPString(_ key: String) throws(CodecError) -> RMTPString {
        guard let s = try rmtpString(key) else { throw missing(key) }
        return s
    }
}
