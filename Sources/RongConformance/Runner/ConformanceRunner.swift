// Sources/RongConformance/Runner/ConformanceRunner.swift - runs vectors against a testee and judges them

import RongEnvelope
import RongCodec
import RongSupport

/// Runs vectors against a testee.
public struct ConformanceRunner {
    /// Vectors expected to fail: a listed failure is XFAIL, a listed pass is XPASS. Nil = none.
    public var failureList: FailureList?
    /// Requirement ids defined in `spec/`; a vector citing another id is a corpus error. Nil skips
    /// the check.
    public var requirements: Set<String>?

    /// A runner with an optional failure list and set of known requirement ids.
    public init(failureList: FailureList? = nil, requirements: Set<String>? = nil) {
        self.failureList = failureList
        self.requirements = requirements
    }

    /// Runs `vectors` in order. `loaded` holds the ids of every vector loaded, selected or not
    /// (default: those of `vectors`): a failure-list entry is stale only when it matches none of
    /// them. `progress` is called before each case. The run stops early when the testee turns
    /// out to be unusable (``Testee/fatalProblem``).
    public func run(
        _ vectors: [Vector], on testee: any Testee, loaded: [String]? = nil, progress: ((Int, Int, Vector) -> Void)? = nil
    ) -> RunSummary {
        var results: [CaseResult] = []
        results.reserveCapacity(vectors.count)
        cases: for (i, v) in vectors.enumerated() {
            if testee.fatalProblem != nil { break cases }
            progress?(i, vectors.count, v)
            let start = SubprocessTestee.now()
            var result: CaseResult
            do throws(TesteeFailure) {
                let response = try testee.handle(TesteeRequest(vector: v))
                result = Self.judge(v, response)
            } catch {
                if testee.fatalProblem != nil { break cases }
                switch error {
                case .crash(let why): result = CaseResult(vector: v, status: .crash, detail: why, notes: [], duration: 0)
                case .timeout(let why): result = CaseResult(vector: v, status: .timeout, detail: why, notes: [], duration: 0)
                }
            }
            result.duration = SubprocessTestee.now() - start
            if let list = failureList, list.match(v.id) != nil {
                switch result.status {
                case .pass: result.status = .unexpectedPass; result.detail = "passed, but the failure list expects it to fail"
                case .fail, .crash, .timeout: result.status = .expectedFailure
                default: break
                }
            }
            results.append(result)
        }
        var corpusErrors: [String] = []
        if let requirements {
            var unknown: [String: [String]] = [:]
            for v in vectors { for s in v.spec where !requirements.contains(s) { unknown[s, default: []].append(v.id) } }
            for (req, ids) in unknown.sorted(by: { $0.key < $1.key }) {
                corpusErrors.append("requirement \(req) is not defined in spec/ (cited by \(ids.prefix(3).joined(separator: ", "))\(ids.count > 3 ? ", ..." : ""))")
            }
        }
        return RunSummary(
            testee: testee.name, results: results,
            staleEntries: failureList?.staleEntries(results: results, loaded: loaded ?? vectors.map(\.id)) ?? [],
            unexplainedEntries: failureList?.unexplainedEntries ?? [],
            corpusErrors: corpusErrors, testeeProblems: testee.fatalProblem.map { [$0] } ?? [],
            notRun: vectors.count - results.count, requirements: requirements)
    }

    /// Judges one response against a vector.
    public static func judge(_ v: Vector, _ response: TesteeResponse) -> CaseResult {
        func result(_ s: CaseStatus, _ detail: String = "", _ notes: [String] = []) -> CaseResult {
            CaseResult(vector: v, status: s, detail: detail, notes: notes, duration: 0)
        }
        switch response {
        case .skipped(let reason):
            return result(.skipped, reason)
        case .runtimeError(let message):
            return result(.fail, "testee error: \(message)")
        case .hello:
            return result(.fail, "protocol error: hello answer to a test request")
        case .rejected(let error, let message):
            let said = "rejected with \(error)" + (message.map { ": \($0)" } ?? "")
            switch v.expect.outcome {
            case .accept:
                return result(.fail, "should have accepted; \(said)")
            case .reject:
                if let expected = v.expect.error, expected != error {
                    return result(.pass, "", ["rejected with \(error), the vector suggests \(expected)"])
                }
                return result(.pass)
            case .either:
                return result(.pass, "", ["implementation-defined: rejected (\(error))"])
            }
        case .accepted(let value, let bytes, let leniencies):
            if v.expect.outcome == .reject {
                return result(.fail, "should have rejected" + (v.expect.error.map { " with \($0)" } ?? "") + "; accepted")
            }
            var notes: [String] = []
            if v.expect.outcome == .either { notes.append("implementation-defined: accepted") }
            if let expected = v.expect.value {
                guard let value else { return result(.fail, "accepted but returned no value", notes) }
                if !(v.kind.isFrame ? Self.matchesPacket(expected: expected, actual: value) : expected.isEqualIgnoringOrder(value)) {
                    return result(.fail, "value differs:\n    expected \(Self.show(expected))\n    actual   \(Self.show(value))", notes)
                }
            }
            if let expected = v.expect.bytes {
                // Decoders need not produce canonical bytes: for decode and json-parse the bytes
                // are checked when the testee returns them (the value was checked above).
                let optional = (v.kind == .decode || v.kind == .jsonParse) && v.expect.value != nil
                guard let bytes else {
                    if optional { return result(.pass, "", notes + ["no canonical bytes returned; value checked"]) }
                    return result(.fail, "accepted but returned no bytes", notes)
                }
                if expected != bytes {
                    return result(.fail, "bytes differ:\n    expected \(Self.show(expected))\n    actual   \(Self.show(bytes))", notes)
                }
            }
            if let expected = v.expect.leniencies, let leniencies, Set(expected) != Set(leniencies) {
                return result(.fail, "leniencies differ: expected [\(expected.joined(separator: ", "))], reported [\(leniencies.joined(separator: ", "))]", notes)
            }
            return result(.pass, "", notes)
        }
    }

    /// Packet JSON equality (frame kinds): JSON-value equality, except that members whose name
    /// starts with `$` are derived (spec/vectors.md) and compared only when both sides have them.
    static func matchesPacket(expected: JSONValue, actual: JSONValue) -> Bool {
        switch (expected, actual) {
        case (.object(let e), .object(let a)):
            // Keys match by bytes (JSONObject's subscript), and `$` is the first byte: a key that
            // only starts with `$` as a Character (`$` plus a combining mark) is derived too.
            func derived(_ key: String) -> Bool { key.utf8.first == UInt8(ascii: "$") }
            for m in e where !(derived(m.key) && a[m.key] == nil) {
                guard let av = a[m.key], matchesPacket(expected: m.value, actual: av) else { return false }
            }
            return a.allSatisfy { e[$0.key] != nil || derived($0.key) }
        case (.array(let e), .array(let a)):
            return e.count == a.count && zip(e, a).allSatisfy { matchesPacket(expected: $0, actual: $1) }
        default:
            return expected == actual
        }
    }

    static func show(_ v: JSONValue) -> String {
        let text = v.compactText(unwritable: "\(v)")
        return text.count > 400 ? String(text.prefix(400)) + "…" : text
    }

    static func show(_ bytes: [UInt8]) -> String {
        if let s = String(validating: bytes, as: UTF8.self), !s.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            return s.count > 400 ? "'" + String(s.prefix(400)) + "…'" : "'" + s + "'"
        }
        let h = Hex.encode(bytes)
        return "hex " + (h.count > 400 ? String(h.prefix(400)) + "…" : h)
    }
}
