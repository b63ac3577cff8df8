// Sources/RongConformance/Runner/ConformReport.swift - a run's report as data: written as text, JSON
// and JUnit, read back from JSON, and merged across shards

import RongCodec

/// What a conformance run reports, with no reference to the vectors themselves: the form
/// `rongwire conform --json-report` writes, and what `rongwire conform merge-reports` reads back
/// and adds up. ``RunSummary``'s text, JSON and JUnit reports are this type's.
public struct ConformReport: Sendable, Equatable {
    /// One vector's verdict as reported.
    public struct Case: Sendable, Equatable {
        /// The vector's id.
        public var id: String
        /// Its area (the id's first two components).
        public var area: String
        /// The file and line the vector starts on.
        public var file: String
        /// The line the vector starts on.
        public var line: Int
        /// Its level (`required`, `recommended`, `optional`).
        public var level: String
        /// Its kind (`content-decode`, `packet-encode`, …).
        public var kind: String
        /// The verdict.
        public var status: CaseStatus
        /// Seconds the testee took.
        public var duration: Double
        /// Why it failed, or what the testee did.
        public var detail: String
        /// Remarks that do not fail the case.
        public var notes: [String]
    }

    /// The requirements the spec defines and those no vector that ran covers.
    public struct Coverage: Sendable, Equatable {
        /// How many requirement ids the spec defines.
        public var total: Int
        /// The ids not covered, sorted.
        public var missing: [String]
        /// How many are covered.
        public var covered: Int { total - missing.count }
    }

    /// The testee's name.
    public var testee: String
    /// One entry per vector that ran, in run order.
    public var cases: [Case]
    /// Requirement coverage, when the spec was found.
    public var coverage: Coverage?
    /// Failure-list entries that match no loaded vector, or only passing vectors.
    public var staleEntries: [String] = []
    /// Failure-list entries that do not say why the vector fails.
    public var unexplainedEntries: [String] = []
    /// Problems with the corpus itself.
    public var corpusErrors: [String] = []
    /// Problems with the testee as a whole.
    public var testeeProblems: [String] = []
    /// Selected vectors that did not run because the testee was not usable.
    public var notRun = 0

    /// The report of a run.
    public init(_ summary: RunSummary) {
        testee = summary.testee
        cases = summary.results.map { r in
            Case(id: r.vector.id, area: r.vector.area, file: r.vector.file, line: r.vector.line, level: r.vector.level.rawValue,
                 kind: r.vector.kind.rawValue, status: r.status, duration: r.duration, detail: r.detail, notes: r.notes)
        }
        if let requirements = summary.requirements {
            coverage = Coverage(total: requirements.count, missing: requirements.subtracting(summary.coveredRequirements).sorted())
        }
        staleEntries = summary.staleEntries
        unexplainedEntries = summary.unexplainedEntries
        corpusErrors = summary.corpusErrors
        testeeProblems = summary.testeeProblems
        notRun = summary.notRun
    }

    /// How many cases have status `s`.
    public func count(_ s: CaseStatus) -> Int { cases.filter { $0.status == s }.count }
    /// Passed cases.
    public var passed: Int { count(.pass) }
    /// Cases that fail the run.
    public var unexpected: Int { cases.filter { $0.status.isUnexpected }.count }
    /// Problems outside the cases that fail the run.
    public var otherProblems: Int { staleEntries.count + unexplainedEntries.count + corpusErrors.count + testeeProblems.count }
    /// Everything that fails the run (the last line's `failed`).
    public var failed: Int { unexpected + otherProblems }
    /// Whether the run is clean.
    public var isSuccess: Bool { failed == 0 }
}

// MARK: - Merging shards

extension ConformReport {
    /// Why reports cannot be added up; each names the report as ``merged(_:names:)`` was told.
    public enum MergeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// No report was given.
        case noReports
        /// Two reports are of different testees.
        case differentTestees(first: String, other: String, report: String)
        /// A vector is in two reports: the shards overlap, or one report was given twice.
        case vectorTwice(id: String, first: String, second: String)
        /// The reports counted requirements of different specs (or one counted none).
        case differentSpecs(report: String)

