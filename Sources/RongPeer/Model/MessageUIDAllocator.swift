// Sources/RongPeer/Model/MessageUIDAllocator.swift - server-assigned message UIDs

import RongSupport

/// Allocates message UIDs of the documented form: four groups of four upper-case letters and
/// digits joined by `-` (`BG5T-0KQ3-28TS-3N2B`; protocol-rules.md § 2, pattern
/// `^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$`).
///
/// The value is a counter passed through a bijective 64-bit mixer and written in base 36, so
/// UIDs are unique for the life of the allocator, look random, and are reproducible for a seed.
public struct MessageUIDAllocator: Sendable {
    private var counter: UInt64
    private let seed: UInt64

    /// An allocator whose UIDs are determined by `seed`.
    public init(seed: UInt64 = 0) {
        self.seed = seed
        counter = 0
    }

    /// The next UID.
    public mutating func next() -> String {
        counter &+= 1
        // SplitMix64's finaliser is a bijection, so distinct counters never collide.
        return Self.format(SplitMix64.mix(counter ^ seed &* 0x9E37_79B9_7F4A_7C15))
    }

    private static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    /// 64 bits fill 13 base-36 digits (the unique part); the other 3 of the 16 places take
    /// digits derived from the value, so no place is constant.
    static func format(_ value: UInt64) -> String {
        var out = [UInt8](repeating: 0x2D, count: 19)
        let places = [0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18]
        var v = value
        for p in places[3...].reversed() {
            out[p] = digits[Int(v % 36)]
            v /= 36
        }
        var extra = SplitMix64.mix(value ^ 0x5555_5555_5555_5555)
        for p in places[..<3] {
            out[p] = digits[Int(extra % 36)]
            extra /= 36
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `text` has the documented UID form.
    public static func isWellFormed(_ text: String) -> Bool {
        let b = Array(text.utf8)
        guard b.count == 19 else { return false }
        for (i, c) in b.enumerated() {
            if i == 4 || i == 9 || i == 14 {
                if c != 0x2D { return false }
            } else if !((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A)) {
                return false
            }
        }
        return true
    }
}
