// Sources/RongConformance/SubprocessTestee.swift - another implementation as a child process

import RongCodec

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a testee command (`/bin/sh -c "exec COMMAND"`) and talks the testee protocol over its
/// stdin/stdout. A testee that dies is reported as a crash and restarted for the next request;
/// one that does not answer within `timeout` seconds is killed, reported, and restarted.
/// Its stderr goes to a temporary file whose first lines are quoted in crash reports.
public final class SubprocessTestee: Testee {
    /// The command, as given.
    public let name: String
    /// The shell command that starts the testee.
    public let command: String
    /// Seconds to wait for each answer.
    public let timeout: Double
    /// How many times the testee was (re)started.
    public private(set) var starts = 0
    /// The testee's answer to `hello`, once started.
    public private(set) var helloResponse: TesteeResponse?
    /// How the testee ended when ``stop()`` closed its input and it exited by itself with a
    /// non-zero status or a signal: a sanitizer's leak report at exit, for example. Each entry
    /// quotes the first lines of its stderr. A testee that had to be killed is not listed.
    public private(set) var exitProblems: [String] = []

    private var pid: pid_t = 0
    private var toChild: Int32 = -1
    private var fromChild: Int32 = -1
    private var stderrFD: Int32 = -1
    private var stderrPath = ""

    /// A testee for `command`, started on the first request; `timeout` is in seconds per answer
    /// (default 10). Ignores SIGPIPE for the whole process, so that a dead testee cannot kill the
    /// runner.
    public init(command: String, timeout: Double = 10) {
        self.command = command
        self.timeout = timeout
        self.name = command
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { stop() }

    // MARK: Process lifecycle

    private func start() throws(TesteeFailure) {
        var inPipe: [Int32] = [-1, -1]
        var outPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0 else {
            throw .crash("cannot create pipes: \(String(cString: strerror(errno)))")
        }
        // Keep our ends out of later children (the child gets its own via dup2).
        for fd in inPipe + outPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var template = Array("/tmp/rongwire-testee-stderr-XXXXXX".utf8CString)
        stderrFD = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        stderrPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        if stderrFD >= 0 { posix_spawn_file_actions_adddup2(&actions, stderrFD, 2) }

        let args = ["/bin/sh", "-c", "exec " + command]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, "/bin/sh", &actions, nil, &argv, Self.environment())
        close(inPipe[0])
        close(outPipe[1])
        guard rc == 0 else {
            close(inPipe[1])
            close(outPipe[0])
            throw .crash("cannot start `\(command)`: \(String(cString: strerror(rc)))")
        }
        pid = child
        toChild = inPipe[1]
        fromChild = outPipe[0]
        starts += 1
        // The handshake; a testee that does not know `hello` may answer skipped.
        helloResponse = try exchange(TesteeRequest.hello)
    }

