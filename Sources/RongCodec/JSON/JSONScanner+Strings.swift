// Sources/RongCodec/JSON/JSONScanner+Strings.swift - strings: UTF-8 and escape checks, unescaping

extension JSONScanner {
    /// Scans a string starting at `"`; validates UTF-8, control characters and escapes.
    /// Leaves the index after the closing quote.
    mutating func scanString() throws(CodecError) -> StringToken {
        let count = source.count
        let base = source.baseAddress!  // not empty: the index is at the opening quote
        let start = index &+ 1
        var escaped = false
        var nonASCII = false
        var i = start
        while true {
            i = Self.plainRunEnd(base, from: i, count: count)
            guard i < count else {
                index = i
                throw error(.truncated, "input ended inside a string")
            }
            let b = base.load(fromByteOffset: i, as: UInt8.self)
            if b == asciiQuote {
                index = i &+ 1
                return StringToken(start: start, end: i, escaped: escaped, nonASCII: nonASCII)
            } else if b == asciiBackslash {
                escaped = true
                i = try scanEscape(at: i)
            } else if b < 0x20 {
                throw error(.controlCharacter, "unescaped control character 0x\(String(b, radix: 16)) in a string", at: i)
            } else {
                // Multi-byte characters: a run of the common well-formed shapes (CJK text is
                // mostly 3-byte sequences), then what ended it (a 4-byte sequence, an invalid
                // one, one cut by the end of the input) by scanUTF8Sequence, which reports the
                // error at that sequence's first byte.
                nonASCII = true
                i = Self.multiByteRunEnd(base, from: i, count: count)
                if i < count && base.load(fromByteOffset: i, as: UInt8.self) >= 0x80 {
                    i = try scanUTF8Sequence(at: i)
                }
            }
        }
    }

