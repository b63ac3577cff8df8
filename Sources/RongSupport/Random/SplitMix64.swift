// Sources/RongSupport/Random/SplitMix64.swift - the one seeded generator: differential inputs, faults, load, UIDs

/// SplitMix64 (Steele, Lea, Flood 2014), with its own range reduction.
///
/// A differential run must give the same inputs for the same seed on every platform and every
/// Swift release. The standard library's `Int.random(in:using:)`, `Bool.random(using:)` and
/// `randomElement(using:)` do not promise that: how they turn generator output into a number
/// may change between releases. So the generator's users call ``below(_:)``, ``int(in:)``,
/// ``coin()`` and ``pick(_:)``, each of which takes exactly one ``next()`` and maps it to a
/// range in a way written down here (Lemire's multiply-shift without the rejection step: the
/// bias is below n / 2^64, and a fixed number of draws per call keeps streams aligned).
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finaliser: a bijection on 64-bit values (distinct inputs never collide), so
    /// it also turns a counter into unique, random-looking values (message UIDs).
    package static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in [0, 1): the top 53 bits of ``next()``.
    package mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A number in `0..<n` (`n` > 0): the high 64 bits of `next() × n`.
    package mutating func below(_ n: UInt64) -> UInt64 {
        precondition(n > 0, "below(0)")
        return next().multipliedFullWidth(by: n).high
    }

    /// A number in `0..<n` (`n` > 0).
    package mutating func below(_ n: Int) -> Int {
        precondition(n > 0, "below(\(n))")
        return Int(below(UInt64(n)))
    }

    /// A number in `range` (not empty).
    package mutating func int(in range: Range<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// A number in `range`.
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// A number in `range`; the whole `UInt64` range takes ``next()`` as it is.
    package mutating func uint64(in range: ClosedRange<UInt64>) -> UInt64 {
        let span = range.upperBound &- range.lowerBound
        if span == .max { return next() }
        return range.lowerBound + below(span + 1)
    }

    /// A byte in `range`.
    package mutating func byte(in range: ClosedRange<UInt8> = 0...255) -> UInt8 {
        UInt8(uint64(in: UInt64(range.lowerBound)...UInt64(range.upperBound)))
    }

    /// True or false, from the top bit of ``next()``.
    package mutating func coin() -> Bool { next() >> 63 == 1 }

    /// An element of a non-empty collection, by position.
    package mutating func pick<C: Collection>(_ c: C) -> C.Element {
        c[c.index(c.startIndex, offsetBy: below(c.count))]
    }
}
