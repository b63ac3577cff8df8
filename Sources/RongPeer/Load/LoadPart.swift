// Sources/RongPeer/Load/LoadPart.swift - one of N generator processes of a distributed load run (--part I/N)

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RongSupport

/// One of `count` generator processes of one load run (`rongwire peer-load --run-id ID --part I/N`):
/// part `I` drives the load users `load⌊(I-1)·C/N⌋` … `load⌊I·C/N⌋-1` of the `C` clients, so the N
/// parts are disjoint contiguous slices that make up the whole population, whatever the machine.
public struct LoadPart: Sendable, Hashable, CustomStringConvertible {
    /// The most parts a run may be split into.
    public static let maxCount = PartNotation.maxCount

    /// Which part, `1...count`.
    public let index: Int
    /// How many parts, `1...maxCount`.
    public let count: Int

    /// Part `index` of `count`; nil unless `1 <= index <= count <= maxCount`.
    public init?(index: Int, count: Int) {
        guard PartNotation.isValid(index: index, count: count) else { return nil }
        self.index = index
        self.count = count
    }

    /// The whole run as one part.
    public static let whole = LoadPart(index: 1, count: 1)!

    /// Reads `I/N` (decimal digits only); nil for anything else.
    public init?(parsing text: some StringProtocol) {
        guard let (index, count) = PartNotation.parse(text) else { return nil }
        self.init(index: index, count: count)
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// The indices of the load users this part drives, out of `clients`.
    public func clients(of clients: Int) -> Range<Int> {
        (index - 1) * clients / count..<index * clients / count
    }

}

/// A run id given with `--run-id`: 1 to 32 letters, digits, `-` or `_` (it goes into every
/// message's `L:RUN:…` marker, whose fields are split at `:`).
public enum LoadRunID {
    /// Whether `id` can be a run id.
    public static func isValid(_ id: String) -> Bool {
        (1...32).contains(id.utf8.count) && id.utf8.allSatisfy { b in
            (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x2D || b == 0x5F
        }
    }
}

/// Wall-clock nanoseconds (CLOCK_REALTIME): what the parts of a distributed run stamp their
/// messages with, since monotonic clocks are not comparable across machines. Across machines the
/// latencies are only as good as the machines' clock sync (NTP: about a millisecond).
func wallNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
