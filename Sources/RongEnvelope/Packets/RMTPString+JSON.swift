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
            var f = try JSONFields(v, path: path, what: "a string in exact form")
            guard let hex = try f.plainString("hex") else { throw CodecError(.missingRequiredField, "hex is required", path: path + ".hex") }
            guard let bytes = Hex.decode(hex) else { throw CodecError(.invalidValue, "hex must be pairs of hex digits", path: path + ".hex") }
            let s = try RMTPString(wireBytes: bytes)
            if let text = try f.plainString("text"), text != s.text {
                throw CodecError(.invalidValue, "text does not match the decoded hex", path: path + ".text")
            }
            try f.finish()
            return s
        default:
            throw CodecError(.typeMismatch, "a header string must be a JSON string or object, not \(v.typeName)", path: path)
        }
    }
}
