// Sources/RongSupport/Text/ByteText.swift - hex and base64 text ↔ bytes

/// Hex and base64 conversions: vector inputs, testee messages, scenario `raw` steps. Strict on
/// input: hex is pairs of digits (no sign, no `0x`, whitespace only between bytes), base64 is
/// the standard alphabet with its padding.
package enum ByteText {
    /// Lower-case hex of `bytes`.
    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Bytes of a hex string; whitespace between bytes is ignored. Nil if malformed.
    package static func bytes(hex: String) -> [UInt8]? {
        var out: [UInt8] = []
        var high: UInt8?
        for c in hex.utf8 {
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
                if high != nil { return nil }  // a byte split by whitespace
                continue
            }
            guard let v = hexDigit(c) else { return nil }
            if let h = high {
                out.append(h << 4 | v)
                high = nil
            } else {
                high = v
            }
        }
        return high == nil ? out : nil
    }

    private static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x61...0x66: c - 0x61 + 10
        case 0x41...0x46: c - 0x41 + 10
        default: nil
        }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Standard base64 with padding.
    package static func base64(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i + 2 < bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let n = UInt32(bytes[i]) << 16
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], 0x3D, 0x3D]
        } else if rest == 2 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], 0x3D]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Bytes of standard base64 (padding required, whitespace ignored). Nil if malformed.
    package static func bytes(base64: String) -> [UInt8]? {
        var values: [UInt8] = []
        var padding = 0
        for c in base64.utf8 {
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { continue }
            if c == 0x3D {
                padding += 1
                continue
            }
            guard padding == 0, let v = alphabet.firstIndex(of: c) else { return nil }
            values.append(UInt8(v))
        }
        guard (values.count + padding) % 4 == 0, padding <= 2 else { return nil }
        var out: [UInt8] = []
        var i = 0
        while i < values.count {
            let chunk = values[i..<min(i + 4, values.count)]
            var n: UInt32 = 0
            for (k, v) in chunk.enumerated() { n |= UInt32(v) << (18 - 6 * UInt32(k)) }
            let produced = chunk.count - 1
            if produced >= 1 { out.append(UInt8(n >> 16 & 255)) }
            if produced >= 2 { out.append(UInt8(n >> 8 & 255)) }
            if produced >= 3 { out.append(UInt8(n & 255)) }
            i += 4
        }
        return out
    }
}
