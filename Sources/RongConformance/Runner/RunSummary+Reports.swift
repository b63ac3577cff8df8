// Sources/RongConformance/Runner/RunSummary+Reports.swift - human, JSON and JUnit reports of a run

import RongCodec

extension RunSummary {
    /// Passed cases (including implementation-defined ones).
    public var passed: Int { count(.pass) }
    /// Everything that fails the run: FAIL, CRASH, TIMEOUT and XPASS cases, plus stale and
    /// unexplained failure-list entries, corpus errors and testee problems (``otherProblems``).
    /// Zero exactly when ``isSuccess``.
    public var failed: Int { unexpected + otherProblems }

    /// This run's report (``ConformReport``), which the three forms below write.
    public var report: ConformReport { ConformReport(self) }

    /// The human report: a table per area, the failures, the requirement coverage, and a last
    /// line `N passed, N failed, N skipped` (``ConformReport/text(verbose:)``).
    public func text(verbose: Bool = false) -> String { report.text(verbose: verbose) }

    /// The machine-readable report (`--json-report`; ``ConformReport/jsonReport()``).
    public func jsonReport() -> JSONValue { report.jsonReport() }

    /// JUnit XML (`--junit`; ``ConformReport/junitXML()``).
    public func junitXML() -> String { report.junitXML() }
}
