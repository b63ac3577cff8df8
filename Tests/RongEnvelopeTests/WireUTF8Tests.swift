// Tests/RongEnvelopeTests/WireUTF8Tests.swift - the string fields' UTF-8 check against the standard library's

import Testing

@testable import RongEnvelope

@Suite("Wire string UTF-8 check")
struct WireUTF8Tests {
    /// Bytes at every boundary of the UTF-8 table (Unicode table 3-7): ASCII, continuation
    /// ranges, the leads whose second byte is restricted (E0, ED, F0, F4) and never-valid leads.
    static let boundaryBytes: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xF0, 0xF4, 0xF5]
    /// A fourth byte only decides a 4-byte sequence: a continuation's ends, or not one.
    static let lastBytes: [UInt8] = [0x41, 0x80, 0xBF, 0xC0]

    /// Every sequence of one to three boundary bytes (and a fourth of ``lastBytes``), alone and between text that puts it on the
    /// checker's eight-byte ASCII, paired 3-byte and single 3-byte loads: the verdict and the
    /// ASCII flag are the standard library's.
    @Test(arguments: [([UInt8](), [UInt8]()), (Array("abcdefg中".utf8), Array("中xyz".utf8)), (Array("中".utf8), [])])
    func agreesWithTheStandardLibrary(prefix: [UInt8], suffix: [UInt8]) {
        let v = Self.boundaryBytes
        var mismatches: [[UInt8]] = []
        func check(_ middle: [UInt8]) {
            let bytes = prefix + middle + suffix
            let expected = String(validating: bytes, as: UTF8.self)
            let (got, ascii) = bytes.withUnsafeBytes { (WireUTF8.string($0), WireUTF8.check($0)) }
            if got != expected || (expected != nil && ascii != bytes.allSatisfy { $0 < 0x80 }) { mismatches.append(bytes) }
        }
        for a in v {
            check([a])
            for b in v {
                check([a, b])
                for c in v {
                    check([a, b, c])
                    for d in Self.lastBytes { check([a, b, c, d]) }
                }
            }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    /// Scalars of every length (both ends of each range, and a stride through all) are
    /// accepted, and every surrogate's 3-byte form is not.
    @Test func scalarsAndSurrogates() {
        /// UTF-8 by the table, written here so the check is not checked against itself.
        func utf8(_ v: UInt32) -> [UInt8] {
            switch v {
            case ..<0x80: [UInt8(v)]
            case ..<0x800: [UInt8(0xC0 | v >> 6), UInt8(0x80 | v & 0x3F)]
            case ..<0x10000: [UInt8(0xE0 | v >> 12), UInt8(0x80 | v >> 6 & 0x3F), UInt8(0x80 | v & 0x3F)]
            default: [UInt8(0xF0 | v >> 18), UInt8(0x80 | v >> 12 & 0x3F), UInt8(0x80 | v >> 6 & 0x3F), UInt8(0x80 | v & 0x3F)]
            }
        }
        let ends: [UInt32] = [0, 0x7F, 0x80, 0x7FF, 0x800, 0xFFF, 0x1000, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x3FFFF, 0x40000, 0x10FFFF]
        var rejected: [UInt32] = []
        for v in ends + Array(stride(from: UInt32(0), through: 0x10FFFF, by: 97)) where !(0xD800...0xDFFF).contains(v) {
            for bytes in [utf8(v) + [0x41], utf8(v) + utf8(0x4E2D) + utf8(v) + utf8(0x4E2D)] where bytes.withUnsafeBytes({ WireUTF8.check($0) }) == nil {
                rejected.append(v)
            }
        }
        var accepted: [UInt32] = []
        for v in UInt32(0xD800)...0xDFFF {
            for bytes in [utf8(v) + [0x41], utf8(0x4E2D) + utf8(v) + [0x41, 0x42]] where bytes.withUnsafeBytes({ WireUTF8.check($0) }) != nil {
                accepted.append(v)
            }
        }
        #expect(rejected.isEmpty, "valid scalars rejected: \(rejected.prefix(5))")
        #expect(accepted.isEmpty, "surrogates accepted: \(accepted.prefix(5))")
    }
}
