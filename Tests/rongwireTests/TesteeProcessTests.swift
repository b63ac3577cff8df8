// Tests/rongwireTests/TesteeProcessTests.swift - the runner against real `rongwire testee` processes

import RongCodec
import RongSupport
import RongTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

/// A pipe between a testee that announces its own hang (`--fault-announce-fd`, the write end,
/// inherited) and the runner's ``SubprocessTestee/expiry`` (the read end): the runner times the
/// request out the moment the testee hangs, so no test waits out a real timeout. The testees get
/// a timeout of a minute, which only a broken announce would reach.
private final class HangAnnouncer {
    let expiry: Int32
    let announce: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        precondition(pipe(&fds) == 0)
        (expiry, announce) = (fds[0], fds[1])
        _ = fcntl(expiry, F_SETFD, FD_CLOEXEC)
        _ = fcntl(expiry, F_SETFL, fcntl(expiry, F_GETFL) | O_NONBLOCK)
    }

    /// A testee with this announcer.
    func testee(_ command: String) -> SubprocessTestee {
        let t = SubprocessTestee(command: command, timeout: 60)
        t.expiry = expiry
        return t
    }

    /// Whether every announced hang ended a wait (no byte left in the pipe).
    var allConsumed: Bool {
        var byte: UInt8 = 0
        return read(expiry, &byte, 1) < 0 && errno == EAGAIN
    }

    deinit {
        close(expiry)
        close(announce)
    }
}

/// Each test starts testee processes of its own, so they run in parallel.
@Suite("Runner: testee processes")
struct TesteeProcessTests {
    @Test("the shipped testee passes through the protocol")
    func shippedTestee() throws {
        let bin = try Rongwire.path()
        let vectors = try VectorLoader().load(yaml: corpus, file: "fixture.yaml")
        let testee = SubprocessTestee(command: "'\(bin)' testee", timeout: 60)
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
        let bin = try Rongwire.path()
        let vectors = try VectorLoader().load(yaml: corpus, file: "fixture.yaml")
        let faults = [
            "misdecode:Required.Fixture.TxtMsg.Misdecoded", "crash:Required.Fixture.TxtMsg.Crashes",
            "hang:Required.Fixture.TxtMsg.Hangs",
        ].map { "--inject-fault \($0)" }.joined(separator: " ")
        let hangs = HangAnnouncer()
        let testee = hangs.testee("'\(bin)' testee \(faults) --fault-announce-fd \(hangs.announce)")
        defer { testee.stop() }
        let summary = ConformanceRunner().run(vectors, on: testee)
        #expect(summary.results.map(\.status) == [.fail, .crash, .timeout, .pass], "\(summary.text(verbose: true))")
        #expect(summary.results[2].detail.hasPrefix("no answer to Required.Fixture.TxtMsg.Hangs"), "\(summary.results[2].detail)")
        #expect(hangs.allConsumed, "the announced hang ended the wait")
        #expect(summary.results[0].detail.contains("misdecoded"))
        #expect(summary.results[1].detail.contains("signal 6"))
        #expect(testee.starts == 3, "restarted after the crash and after the timeout")
        #expect(!summary.isSuccess)
        #expect(summary.text().hasSuffix("1 passed, 3 failed, 0 skipped"))
    }

    @Test("a testee that exits non-zero after its input ends is reported (a sanitizer's leak report)")
    func exitProblems() throws {
        let bin = try Rongwire.path()
        let vectors = try VectorLoader().load(yaml: corpus, file: "fixture.yaml")
        let testee = SubprocessTestee(command: "sh -c \"'\(bin)' testee; echo leaked >&2; exit 23\"", timeout: 60)
        let summary = ConformanceRunner().run(Array(vectors.suffix(1)), on: testee)
        #expect(summary.isSuccess)
        #expect(testee.exitProblems.isEmpty)
        testee.stop()
        #expect(testee.exitProblems == ["testee exited with status 23 after its input ended; stderr: leaked"])
        let clean = SubprocessTestee(command: "'\(bin)' testee", timeout: 60)
        _ = ConformanceRunner().run(Array(vectors.suffix(1)), on: clean)
        clean.stop()
        #expect(clean.exitProblems.isEmpty)
    }

    @Test("a testee that stops reading its input while a large request is written times out; the run goes on")
    func deafTestee() throws {
        let bin = try Rongwire.path()
        let vectors = try VectorLoader().load(yaml: corpus, file: "fixture.yaml")
        // 300,000 bytes of content: 600 KB of hex in the request, far more than a pipe holds.
        let large = try VectorLoader().load(
            yaml: """
                vectors:
                  - id: Required.Fixture.TxtMsg.Large
                    level: required
                    spec: [CONTENT-LIMIT-001]
                    kind: decode
                    objectName: "RC:TxtMsg"
                    options: {maxBytes: 400000}
                    input: {repeat: {prefix: '{"content":"', fill: 'a', count: 300000, suffix: '"}'}}
                    expect: {outcome: accept, value: {"content": "x"}}
                """, file: "large.yaml")
        let hangs = HangAnnouncer()
        let testee = hangs.testee("'\(bin)' testee --inject-fault deaf:Required.Fixture.TxtMsg.AfterRestart --fault-announce-fd \(hangs.announce)")
        defer { testee.stop() }
        let summary = ConformanceRunner().run([vectors[3]] + large + [vectors[0]], on: testee)
        #expect(summary.results.map(\.status) == [.pass, .timeout, .pass], "\(summary.text(verbose: true))")
        #expect(summary.results[1].detail.contains("did not read request Required.Fixture.TxtMsg.Large"), "\(summary.results[1].detail)")
        #expect(testee.starts == 2)
        #expect(hangs.allConsumed)
    }

