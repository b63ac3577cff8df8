// Sources/RongConformance/Runner/FailureList+Fix.swift - `--fix`: the failure list rewritten from a run

extension FailureList {
    /// A failure list rewritten from a run (``rewritten(after:loaded:)``), with what changed.
    public struct Rewrite: Sendable {
        /// The new list.
        public var list: FailureList
        /// The patterns of the entries dropped: they no longer fail, or match no vector.
        public var dropped: [String]

        /// What to tell the user once the list is written to `path`: how many entries it holds,
        /// which were dropped, and how many still need a reason (until then the list fails runs).
        public func note(path: String) -> String {
            var note = "wrote \(path) with \(list.entries.count) entries"
            if !dropped.isEmpty {
                note += "; dropped \(dropped.count) that no longer fail or match no vector: \(dropped.joined(separator: ", "))"
            }
            let unexplained = list.entries.filter { !$0.hasReason }.count
            if unexplained > 0 {
                note += "\n\(unexplained) entries need a reason: replace `# \(FailureList.placeholder) …` by why the implementation fails the vector; until then the list fails the run"
            }
            return note
        }
    }

    /// The list rewritten from `summary`, a run made *without* the list (so every failure shows as
    /// FAIL, CRASH or TIMEOUT), over the vectors `loaded` (ids of every vector loaded, selected or
    /// not): ``fixed(results:loaded:)``. Nil when the run cannot say what the list should hold:
    /// the list cannot hold corpus errors or testee problems, and a run that stopped early says
    /// nothing about the vectors it did not reach.
    public func rewritten(after summary: RunSummary, loaded: [String]) -> Rewrite? {
        guard summary.corpusErrors.isEmpty, summary.testeeProblems.isEmpty else { return nil }
        let (list, dropped) = fixed(results: summary.results, loaded: loaded)
        return Rewrite(list: list, dropped: dropped)
    }
}
