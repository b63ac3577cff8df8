// Tests/RongConformanceTests/TesteeProcessTests.swift - the runner against real testee processes

import RongCodec
import Testing

@testable import RongConformance

private let corpus = """
    vectors:
      - id: Required.Fixture.TxtMsg.Misdecoded
        level: required
        spec: [CONTENT-USER-002]
        kind: decode
        objectName: "RC:TxtMsg"
        input: {json: '{"content":"x","user":{"id":"u","icon":"i.png"}}'}
        expect: {outcome: accept, value: {"content": "x", "user": {"id": "u", "portrait": "i.png"}}}
      - id: Required.Fixture.TxtMsg.Crashes
        level: required
        spec: [CONTENT-TYPE-001]
        kind: decode
        objectName: "RC:TxtMsg"
        input: {json: '{"content":5}'}
        expect: {outcome: reject, error: typeMismatch}
      - id: Required.Fixture.TxtMsg.Hangs
        level: required
        spec: [CONTENT-ENCODE-001]
        kind: encode
        objectName: "RC:TxtMsg"
        input: {value: {"extra": "", "content": "a/b"}}
        expect: {outcome: accept, json: '{"content":"a/b","extra":""}'}
      - id: Required.Fixture.TxtMsg.AfterRestart
        level: required
        spec: [CONTENT-JSON-001]
        kind: decode
        objectName: "RC:TxtMsg"
        input: {json: '{"content":"ok"}'}
        expect: {outcome: accept, value: {"content": "ok"}, json: '{"content":"ok"}'}
    """

@Suite("Runner: testee processes", .serialized)
struct TesteeProcessTests {
    @Test("the shipped testee passes through the protocol")
    func shippedTestee() throws {
        let bin = try #require(rongwireBinary(), "build the rongwire executable first (swift build)")
        let vectors = try VectorLoader().load(yaml: corpus, file: "fixture.yaml")
        let testee = SubprocessTestee(command: "'\(bin)' testee", timeout: 20)
        defer { testee.stop() }
        let summary = ConformanceRunner().run(vectors, on: testee)
        #expect(summary.results.map(\.status) == [.pass, .pass, .pass, .pass], "\(summary.text(verbose: true))")
        #expect(testee.starts == 1)
        if case .hello(let name, _, let kinds)? = testee.helloResponse {
            #expect(name == "rongwire")
            #expect(kinds.contains("decode"))
        } else {
            Issue.record("no hello answer")
        }
    }

    @Test("a broken testee is reported as FAIL, CRASH and TIMEOUT and the run finishes")
    func brokenTestee() throws {
        let bin = try #require(rongwireBinary(), "build the rongwire executable first (swift build)")
        let vectors = try VectorLoader().load(yaml: corpus, file: "fixture.yaml")
        let faults = [
            "misdecode:Required.Fixture.TxtMsg.Misdecoded", "crash:Required.Fixture.TxtMsg.Crashes",
            "hang:Required.Fixture.TxtMsg.Hangs",
        ].map { "--inject-fault \($0)" }.joined(separator: " ")
        let testee = SubprocessTestee(command: "'\(bin)' testee \(faults)", timeout: 2)
        defer { testee.stop() }
        let summary = ConformanceRunner().run(vectors, on: testee)
        #expect(summary.results.map(\.status) == [.fail, .crash, .timeout, .pass], "\(summary.text(verbose: true))")
        #expect(summary.results[0].detail.contains("misdecoded"))
        #expect(summary.results[1].detail.contains("signal 6"))
        #expect(testee.starts == 3, "restarted after the crash and after the timeout")
        #expect(!summary.isSuccess)
        #expect(summary.text().hasSuffix("1 passed, 3 failed, 0 skipped"))
    }

    @Test("a testee that exits non-zero after its input ends is reported (a sanitizer's leak report)")
    func exitProblems() throws {
        let bin = try #require(rongwireBinary(), "build the rongwire executable first (swift build)")
        let vectors = try VectorLoader().load(yaml: corpus, file: "fixture.yaml")
        let testee = SubprocessTestee(command: "sh -c \"'\(bin)' testee; echo leaked >&2; exit 23\"", timeout: 20)
        let summary = ConformanceRunner().run(Array(vectors.suffix(1)), on: testee)
        #expect(summary.isSuccess)
        #expect(testee.exitProblems.isEmpty)
        testee.stop()
        #expect(testee.exitProblems == ["testee exited with status 23 after its input ended; stderr: leaked"])
        let clean = SubprocessTestee(command: "'\(bin)' testee", timeout: 20)
        _ = ConformanceRunner().run(Array(vectors.suffix(1)), on: clean)
        clean.stop()
        #expect(clean.exitProblems.isEmpty)
    }

    @Test("a testee that is not a testee fails the cases without hanging the run")
    func notATestee() throws {
        let vectors = try VectorLoader().load(yaml: corpus, file: "fixture.yaml")
        let testee = SubprocessTestee(command: "printf 'garbage'", timeout: 2)
        defer { testee.stop() }
        let summary = ConformanceRunner().run(vectors, on: testee)
        #expect(summary.results.allSatisfy { $0.status == .crash || $0.status == .fail })
        let missing = SubprocessTestee(command: "/nonexistent/testee", timeout: 2)
        let s2 = ConformanceRunner().run(Array(vectors.prefix(1)), on: missing)
        #expect(s2.results.first?.status == .crash)
        #expect(s2.results.first?.detail.contains("127") == true)
    }
}
