// Sources/RongCodec/JSON/JSONValue+Pretty.swift - indented JSON for humans

extension JSONValue {
    /// The value as indented JSON text (two spaces, `"key": value`), for display. Scalars are
    /// written exactly as in the canonical form.
    public func prettyText(indent: Int = 2) throws(CodecError) -> String {
        var out = ""
        try appendPretty(to: &out, level: 0, indent: indent)
        return out
    }

    private func appendPretty(to out: inout String, level: Int, indent: Int) throws(CodecError) {
        let pad = String(repeating: " ", count: (level + 1) * indent)
        let closePad = String(repeating: " ", count: level * indent)
        switch self {
        case .array(let a) where !a.isEmpty:
            out += "[\n"
            for (i, e) in a.enumerated() {
                out += pad
                try e.appendPretty(to: &out, level: level + 1, indent: indent)
                out += i + 1 < a.count ? ",\n" : "\n"
            }
            out += closePad + "]"
        case .object(let o) where !o.isEmpty:
            out += "{\n"
            for (i, m) in o.members.enumerated() {
                out += pad + String(decoding: try JSONValue.string(m.key).canonicalBytes(), as: UTF8.self) + ": "
                try m.value.appendPretty(to: &out, level: level + 1, indent: indent)
                out += i + 1 < o.count ? ",\n" : "\n"
            }
            out += closePad + "}"
        default:
            out += String(decoding: try canonicalBytes(), as: UTF8.self)
        }
    }
}
