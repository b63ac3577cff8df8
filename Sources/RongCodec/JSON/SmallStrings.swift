// Sources/RongCodec/JSON/SmallStrings.swift - strings of up to 15 bytes built in registers

/// The bits of the small (inline) `String` holding the low `count` bytes of `bytes`
/// (little-endian), 0...15 of them: the string is its 16 bytes, the code units first and the
/// discriminator in the last byte (0xE0 ASCII or 0xA0 not, ORed with the count), the layout of
/// the standard library's `_StringObject` on 64-bit little-endian platforms (frozen: ABI on
/// Apple platforms). nil where that layout is not the one in use.
///
/// Why: keys and most short values are small strings, and `String(copying:)` builds them by
/// a byte loop behind two calls into the runtime: on the mixed corpus this path saves about 50
/// instructions per short string (callgrind). The bytes must be valid UTF-8 (the scanner checked them).
@inline(__always)
func smallString(_ bytes: UInt128, count: Int) -> String? {
    #if _pointerBitWidth(_64) && _endian(little)
    guard smallStringLayoutMatches else { return nil }
    let codeUnits = count == 0 ? 0 : bytes & (UInt128.max &>> UInt128(truncatingIfNeeded: 128 &- 8 &* count))
    let ascii = codeUnits & 0x8080_8080_8080_8080_8080_8080_8080_8080 == 0
    let discriminator = UInt128(truncatingIfNeeded: (ascii ? 0xE0 : 0xA0) | count) &<< 120
    return unsafeBitCast(codeUnits | discriminator, to: String.self)
    #else
    return nil
    #endif
}

/// Whether two small string literals have the bits ``smallString(_:count:)`` makes; the
/// compiler builds literals itself, so a standard library with another layout turns the fast
/// path off instead of making broken strings. Constant after optimization.
@inline(__always)
var smallStringLayoutMatches: Bool {
    unsafeBitCast("ab", to: UInt128.self) == (0xE2 &<< 120 | 0x6261)
        && unsafeBitCast("\u{E9}", to: UInt128.self) == (0xA2 &<< 120 | 0xA9C3)
}
