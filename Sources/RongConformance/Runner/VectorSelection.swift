// Sources/RongConformance/Runner/VectorSelection.swift - which vectors a run takes (level, --filter, --tags)

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which vectors to run.
public struct VectorSelection: Sendable {
    /// Glob patterns on ids (`*` matches anything); empty = all.
    public var filters: [String] = []
    /// Run vectors with any of these tags; empty = all.
    public var tags: [String] = []
    /// Run vectors at this level and stricter levels.
    public var level: Vector.Level = .optional
    /// Run only this part of the vectors that the other checks select; nil = all of them.
    public var shard: VectorShard?

    /// A selection; the defaults select every vector.
    public init(filters: [String] = [], tags: [String] = [], level: Vector.Level = .optional, shard: VectorShard? = nil) {
        self.filters = filters
        self.tags = tags
        self.level = level
        self.shard = shard
    }

    /// Whether `v` is at ``level`` or stricter, matches a filter, carries a tag (each check
    /// skipped when its list is empty) and is in ``shard``.
    public func includes(_ v: Vector) -> Bool {
        let order: [Vector.Level] = [.required, .recommended, .optional]
        guard order.firstIndex(of: v.level)! <= order.firstIndex(of: level)! else { return false }
        if !filters.isEmpty && !filters.contains(where: { fnmatch($0, v.id, 0) == 0 }) { return false }
        if !tags.isEmpty && !tags.contains(where: v.tags.contains) { return false }
        if let shard, !shard.includes(id: v.id) { return false }
        return true
    }
}
