// Sources/RongConformance/Runner/RunSummary.swift - the verdict on each vector and the outcome of a run

/// The verdict on one vector.
public enum CaseStatus: String, Sendable, Hashable, CaseIterable {
    /// The testee did what the vector expects.
    case pass = "PASS"
    /// The testee did something else.
    case fail = "FAIL"
    /// It failed, and the failure list expects that.
    case expectedFailure = "XFAIL"
    /// It passed, but the failure list says it fails: the list is stale.
    case unexpectedPass = "XPASS"
    /// The testee does not support the kind.
    case skipped = "SKIPPED"
    /// The testee died.
    case crash = "CRASH"
    /// The testee did not answer in time.
    case timeout = "TIMEOUT"

    /// Whether this status makes the run fail.
    public var isUnexpected: Bool { self == .fail || self == .crash || self == .timeout || self == .unexpectedPass }
}

/// The result for one vector.
public struct CaseResult: Sendable {
    /// The vector that ran.
    public var vector: Vector
    /// The verdict, after the failure list is applied.
    public var status: CaseStatus
    /// Why it failed, or what the testee did (for `either`).
    public var detail: String
    /// Remarks that do not fail the case (a different error code, an implementation-defined outcome).
    public var notes: [String]
    /// Seconds the testee took.
    public var duration: Double
}

/// The outcome of a run.
public struct RunSummary: Sendable {
    /// The testee's ``Testee/name``.
    public var testee: String
    /// One result per vector that ran, in run order.
    public var results: [CaseResult]
    /// Failure-list entries that match no loaded vector, or only passing vectors.
    public var staleEntries: [String]
    /// Failure-list entries that do not say why the vector fails.
    public var unexplainedEntries: [String] = []
    /// Problems with the corpus itself (unknown requirement ids, ...).
    public var corpusErrors: [String]
    /// Problems with the testee as a whole, each one line after `FAIL `: it was not usable (the
    /// run stopped), or it failed as it exited (``addExitProblems(_:)``).
    public var testeeProblems: [String] = []
    /// Selected vectors that did not run because the testee was not usable.
    public var notRun = 0
    /// Requirement ids defined in the spec, if it was found.
    public var requirements: Set<String>?

    /// A summary of `results` and the problems found around them.
    public init(
        testee: String, results: [CaseResult], staleEntries: [String] = [], unexplainedEntries: [String] = [],
        corpusErrors: [String] = [], testeeProblems: [String] = [], notRun: Int = 0, requirements: Set<String>? = nil
    ) {
        self.testee = testee
        self.results = results
        self.staleEntries = staleEntries
        self.unexplainedEntries = unexplainedEntries
        self.corpusErrors = corpusErrors
        self.testeeProblems = testeeProblems
        self.notRun = notRun
        self.requirements = requirements
    }

    /// How many results have status `s`.
    public func count(_ s: CaseStatus) -> Int { results.filter { $0.status == s }.count }
    /// Cases that make the run fail.
    public var unexpected: Int { results.filter { $0.status.isUnexpected }.count }
    /// Problems outside the cases that make the run fail: stale and unexplained failure-list
    /// entries, corpus errors, testee problems.
    public var otherProblems: Int { staleEntries.count + unexplainedEntries.count + corpusErrors.count + testeeProblems.count }
    /// Whether the run is clean: no unexpected case and no other problem.
    public var isSuccess: Bool { unexpected == 0 && otherProblems == 0 }

    /// Records how the testee exited after its input ended (``SubprocessTestee/exitProblems``).
    public mutating func addExitProblems(_ problems: [String]) {
        for p in problems where !testeeProblems.contains("at exit: " + p) { testeeProblems.append("at exit: " + p) }
    }

    /// Requirement ids cited by the vectors that ran (a skipped vector covers nothing).
    public var coveredRequirements: Set<String> { Set(results.filter { $0.status != .skipped }.flatMap { $0.vector.spec }) }
}