    @Test("a timeout kills the whole process group: a wrapper does not leave the real testee running")
    func wrapperHang() throws {
        let bin = try Rongwire.path()
        let vectors = try VectorLoader().load(yaml: corpus, file: "fixture.yaml")
        // The marker names this test's testee among the processes of the machine.
        let marker = "Required.Fixture.TxtMsg.Hangs.\(getpid())"
        let hang = vectors[2]
        var marked = hang
        marked.id = marker
        // `; true` keeps sh from exec-ing the testee: it stays sh's child, in the group.
        let hangs = HangAnnouncer()
        let testee = hangs.testee("sh -c \"'\(bin)' testee --inject-fault hang:\(marker) --fault-announce-fd \(hangs.announce); true\"")
        let summary = ConformanceRunner().run([marked, vectors[3]], on: testee)
        testee.stop()
        #expect(summary.results.map(\.status) == [.timeout, .pass], "\(summary.text(verbose: true))")
        #expect(testee.exitProblems.isEmpty, "a killed testee is not a failure at exit")
        #expect(hangs.allConsumed)
        // SIGKILL went to the whole group before stop() returned; the kernel ends the processes
        // at once, but /proc may show them a moment longer: look until they are gone (bounded).
        var alive = processes(withArgument: "hang:" + marker)
        for _ in 0..<200 where !alive.isEmpty {
            usleep(10_000)
            alive = processes(withArgument: "hang:" + marker)
        }
        #expect(alive.isEmpty, "still running after the timeout: \(alive)")
    }

    @Test("a banner on stdout gives one clear diagnostic, stops the run, and no failure at exit")
    func bannerOnStdout() throws {
        let bin = try Rongwire.path()
        let vectors = try VectorLoader().load(yaml: corpus, file: "fixture.yaml")
        let testee = SubprocessTestee(command: "sh -c \"echo 'my testee v1 starting'; exec '\(bin)' testee\"", timeout: 60)
        var summary = ConformanceRunner().run(vectors, on: testee)
        testee.stop()
        summary.addExitProblems(testee.exitProblems)
        #expect(summary.results.isEmpty)
        #expect(summary.notRun == 4)
        #expect(testee.starts == 1, "an unusable testee is not restarted for every vector")
        #expect(summary.testeeProblems.count == 1, "\(summary.testeeProblems)")
        let problem = try #require(summary.testeeProblems.first)
        #expect(problem.contains("my testee v1 starting"))
        #expect(problem.contains("Standard output is reserved for the protocol"))
        #expect(problem.contains("standard error"))
        #expect(!summary.isSuccess)
        let text = summary.text()
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }.count == 1, "one diagnostic:\n\(text)")
        #expect(text.hasSuffix("0 passed, 1 failed, 0 skipped"))
    }

    @Test("a testee that is not a testee, or does not start, stops the run with the reason")
    func notATestee() throws {
        let vectors = try VectorLoader().load(yaml: corpus, file: "fixture.yaml")
        let testee = SubprocessTestee(command: "printf 'garbage'", timeout: 60)
        defer { testee.stop() }
        let summary = ConformanceRunner().run(vectors, on: testee)
        #expect(summary.results.isEmpty)
        #expect(summary.testeeProblems.first?.contains("\"garbage\"") == true, "\(summary.testeeProblems)")
        let missing = SubprocessTestee(command: "/nonexistent/testee", timeout: 60)
        let s2 = ConformanceRunner().run(Array(vectors.prefix(2)), on: missing)
        #expect(s2.results.isEmpty)
        #expect(s2.notRun == 2)
        #expect(s2.testeeProblems.first?.contains("127") == true, "\(s2.testeeProblems)")
        // Starts, never answers `hello`; says so on the announce pipe, so the wait ends at once.
        // (Through /dev/fd: dash's `>&N` takes only the descriptors 0-9, and the pipe's may be
        // higher when tests run in parallel.)
        let hangs = HangAnnouncer()
        let silent = hangs.testee("sh -c 'printf ! > /dev/fd/\(hangs.announce); exec sleep 600'")
        let s3 = ConformanceRunner().run(Array(vectors.prefix(2)), on: silent)
        #expect(s3.testeeProblems.first?.contains("--timeout") == true, "\(s3.testeeProblems)")
        #expect(hangs.allConsumed)
    }
}

/// The command lines (arguments joined by spaces) of running processes with `argument` among their
/// arguments; zombies count as gone.
private func processes(withArgument argument: String) -> [String] {
    var out: [String] = []
    for name in FileIO.names(in: "/proc") ?? [] {
        guard let pid = Int32(name), pid != getpid() else { continue }
        guard let stat = readProc("/proc/\(name)/stat"), !stat.contains(") Z ") else { continue }
        guard let cmdline = readProc("/proc/\(name)/cmdline") else { continue }
        let args = cmdline.split(separator: "\0").map(String.init)
        if args.contains(where: { $0.hasSuffix(argument) }) { out.append(args.joined(separator: " ")) }
    }
    return out
}

private func readProc(_ path: String) -> String? {
    (try? FileIO.read(path: path, limit: 1 << 20)).map { String(decoding: $0, as: UTF8.self) }
}
