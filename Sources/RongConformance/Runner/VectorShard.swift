// Sources/RongConformance/Runner/VectorShard.swift - one of N stable parts of a corpus (--shard I/N)

import RongSupport

/// One of `count` parts of a corpus, chosen by vector id, so that N CI jobs can each run one part
/// (`rongwire conform --shard I/N`) and `rongwire conform merge-reports` can add their reports.
///
/// A vector belongs to shard `I` of `N` when the 64-bit FNV-1a hash of its id's UTF-8 bytes is
/// `I - 1` modulo `N`: the split depends on the id alone (not on the order of files, the other
/// vectors, the platform or the Swift version), so the N shards of one corpus are disjoint and
/// together are the whole corpus, and a vector stays in its shard when others are added.
public struct VectorShard: Sendable, Hashable, CustomStringConvertible {
    /// The most shards a run may be split into.
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

    /// Reads `I/N` (decimal digits only, as written in a CI matrix); nil for anything else.
    public init?(parsing text: some StringProtocol) {
        guard let (index, count) = PartNotation.parse(text) else { return nil }
        self.init(index: index, count: count)
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the vector with this id is in this shard.
    public func includes(id: String) -> Bool {
        Int(Self.hash(id) % UInt64(count)) == index - 1
    }

    /// FNV-1a, 64 bits, over the UTF-8 bytes: small, fixed by its definition, and not Swift's
    /// `Hasher`, which is seeded per process.
    static func hash(_ id: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in id.utf8 {
            h ^= UInt64(b)
            h &*= 0x0000_0100_0000_01b3
        }
        return h
    }

}