    /// The offset of the first byte at or after `i` that is a quote, a backslash, a control
    /// character or not ASCII; `count` if there is none. Sixteen bytes per step (SSE2 / NEON):
    /// keys and most values end within the first step; long runs (base64, URLs) then go 64
    /// bytes per test. The last step of an input of 16 bytes or more re-reads its final 16 bytes rather than going
    /// byte by byte (never past the end of the buffer).
    @inline(__always)
    static func plainRunEnd(_ base: UnsafeRawPointer, from i: Int, count: Int) -> Int {
        var i = i
        if i &+ 16 <= count {
            let m = specialBytes(base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
            if m != 0 { return i &+ Int(truncatingIfNeeded: m.trailingZeroBitCount &>> 3) }
            i &+= 16
            // A long run: 64 bytes per test.
            while i &+ 64 <= count {
                let m0 = specialBytes(base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
                let m1 = specialBytes(base.loadUnaligned(fromByteOffset: i &+ 16, as: SIMD16<UInt8>.self))
                let m2 = specialBytes(base.loadUnaligned(fromByteOffset: i &+ 32, as: SIMD16<UInt8>.self))
                let m3 = specialBytes(base.loadUnaligned(fromByteOffset: i &+ 48, as: SIMD16<UInt8>.self))
                if m0 | m1 | m2 | m3 != 0 { break }
                i &+= 64
            }
            while i &+ 16 <= count {
                let m = specialBytes(base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
                if m != 0 { return i &+ Int(truncatingIfNeeded: m.trailingZeroBitCount &>> 3) }
                i &+= 16
            }
        }
        guard i < count else { return count }
        if count >= 16 {
            // The last 16 bytes, lanes before `i` shifted out (1...15 of them).
            let m = specialBytes(base.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self))
                &>> UInt128(truncatingIfNeeded: (i &- (count &- 16)) &* 8)
            return m == 0 ? count : i &+ Int(truncatingIfNeeded: m.trailingZeroBitCount &>> 3)
        }
        while i < count {
            let b = base.load(fromByteOffset: i, as: UInt8.self)
            if b < 0x20 || b >= 0x80 || b == asciiQuote || b == asciiBackslash { return i }
            i &+= 1
        }
        return count
    }

    /// 0x80 in the lanes (little-endian bytes of the result) of `v` that hold a quote, a
    /// backslash, a control character or a byte ≥ 0x80, zero elsewhere. Lane-wise wrapping
    /// arithmetic, because the comparison operators of SIMD types do not lower to vector
    /// compares on this toolchain (they run lane by lane) while `&+`, `&-`, `^`, `|`, `&` do:
    /// `x &- 1` sets the high bit of a lane where `x` is 0 (or ≥ 0x81, which `& ~x` removes),
    /// `v &- 0x20` where `v` < 0x20.
    @inline(__always)
    static func specialBytes(_ v: SIMD16<UInt8>) -> UInt128 {
        let q = v ^ SIMD16(repeating: asciiQuote)
        let bs = v ^ SIMD16(repeating: asciiBackslash)
        let quote = (q &- SIMD16(repeating: 1)) & ~q
        let backslash = (bs &- SIMD16(repeating: 1)) & ~bs
        let controlOrHigh = (v &- SIMD16(repeating: 0x20)) | v
        return unsafeBitCast((quote | backslash | controlOrHigh) & SIMD16(repeating: 0x80), to: UInt128.self)
    }

    /// The offset of the first byte at or after `i` that does not start a well-formed 2- or
    /// 3-byte UTF-8 sequence (RFC 3629: no overlong forms, no surrogates): pairs of 3-byte
    /// characters eight bytes at a time, then one character per 4-byte read (the bytes of a
    /// string before its closing quote always leave four to read). Not
    /// inlined: in the scanner's loop the vector constants of ``plainRunEnd`` got reloaded for
    /// every character.
    @inline(never)
    static func multiByteRunEnd(_ base: UnsafeRawPointer, from i: Int, count: Int) -> Int {
        var i = i
        // Two 3-byte characters per step while they come in pairs (CJK text).
        while i &+ 8 <= count {
            let w = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            guard w & 0xC0C0_F0C0_C0F0 == 0x8080_E080_80E0 else { break }
            let t0 = w & 0x200F, t1 = w & 0x20_0F00_0000
            guard t0 != 0 && t0 != 0x200D && t1 != 0 && t1 != 0x20_0D00_0000 else { break }
            i &+= 6
        }
        while i &+ 4 <= count {
            let w = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            if w & 0x00C0_C0F0 == 0x0080_80E0 {
                // 1110xxxx 10xxxxxx 10xxxxxx: E0 needs a second byte ≥ 0xA0 (else overlong), ED
                // one < 0xA0 (else a surrogate), told by the lead's low nibble and bit 5 of the
                // second byte.
                let t = w & 0x200F
                if t == 0 || t == 0x200D { return i }
                i &+= 3
            } else if w & 0xC0E0 == 0x80C0 && w & 0x1E != 0 {
                // 110xxxxx 10xxxxxx, lead C2...DF (C0 and C1 are overlong).
                i &+= 2
            } else {
                return i
            }
        }
        return i
    }

    /// Validates one escape at `i` (the backslash); returns the index after it.
    private func scanEscape(at i: Int) throws(CodecError) -> Int {
        guard i + 1 < source.count else { throw error(.truncated, "input ended inside an escape", at: i) }
        switch source[i + 1] {
        case asciiQuote, asciiBackslash, asciiSlash, UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            return i + 2
        case UInt8(ascii: "u"):
            let unit = try hex4(at: i + 2, escapeStart: i)
            if replacesLoneSurrogates && unit >= 0xD800 && unit <= 0xDFFF {
                // Unpaired or not, the unescaper pairs what it can and writes U+FFFD for the rest.
                return i + 6
            }
            if unit >= 0xD800 && unit <= 0xDBFF {
                // A high surrogate must be followed by an escaped low surrogate.
                let j = i + 6
                let lone = "high surrogate \\u\(String(unit, radix: 16)) without a low surrogate"
                guard j < source.count else { throw error(.truncated, "input ended inside a surrogate pair", at: i) }
                guard source[j] == asciiBackslash else { throw error(.loneSurrogate, lone, at: i) }
                guard j + 1 < source.count else { throw error(.truncated, "input ended inside a surrogate pair", at: i) }
                guard source[j + 1] == UInt8(ascii: "u") else { throw error(.loneSurrogate, lone, at: i) }
                let low = try hex4(at: j + 2, escapeStart: j)
                guard low >= 0xDC00 && low <= 0xDFFF else { throw error(.loneSurrogate, lone, at: i) }
                return j + 6
            }
            if unit >= 0xDC00 && unit <= 0xDFFF {
                throw error(.loneSurrogate, "low surrogate \\u\(String(unit, radix: 16)) without a high surrogate", at: i)
            }
            return i + 6
        default:
            throw error(.invalidEscape, "invalid escape sequence", at: i)
        }
    }

    private func hex4(at i: Int, escapeStart: Int) throws(CodecError) -> UInt32 {
        var value: UInt32 = 0
        for k in 0..<4 {
            guard i + k < source.count else { throw error(.truncated, "input ended inside a \\u escape", at: escapeStart) }
            guard let h = hexValue(source[i + k]) else {
                throw error(.invalidEscape, "\\u must be followed by four hex digits", at: escapeStart)
            }
            value = value << 4 | h
        }
        return value
    }

    /// Validates a multi-byte UTF-8 sequence (RFC 3629) at `i`; returns the index after it.
    private func scanUTF8Sequence(at i: Int) throws(CodecError) -> Int {
        let b0 = source[i]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F  // no UTF-16 surrogates
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F  // nothing above U+10FFFF
        default: throw error(.invalidUTF8, "invalid UTF-8 lead byte 0x\(String(b0, radix: 16))", at: i)
        }
        guard i + length <= source.count else {
            // Only report truncation when the bytes present are a valid prefix.
            for k in 1..<(source.count - i) {
                let b = source[i + k]
                let ok = k == 1 ? (b >= lower && b <= upper) : (b & 0xC0 == 0x80)
                if !ok { throw error(.invalidUTF8, "invalid UTF-8 continuation byte", at: i) }
            }
            throw error(.truncated, "input ended inside a UTF-8 sequence", at: i)
        }
        let b1 = source[i + 1]
        guard b1 >= lower && b1 <= upper else { throw error(.invalidUTF8, "invalid UTF-8 sequence", at: i) }
        for k in 2..<length where source[i + k] & 0xC0 != 0x80 {
            throw error(.invalidUTF8, "invalid UTF-8 continuation byte", at: i)
        }
        return i + length
    }

    /// Builds the Swift string for a validated token.
    func makeString(_ token: StringToken) -> String {
        let raw = UnsafeRawBufferPointer(rebasing: source[token.start..<token.end])
        if !token.escaped { return makeValidatedString(raw, isASCII: !token.nonASCII) }
        return JSONScanner.unescape(raw)
    }

    /// Compares a validated token with a plain ASCII/UTF-8 name without building a String.
    func token(_ token: StringToken, equals name: UnsafeRawBufferPointer) -> Bool {
        guard !token.escaped, token.end - token.start == name.count else { return false }
        if name.isEmpty { return true }
        return memcmpEqual(source.baseAddress! + token.start, name.baseAddress!, name.count)
    }

    /// Decodes the escapes of an already validated string body.
    static func unescape(_ raw: UnsafeRawBufferPointer) -> String {
        // Written straight into the string's storage: unescaping never lengthens the text (an
        // escape is at least as long as the UTF-8 it stands for), so `raw.count` bytes suffice
        // and no intermediate buffer is needed. Runs without a backslash are copied whole.
        String(unsafeUninitializedCapacity: raw.count) { out in
            let n = raw.count
            let src = raw.baseAddress!, dst = out.baseAddress!
            var i = 0, o = 0
            while i < n {
                var j = i
                while j < n && src.load(fromByteOffset: j, as: UInt8.self) != asciiBackslash { j += 1 }
                if j > i {
                    (dst + o).update(from: src.assumingMemoryBound(to: UInt8.self) + i, count: j - i)
                    o += j - i
                    i = j
                }
                guard i < n else { break }
                let e = raw[i + 1]
                switch e {
                case UInt8(ascii: "b"): dst[o] = 0x08; o += 1; i += 2
                case UInt8(ascii: "f"): dst[o] = 0x0C; o += 1; i += 2
                case UInt8(ascii: "n"): dst[o] = 0x0A; o += 1; i += 2
                case UInt8(ascii: "r"): dst[o] = 0x0D; o += 1; i += 2
                case UInt8(ascii: "t"): dst[o] = 0x09; o += 1; i += 2
                case UInt8(ascii: "u"):
                    var scalar = hex4Unchecked(raw, i + 2)
                    i += 6
                    if scalar >= 0xD800 && scalar <= 0xDBFF {
                        // The scanner guarantees a low surrogate follows, unless lone surrogates
                        // are being replaced.
                        if i + 5 < n && raw[i] == asciiBackslash && raw[i + 1] == UInt8(ascii: "u"),
                            case let low = hex4Unchecked(raw, i + 2), low >= 0xDC00 && low <= 0xDFFF
                        {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            i += 6
                        } else {
                            scalar = 0xFFFD
                        }
                    } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                        scalar = 0xFFFD
                    }
                    o = writeUTF8(scalar, to: dst, at: o)
                default: dst[o] = e; o += 1; i += 2  // \" \\ \/
                }
            }
            return o
        }
    }

