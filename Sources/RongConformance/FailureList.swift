// Sources/RongConformance/FailureList.swift - expected failures of one implementation

/// A list of vectors an implementation is known to fail, kept beside it.
///
/// One id per line, optionally followed by `# why`. Lines starting with `#` are comments.
/// A component may be `*` (matches exactly one component); a wildcard entry may match at most
/// ``maxWildcardMatches`` vectors. The list never goes stale silently: an entry that matches no
/// vector, or only passing ones, fails the run (as protobuf's conformance runner does).
public struct FailureList: Sendable {
    /// One line of the list: a vector id or pattern, with its comments.
    public struct Entry: Sendable, Hashable {
        /// A vector id; any dot-separated component may be `*`.
        public var pattern: String
        /// The text after `#` on the entry's line, trimmed; nil when there is none.
        public var comment: String?
        /// Comment lines directly above the entry.
        public var leadingComments: [String]
    }

    /// The entries in file order.
    public var entries: [Entry]
    /// Comment lines after the last entry.
    public var trailingComments: [String]
    /// Most vectors one wildcard entry may match (20); more makes the entry stale.
    public static let maxWildcardMatches = 20

    /// A list of `entries`, followed by `trailingComments`.
    public init(entries: [Entry] = [], trailingComments: [String] = []) {
        self.entries = entries
        self.trailingComments = trailingComments
    }

    /// Parses the text of a failure list.
    public init(text: String) {
        var entries: [Entry] = []
        var pending: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: " \t\r")
            if line.isEmpty || line.hasPrefix("#") {
                if !line.isEmpty { pending.append(line) }
                continue
            }
            var pattern = line
            var comment: String?
            if let hash = line.firstIndex(of: "#") {
                pattern = String(line[..<hash]).trimmingCharacters(in: " \t")
                comment = String(line[line.index(after: hash)...]).trimmingCharacters(in: " \t")
            }
            entries.append(Entry(pattern: pattern, comment: comment, leadingComments: pending))
            pending = []
        }
        self.init(entries: entries, trailingComments: pending)
    }

    /// The entry that lists `id`, if any.
    public func match(_ id: String) -> Entry? {
        entries.first { Self.matches($0.pattern, id) }
    }

    static func matches(_ pattern: String, _ id: String) -> Bool {
        let p = pattern.split(separator: ".", omittingEmptySubsequences: false)
        let i = id.split(separator: ".", omittingEmptySubsequences: false)
        guard p.count == i.count else { return false }
        return zip(p, i).allSatisfy { $0 == "*" || $0 == $1 }
    }

    /// Entries that match no vector that ran, only passing vectors, or too many vectors.
    public func staleEntries(results: [CaseResult]) -> [String] {
        var out: [String] = []
        for e in entries {
            let matched = results.filter { Self.matches(e.pattern, $0.vector.id) }
            if matched.isEmpty {
                out.append("\(e.pattern): listed as failing but no such vector ran")
            } else if matched.allSatisfy({ $0.status == .unexpectedPass || $0.status == .skipped }) {
                out.append("\(e.pattern): listed as failing but it \(matched.contains { $0.status == .skipped } ? "was skipped" : "passes")")
            } else if e.pattern.contains("*") && matched.count > Self.maxWildcardMatches {
                out.append("\(e.pattern): wildcard matches \(matched.count) vectors (at most \(Self.maxWildcardMatches))")
            }
        }
        return out
    }

    /// The list rewritten from a run: entries for every failing vector, keeping the comments of
    /// entries that still match, dropping stale ones.
    public func fixed(results: [CaseResult]) -> FailureList {
        let failing = results.filter { [.fail, .crash, .timeout, .expectedFailure].contains($0.status) }
        var kept: [Entry] = []
        var covered: Set<String> = []
        for e in entries {
            let m = failing.filter { Self.matches(e.pattern, $0.vector.id) }
            if m.isEmpty { continue }
            kept.append(e)
            for r in m { covered.insert(r.vector.id) }
        }
        for r in failing where !covered.contains(r.vector.id) {
            let why = r.detail.split(separator: "\n").first.map(String.init) ?? r.status.rawValue
            kept.append(Entry(pattern: r.vector.id, comment: "\(r.status.rawValue): \(why.prefix(120))", leadingComments: []))
        }
        return FailureList(entries: kept, trailingComments: trailingComments)
    }

    /// The list as text.
    public var text: String {
        var lines: [String] = []
        for e in entries {
            lines += e.leadingComments
            lines.append(e.pattern + (e.comment.map { "  # \($0)" } ?? ""))
        }
        lines += trailingComments
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        let chars = Set(set)
        var s = Substring(self)
        while let f = s.first, chars.contains(f) { s = s.dropFirst() }
        while let l = s.last, chars.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