        public var description: String {
            switch self {
            case .noReports: "no reports to merge"
            case let .differentTestees(first, other, report): "\(report) is of testee \(other), not \(first)"
            case let .vectorTwice(id, a, b): "vector \(id) is in \(a) and in \(b): shards of one run never share a vector"
            case let .differentSpecs(report): "\(report) counts the requirements of another spec than the first report"
            }
        }
    }

    /// The report of the whole run whose parts these are (the shards of one corpus, in any order):
    /// the cases of all, problems listed once each (every shard sees the same corpus and failure
    /// list), a requirement covered when any part covers it, the vectors not run added up.
    /// `names` name the reports in errors (default `report 1`, `report 2`, …).
    public static func merged(_ reports: [ConformReport], names: [String] = []) throws(MergeError) -> ConformReport {
        func name(_ i: Int) -> String { i < names.count ? names[i] : "report \(i + 1)" }
        guard var whole = reports.first else { throw .noReports }
        var seen: [String: Int] = [:]
        for c in whole.cases where seen[c.id] == nil { seen[c.id] = 0 }
        for (i, r) in reports.enumerated().dropFirst() {
            guard r.testee == whole.testee else { throw .differentTestees(first: whole.testee, other: r.testee, report: name(i)) }
            for c in r.cases {
                if let earlier = seen[c.id] { throw .vectorTwice(id: c.id, first: name(earlier), second: name(i)) }
                seen[c.id] = i
            }
            whole.cases += r.cases
            switch (whole.coverage, r.coverage) {
            case let (a?, b?):
                guard a.total == b.total else { throw .differentSpecs(report: name(i)) }
                whole.coverage = Coverage(total: a.total, missing: a.missing.filter(Set(b.missing).contains))
            case (nil, _?), (_?, nil): throw .differentSpecs(report: name(i))
            case (nil, nil): break
            }
            func union(_ a: inout [String], _ b: [String]) { for s in b where !a.contains(s) { a.append(s) } }
            union(&whole.staleEntries, r.staleEntries)
            union(&whole.unexplainedEntries, r.unexplainedEntries)
            union(&whole.corpusErrors, r.corpusErrors)
            union(&whole.testeeProblems, r.testeeProblems)
            whole.notRun += r.notRun
        }
        return whole
    }
}

// MARK: - Reading a JSON report

extension ConformReport {
    /// What is wrong with a JSON report: the JSON path of the member and what was expected.
    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Where in the report (`$.cases[3].status`).
        public var path: String
        /// What is wrong there.
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    /// Reads a report `--json-report` wrote (the summary counts are not read: they follow from
    /// the cases and lists, and are written again).
    public init(json: JSONValue) throws(ReadError) {
        let root = try Self.object(json, "$")
        testee = try Self.string(root, "testee", "$")
        guard case .array(let items)? = root["cases"] else { throw ReadError(path: "$.cases", message: "expected an array of cases") }
        cases = []
        cases.reserveCapacity(items.count)
        for (n, item) in items.enumerated() {
            let at = "$.cases[\(n)]"
            let o = try Self.object(item, at)
            let statusText = try Self.string(o, "status", at)
            guard let status = CaseStatus(rawValue: statusText) else {
                throw ReadError(path: at + ".status", message: "unknown status \(statusText) (one of \(CaseStatus.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            cases.append(Case(
                id: try Self.string(o, "id", at), area: try Self.string(o, "area", at), file: try Self.string(o, "file", at),
                line: try Self.int(o, "line", at), level: try Self.string(o, "level", at), kind: try Self.string(o, "kind", at),
                status: status, duration: try Self.number(o, "duration", at), detail: try Self.string(o, "detail", at),
                notes: try Self.strings(o, "notes", at)))
        }
        if let r = root["requirements"] {
            let o = try Self.object(r, "$.requirements")
            let total = try Self.int(o, "total", "$.requirements")
            let missing = try Self.strings(o, "missing", "$.requirements")
            guard missing.count <= total else { throw ReadError(path: "$.requirements.missing", message: "more missing requirements than \(total)") }
            coverage = Coverage(total: total, missing: missing.sorted())
        }
        staleEntries = try Self.strings(root, "staleFailureListEntries", "$")
        unexplainedEntries = try Self.strings(root, "unexplainedFailureListEntries", "$")
        corpusErrors = try Self.strings(root, "corpusErrors", "$")
        testeeProblems = try Self.strings(root, "testeeProblems", "$")
        if case .object(let summary)? = root["summary"], summary["notRun"] != nil {
            notRun = try Self.int(summary, "notRun", "$.summary")
        }
    }

    private static func object(_ v: JSONValue, _ path: String) throws(ReadError) -> JSONObject {
        guard case .object(let o) = v else { throw ReadError(path: path, message: "expected an object") }
        return o
    }

    private static func string(_ o: JSONObject, _ key: String, _ at: String) throws(ReadError) -> String {
        guard case .string(let s)? = o[key] else { throw ReadError(path: "\(at).\(key)", message: "expected a string") }
        return s
    }

    private static func number(_ o: JSONObject, _ key: String, _ at: String) throws(ReadError) -> Double {
        guard case .number(let n)? = o[key], n.isFinite, n.doubleValue >= 0 else {
            throw ReadError(path: "\(at).\(key)", message: "expected a number of seconds, 0 or more")
        }
        return n.doubleValue
    }

    private static func int(_ o: JSONObject, _ key: String, _ at: String) throws(ReadError) -> Int {
        guard case .number(let n)? = o[key], let i = n.int64Value, i >= 0, i <= Int64(Int32.max) else {
            throw ReadError(path: "\(at).\(key)", message: "expected a whole number, 0 or more")
        }
        return Int(i)
    }

    private static func strings(_ o: JSONObject, _ key: String, _ at: String) throws(ReadError) -> [String] {
        guard case .array(let items)? = o[key] else { throw ReadError(path: "\(at).\(key)", message: "expected an array of strings") }
        var out: [String] = []
        out.reserveCapacity(items.count)
        for (n, item) in items.enumerated() {
            guard case .string(let s) = item else { throw ReadError(path: "\(at).\(key)[\(n)]", message: "expected a string") }
            out.append(s)
        }
        return out
    }
}