    private static func environment() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Glibc)
        return Glibc.environ
        #else
        return nil
        #endif
    }

    /// Stops the testee at the end of a run: closes its stdin, gives it up to 5 seconds to exit
    /// (sanitizers check for leaks at exit, which takes time), then kills it; reaps it, and
    /// records a non-zero exit in ``exitProblems``.
    public func stop() { stop(grace: 5) }

    /// Stops the testee, killing it if it has not exited `grace` seconds after its stdin closed.
    private func stop(grace: Double) {
        if toChild >= 0 { close(toChild) }
        if fromChild >= 0 { close(fromChild) }
        toChild = -1
        fromChild = -1
        if pid > 0 {
            var status: Int32 = 0
            let deadline = Self.now() + grace
            while true {
                if waitpid(pid, &status, WNOHANG) == pid {
                    pid = 0
                    let signal = status & 0x7F
                    let code = (status >> 8) & 0xFF
                    if signal != 0 || code != 0 {
                        let how = signal != 0 ? "was killed by signal \(signal)" : "exited with status \(code)"
                        let tail = stderrHead()
                        exitProblems.append("testee \(how) after its input ended" + (tail.isEmpty ? "" : "; stderr: " + tail))
                    }
                    break
                }
                if Self.now() >= deadline { break }
                usleep(5_000)
            }
            if pid > 0 {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                pid = 0
            }
        }
        if stderrFD >= 0 {
            close(stderrFD)
            unlink(stderrPath)
            stderrFD = -1
        }
    }

    // MARK: Requests

    /// Sends one request and waits up to ``timeout`` seconds for the answer. Starts the testee first
    /// (with the `hello` handshake) when it is not running. A malformed answer is a runtime error
    /// (`error`), not a throw.
    public func handle(_ request: TesteeRequest) throws(TesteeFailure) -> TesteeResponse {
        if pid == 0 { try start() }
        return try exchange(request)
    }

    private func exchange(_ request: TesteeRequest) throws(TesteeFailure) -> TesteeResponse {
        let frame = TesteeFraming.frame(request.json)
        guard writeAll(frame) else { throw died("while receiving request \(request.id)") }
        let deadline = Self.now() + timeout
        let prefix = try readAnswer(count: 4, deadline: deadline, request: request)
        let length = TesteeFraming.length(prefix)
        guard length <= TesteeFraming.maxMessageBytes else {
            stop(grace: 0.1)
            return .runtimeError(message: "protocol error: response of \(length) bytes")
        }
        let body = try readAnswer(count: length, deadline: deadline, request: request)
        do throws(TesteeProtocolError) {
            return try TesteeResponse(json: try TesteeFraming.parse(body))
        } catch {
            stop(grace: 0.1)  // the stream may be out of step; start afresh
            return .runtimeError(message: "protocol error: \(error)")
        }
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(toChild, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }

    private func readAnswer(count: Int, deadline: Double, request: TesteeRequest) throws(TesteeFailure) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let remaining = deadline - Self.now()
            if remaining <= 0 {
                stop(grace: 0.1)
                throw .timeout("no answer to \(request.id) within \(timeout) s; testee killed")
            }
            var p = pollfd(fd: fromChild, events: Int16(POLLIN), revents: 0)
            let r = poll(&p, 1, Int32(min(remaining * 1000, 1_000_000)))
            if r < 0 && errno == EINTR { continue }
            if r == 0 { continue }
            let n = out.withUnsafeMutableBytes { read(fromChild, $0.baseAddress! + got, count - got) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { throw died("while answering \(request.id)") }
            got += n
        }
        return out
    }

    /// Reaps a dead testee and describes how it died.
    private func died(_ when: String) -> TesteeFailure {
        var detail = "testee exited \(when)"
        if pid > 0 {
            var status: Int32 = 0
            // Wait briefly: the pipe closes a moment before the process is reapable.
            var reaped = false
            for _ in 0..<100 {
                if waitpid(pid, &status, WNOHANG) == pid {
                    reaped = true
                    break
                }
                usleep(10_000)
            }
            if reaped {
                let signal = status & 0x7F
                detail = signal == 0 ? "testee exited with status \((status >> 8) & 0xFF) \(when)" : "testee killed by signal \(signal) \(when)"
                pid = 0
            }
        }
        let tail = stderrHead()
        stop(grace: 0.1)
        return .crash(tail.isEmpty ? detail : detail + "; stderr: " + tail)
    }

    private func stderrHead() -> String {
        guard stderrFD >= 0 else { return "" }
        let size = lseek(stderrFD, 0, SEEK_END)
        guard size > 0 else { return "" }
        // The first lines say what happened; a crash backtrace follows them.
        let n = min(Int(size), 4096)
        lseek(stderrFD, 0, SEEK_SET)
        var buf = [UInt8](repeating: 0, count: n)
        let got = buf.withUnsafeMutableBytes { read(stderrFD, $0.baseAddress, n) }
        guard got > 0 else { return "" }
        let lines = String(decoding: buf[0..<got], as: UTF8.self).split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        return lines.prefix(2).map { String($0.prefix(200)) }.joined(separator: " | ")
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
