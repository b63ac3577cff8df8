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

    /// A selection; the defaults select every vector.
    public init(filters: [String] = [], tags: [String] = [], level: Vector.Level = .optional) {
        self.filters = filters
        self.tags = tags
        self.level = level
    }

    /// Whether `v` is at ``level`` or stricter, matches a filter and carries a tag (each check
    /// skipped when its list is empty).
    public func includes(_ v: Vector) -> Bool {
        let order: [Vector.Level] = [.required, .recommended, .optional]
        guard order.firstIndex(of: v.level)! <= order.firstIndex(of: level)! else { return false }
        if !filters.isEmpty && !filters.contains(where: { fnmatch($0, v.id, 0) == 0 }) { return false }
        if !tags.isEmpty && !tags.contains(where: v.tags.contains) { return false }
        return true
    }
}
