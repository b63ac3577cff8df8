// Sources/RongEnvelope/Bodies/BytesJSON.swift - a protobuf bytes field in the body JSON form

import RongCodec

/// The JSON form of a protobuf `bytes` field: the text when the bytes are UTF-8 (content JSON
/// always is), else `{"hex": …}`.
enum BytesJSON {
    static func json(of bytes: [UInt8]) -> JSONValue {
        if let text = String(validating: bytes, as: UTF8.self) { return .string(text) }
        return ["hex": .string(Hex.encode(bytes))]
    }

    static func bytes(from v: JSONValue, path: String) throws(CodecError) -> [UInt8] {
        switch v {
        case .string(let s): return Array(s.utf8)
        case .object:
            var f = try JSONMemberReader(v, path: path, what: "bytes in hex form")
            guard let bytes = Hex.decode(try f.requiredString("hex")) else { throw f.invalid("hex", "hex must be pairs of hex digits") }
            try f.finish(ignoringDerived: true)
            return bytes
        default:
            throw CodecError(.typeMismatch, "bytes must be a JSON string or {\"hex\": …}, not \(v.typeName)", path: path)
        }
    }
}
