// Sources/RongConformance/Testees/Testee.swift - what answers testee requests, and how it can fail

/// Something that answers testee requests: RongWire's codec in-process, or a child process.
public protocol Testee: AnyObject {
    /// A short name for reports.
    var name: String { get }
    /// Answers one request. Throws ``TesteeFailure`` when the testee crashed or timed out.
    func handle(_ request: TesteeRequest) throws(TesteeFailure) -> TesteeResponse
    /// Why the testee cannot be used at all (it never started, or does not speak the protocol);
    /// nil while it works. The runner stops at the first case after this is set.
    var fatalProblem: String? { get }
}

extension Testee {
    /// An in-process testee is always usable.
    public var fatalProblem: String? { nil }
}

/// A testee that died or did not answer in time.
public enum TesteeFailure: Error, Sendable, Hashable {
    /// The testee exited or closed its output while a request was pending; the text says when
    /// (with the first lines of its stderr, when there are any).
    case crash(String)
    /// No complete answer within the timeout; the testee was killed.
    case timeout(String)
}