    /// Writes the UTF-8 of a scalar at `o`; returns the index after it.
    private static func writeUTF8(_ scalar: UInt32, to dst: UnsafeMutablePointer<UInt8>, at o: Int) -> Int {
        switch scalar {
        case 0..<0x80:
            dst[o] = UInt8(scalar)
            return o + 1
        case 0x80..<0x800:
            dst[o] = UInt8(0xC0 | scalar >> 6)
            dst[o + 1] = UInt8(0x80 | scalar & 0x3F)
            return o + 2
        case 0x800..<0x10000:
            dst[o] = UInt8(0xE0 | scalar >> 12)
            dst[o + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            dst[o + 2] = UInt8(0x80 | scalar & 0x3F)
            return o + 3
        default:
            dst[o] = UInt8(0xF0 | scalar >> 18)
            dst[o + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            dst[o + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            dst[o + 3] = UInt8(0x80 | scalar & 0x3F)
            return o + 4
        }
    }

    private static func hex4Unchecked(_ raw: UnsafeRawBufferPointer, _ i: Int) -> UInt32 {
        var v: UInt32 = 0
        for k in 0..<4 { v = v << 4 | (hexValue(raw[i + k]) ?? 0) }
        return v
    }
}

/// A String of bytes that are known to be valid UTF-8 (``JSONScanner/scanString()`` checked
/// them), without the second validation `String(decoding:)` does: SE-0464's
/// `UTF8Span(unchecked:)` and `String(copying:)` (Swift 6.2). On the corpus's CJK text this
/// halves the cost of building the string; ASCII was already cheap. Apple platforms have it
/// from their 26 releases; earlier ones take the checked path. `isASCII` (the scanner saw no
/// byte ≥ 0x80) marks a long string's storage as ASCII, which its later comparisons, hashing
/// and index operations use; the stdlib does not compute the flag on this path itself.
@inline(__always)
func makeValidatedString(_ raw: UnsafeRawBufferPointer, isASCII: Bool) -> String {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        return String(copying: UTF8Span(unchecked: Span<UInt8>(_unsafeBytes: raw), isKnownASCII: isASCII))
    }
    return String(decoding: raw, as: UTF8.self)
}
