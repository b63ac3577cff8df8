// Sources/RongCapture/Vectors/VectorYAML.swift - JSON values as YAML flow text every vector reader takes

import RongCodec

/// Writes a JSON value as YAML flow text in the subset of spec/vectors.md ("The YAML subset"),
/// the way tools/vectorgen writes values: JSON on one line (`{"a": 1, "b": [true]}`), which
/// YAML 1.1 and 1.2 readers read alike when
///
/// - strings are double-quoted, with JSON's escapes, and every character outside YAML's
///   printable set (C1 controls, U+2028, U+FEFF, noncharacters, …) escaped too (`\u0085`,
///   `\U0001F600` never needed: astral characters are printable and written as they are);
/// - a number with an exponent has a fraction and a signed exponent (`1.0e+21`, not `1e21`).
public enum VectorYAML {
    /// The value as one line of YAML flow text.
    public static func flow(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += number(n)
        case .string(let s): out += quoted(s)
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() {
                if i > 0 { out += ", " }
                write(v, into: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, m) in o.enumerated() {
                if i > 0 { out += ", " }
                out += quoted(m.key) + ": "
                write(m.value, into: &out)
            }
            out += "}"
        }
    }

    /// The number's canonical JSON text, with `1e+21` written `1.0e+21`.
    static func number(_ n: JSONNumber) -> String {
        let text = (try? String(decoding: JSONValue.number(n).canonicalBytes(), as: UTF8.self)) ?? "0"
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
        var mantissa = String(text[..<e])
        var exponent = String(text[text.index(after: e)...])
        if !mantissa.contains(".") { mantissa += ".0" }
        if exponent.first != "+" && exponent.first != "-" { exponent = "+" + exponent }
        return mantissa + "e" + exponent
    }

    /// A double-quoted scalar.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if isPrintable(scalar) {
                    out.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += scalar.value <= 0xFFFF
                        ? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                        : "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                }
            }
        }
        return out + "\""
    }

    /// YAML 1.1's printable set (PyYAML's): tab, LF, CR, 0x20-0x7E, U+0085, U+00A0-U+D7FF,
    /// U+E000-U+FFFD, U+10000 and up. U+2028, U+2029 and U+FEFF are printable there but line
    /// breaks or a byte-order mark to other readers, so they are escaped too.
    static func isPrintable(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v == 0x2028 || v == 0x2029 || v == 0xFEFF || v == 0x85 { return false }
        return (0x20...0x7E).contains(v) || (0xA0...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || v >= 0x10000
    }
}
