// Sources/RongEnvelope/Wire/WireUTF8.swift - the UTF-8 check of protobuf string fields

/// The check of a protobuf string field's bytes and the string made of them.
///
/// It accepts exactly what the standard library's validator accepts (`String(validating:as:)`,
/// `UTF8Span(validating:)`, which SwiftProtobuf's string fields go through): well-formed UTF-8
/// as Unicode defines it (table 3-7: shortest forms only, no surrogates, nothing past
/// U+10FFFF). It is the standard library's validator made cheaper for what bodies hold: ASCII
/// ids and names are checked eight bytes at a time, CJK text one 4-byte load per character;
/// and it tells whether the bytes are all ASCII, which the string is made with.
enum WireUTF8 {
    /// Whether `bytes` are well-formed UTF-8: nil when not, true when they are all ASCII, false
    /// when they are UTF-8 with a byte ≥ 0x80.
    @inline(__always)
    static func check(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        guard let p = bytes.baseAddress else { return true }
        let n = bytes.count
        var i = 0
        while i &+ 8 <= n {
            if p.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
            i &+= 8
        }
        while i < n, p.load(fromByteOffset: i, as: UInt8.self) < 0x80 { i &+= 1 }
        if i == n { return true }
        return isWellFormed(p, from: i, to: n) ? false : nil
    }

    /// Whether `p[start..<end]` is well-formed UTF-8 (`p[start]` is the first byte ≥ 0x80).
    private static func isWellFormed(_ p: UnsafeRawPointer, from start: Int, to end: Int) -> Bool {
        @inline(__always) func isContinuation(_ c: UInt8) -> Bool { c & 0xC0 == 0x80 }
        var i = start
        while i < end {
            let c0 = p.load(fromByteOffset: i, as: UInt8.self)
            if c0 < 0x80 {
                i &+= 1
                continue
            }
            // 3-byte characters (CJK text) two at a time while they come in pairs, else one, a
            // load each: a 1110xxxx lead and two continuations, neither overlong (E0 then
            // 80...9F: the lead's low bits and bit 5 of the second byte all zero) nor a surrogate
            // (ED then A0...BF).
            var paired = false
            while i &+ 8 <= end {
                let w = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                guard w & 0xC0C0_F0C0_C0F0 == 0x8080_E080_80E0 else { break }
                let first = w & 0x200F, second = w >> 24 & 0x200F
                guard first != 0, first != 0x200D, second != 0, second != 0x200D else { return false }
                i &+= 6
                paired = true
            }
            if paired { continue }
            if i &+ 4 <= end {
                let w = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: i, as: UInt32.self))
                if w & 0x00C0_C0F0 == 0x0080_80E0 {
                    let bits = w & 0x200F
                    guard bits != 0, bits != 0x200D else { return false }
                    i &+= 3
                    continue
                }
            }
            if c0 < 0xC2 { return false }  // a continuation byte, or an overlong 2-byte lead
            if c0 < 0xE0 {
                guard i &+ 1 < end, isContinuation(p.load(fromByteOffset: i &+ 1, as: UInt8.self)) else { return false }
                i &+= 2
            } else if c0 < 0xF0 {
                guard i &+ 2 < end else { return false }
                let c1 = p.load(fromByteOffset: i &+ 1, as: UInt8.self), c2 = p.load(fromByteOffset: i &+ 2, as: UInt8.self)
                guard isContinuation(c1), isContinuation(c2) else { return false }
                if c0 == 0xE0 && c1 < 0xA0 || c0 == 0xED && c1 >= 0xA0 { return false }
                i &+= 3
            } else {
                guard c0 <= 0xF4, i &+ 3 < end else { return false }
                let c1 = p.load(fromByteOffset: i &+ 1, as: UInt8.self), c2 = p.load(fromByteOffset: i &+ 2, as: UInt8.self)
                let c3 = p.load(fromByteOffset: i &+ 3, as: UInt8.self)
                guard isContinuation(c1), isContinuation(c2), isContinuation(c3) else { return false }
                if c0 == 0xF0 && c1 < 0x90 || c0 == 0xF4 && c1 >= 0x90 { return false }
                i &+= 4
            }
        }
        return true
    }

    /// The string of `bytes`, or nil when they are not UTF-8. Made without a second validation
    /// where SE-0464's `UTF8Span(unchecked:)` exists (Apple platforms from their 26 releases).
    @inline(__always)
    static func string(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let ascii = check(bytes) else { return nil }
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return String(copying: UTF8Span(unchecked: Span<UInt8>(_unsafeBytes: bytes), isKnownASCII: ascii))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
