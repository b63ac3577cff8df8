// Sources/RongCodec/Text/Hex.swift - hex text for bytes

/// Lower-case hex, as the packet JSON form, the vector files, the testee protocol and the CLI write
/// bytes: the one hex codec of every RongWire module.
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `[0x0a, 0xff]` → `"0aff"`.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var out: [UInt8] = []
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Parses hex digits (either case). With `allowingWhitespace`, spaces, tabs and newlines
    /// between bytes are skipped (the vector files and `--hex` allow them). Nil for anything else,
    /// including an odd number of digits.
    public static func decode(_ text: String, allowingWhitespace: Bool = false) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count / 2)
        var high: UInt8?
        for c in text.utf8 {
            let v: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): v = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): v = c - UInt8(ascii: "A") + 10
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                guard allowingWhitespace, high == nil else { return nil }
                continue
            default: return nil
            }
            if let h = high {
                out.append(h << 4 | v)
                high = nil
            } else {
                high = v
            }
        }
        return high == nil ? out : nil
    }
}
