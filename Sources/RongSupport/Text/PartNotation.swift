// Sources/RongSupport/Text/PartNotation.swift - `I/N`: one of N parts of a run, as CI matrices and command lines write it

/// The `I/N` notation of `rongwire conform --shard` and `rongwire peer-load --part`: part `I` of
/// `N`, decimal digits only (no sign, no spaces), `1 <= I <= N <= maxCount`.
package enum PartNotation {
    /// The most parts a run may be split into.
    package static let maxCount = 1_000

    /// Whether `index` of `count` is a part: `1 <= index <= count <= maxCount`.
    package static func isValid(index: Int, count: Int) -> Bool {
        (1...maxCount).contains(count) && (1...count).contains(index)
    }

    /// `(index, count)` from `I/N`; nil for anything else.
    package static func parse(_ text: some StringProtocol) -> (index: Int, count: Int)? {
        guard let slash = text.firstIndex(of: "/") else { return nil }
        guard let index = number(text[..<slash]), let count = number(text[text.index(after: slash)...]),
            isValid(index: index, count: count)
        else { return nil }
        return (index, count)
    }

    /// A decimal number of at most 4 digits (parts are at most 1,000).
    private static func number(_ s: some StringProtocol) -> Int? {
        guard (1...4).contains(s.utf8.count), s.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return s.utf8.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}
