// Sources/RongConformance/Runner/FailureList.swift - expected failures of one implementation

/// A list of vectors an implementation is known to fail, kept beside it.
///
/// One id per line, followed by `# why`. Lines starting with `#` are comments.
/// A component may be `*` (matches exactly one component); a wildcard entry may match at most
/// ``maxWildcardMatches`` vectors. The list never goes stale silently: an entry that matches no
/// loaded vector, or only passing ones, fails the run (as protobuf's conformance runner does).
/// Every entry must say why the implementation fails the vector: an entry without a reason, or
/// with the placeholder that `--fix` writes (``placeholder``), fails the run too.
public struct FailureList: Sendable {
    /// One line of the list: a vector id or pattern, with its comments.
    public struct Entry: Sendable, Hashable {
        /// A vector id; any dot-separated component may be `*`.
        public var pattern: String
        /// The text after `#` on the entry's line, trimmed; nil when there is none.
        public var comment: String?
        /// Comment lines directly above the entry.
        public var leadingComments: [String]

        /// Whether the entry says why the vector fails: a comment on its line that is not the
        /// placeholder `--fix` writes.
        public var hasReason: Bool {
            guard let comment, !comment.isEmpty else { return false }
            return !comment.hasPrefix(FailureList.placeholder)
        }
    }

    /// The entries in file order.
    public var entries: [Entry]
    /// Comment lines after the last entry.
    public var trailingComments: [String]
    /// Most vectors one wildcard entry may match (20); more makes the entry stale.
    public static let maxWildcardMatches = 20
    /// How `--fix` starts the comment of an entry it adds: the reason is still to be written.
    public static let placeholder = "TODO(why):"

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

    /// Entries that are stale: they match no vector in `loaded` (the ids of every vector loaded
    /// from the run's paths, selected or not), every vector they match ran and passed or was
    /// skipped, or a wildcard matches too many vectors. An entry whose vectors were loaded but not
    /// selected (`--filter`, `--tags`, `--level`) is not judged.
    public func staleEntries(results: [CaseResult], loaded: [String]) -> [String] {
        var out: [String] = []
        for e in entries {
            let known = loaded.filter { Self.matches(e.pattern, $0) }
            let ran = results.filter { Self.matches(e.pattern, $0.vector.id) }
            if known.isEmpty {
                out.append("\(e.pattern): listed as failing but no vector with this id was loaded")
            } else if e.pattern.contains("*") && known.count > Self.maxWildcardMatches {
                out.append("\(e.pattern): wildcard matches \(known.count) vectors (at most \(Self.maxWildcardMatches))")
            } else if ran.count == known.count, ran.allSatisfy({ $0.status == .unexpectedPass || $0.status == .skipped }) {
                out.append("\(e.pattern): listed as failing but it \(ran.contains { $0.status == .skipped } ? "was skipped" : "passes")")
            }
        }
        return out
    }

    /// Entries that do not say why the vector fails (``Entry/hasReason``).
    public var unexplainedEntries: [String] {
        entries.filter { !$0.hasReason }.map { e in
            e.comment?.hasPrefix(Self.placeholder) == true
                ? "\(e.pattern): the reason is still the placeholder `# \(Self.placeholder) …` that --fix wrote"
                : "\(e.pattern): no reason given (write `# why` after the id)"
        }
    }

    /// The list rewritten from a run (made without the list): it keeps every comment, every entry
    /// that still matches a failing vector or matches vectors that were loaded but not run, and
    /// the reasons of the entries it keeps; it drops entries whose vectors all ran and passed and
    /// entries that match no loaded vector (`dropped` names them); it adds an entry for each
    /// failing vector no entry covers, with the ``placeholder`` and the failure as its comment.
    public func fixed(results: [CaseResult], loaded: [String]) -> (list: FailureList, dropped: [String]) {
        let failing = results.filter { [.fail, .crash, .timeout, .expectedFailure].contains($0.status) }
        var kept: [Entry] = []
        var dropped: [String] = []
        var covered: Set<String> = []
        // Comments above a dropped entry move down to the next kept one: comments are the
        // maintainer's text, not the tool's to delete.
        var orphaned: [String] = []
        for var e in entries {
            let known = loaded.filter { Self.matches(e.pattern, $0) }
            let ran = results.filter { Self.matches(e.pattern, $0.vector.id) }
            let fails = failing.filter { Self.matches(e.pattern, $0.vector.id) }
            if known.isEmpty || (ran.count == known.count && fails.isEmpty) {
                dropped.append(e.pattern)
                orphaned += e.leadingComments
                continue
            }
            e.leadingComments = orphaned + e.leadingComments
            orphaned = []
            kept.append(e)
            for r in fails { covered.insert(r.vector.id) }
        }
        for r in failing where !covered.contains(r.vector.id) {
            let why = r.detail.split(separator: "\n").first.map(String.init) ?? ""
            let comment = "\(Self.placeholder) \(r.status.rawValue)" + (why.isEmpty ? "" : ": \(why.prefix(120))")
            kept.append(Entry(pattern: r.vector.id, comment: comment, leadingComments: orphaned))
            orphaned = []
        }
        return (FailureList(entries: kept, trailingComments: orphaned + trailingComments), dropped)
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
