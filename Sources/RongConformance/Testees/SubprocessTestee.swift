// Sources/RongConformance/Testees/SubprocessTestee.swift - another implementation as a child process

import RongEnvelope
import RongCodec
import RongSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a testee command (`/bin/sh -c "exec COMMAND"`) and talks the testee protocol over its
/// stdin/stdout. A testee that dies is reported as a crash and restarted for the next request;
/// one that does not read its request or answer it within `timeout` seconds is killed, reported,
/// and restarted. Its stderr goes to a temporary file whose first lines are quoted in crash reports.
///
/// The testee runs in a process group of its own, and killing it kills the whole group, so a
/// wrapper (`sh -c "…; true"`, `npm run`, a script without `exec`) cannot leave the real testee
/// running. ``killTesteesOnInterrupt()`` extends that to Ctrl-C, which no longer reaches the group.
///
/// A testee whose first start fails (it exits, does not answer `hello` in time, or writes
/// something that is not a protocol message, such as a banner on stdout) is unusable:
/// ``fatalProblem`` says why and every later request fails at once, without a restart.
public final class SubprocessTestee: Testee {
    /// The command, as given.
    public let name: String
    /// The shell command that starts the testee.
    public let command: String
    /// Seconds each request may take, from the first byte of the request written to the last byte
    /// of the answer read.
    public let timeout: Double
    /// How many times the testee was (re)started.
    public private(set) var starts = 0
    /// The testee's answer to `hello`, once started.
    public private(set) var helloResponse: TesteeResponse?
    /// How the testee ended when ``stop()`` closed its input at the end of the run and it exited by
    /// itself with a non-zero status or a signal: a sanitizer's leak report at exit, for example.
    /// Quotes the first lines of its stderr. Restarts during the run (after a crash, a timeout or
    /// a protocol error) are not listed: those cases are already reported.
    public private(set) var exitProblems: [String] = []
    /// Why the testee cannot be used at all, once its first start failed; nil while it works.
    public private(set) var fatalProblem: String?
    /// A descriptor that ends the current wait as a timeout as soon as it is readable (one byte is
    /// consumed per timeout), before ``timeout`` runs out; -1 for none. Tests hand the write end
    /// to a testee that announces its own hang (`rongwire testee --fault-announce-fd`), so the
    /// timeout path runs at once and deterministically instead of after real seconds. Data the
    /// testee already wrote is read first.
    package var expiry: Int32 = -1

    private var pid: pid_t = 0
    private var toChild: Int32 = -1
    private var fromChild: Int32 = -1
    private var stderrFD: Int32 = -1
    private var stderrPath = ""
    /// Whether any start has completed the `hello` handshake.
    private var everStarted = false

    /// A testee for `command`, started on the first request; `timeout` is in seconds per request
    /// (default 10). Ignores SIGPIPE for the whole process, so that a dead testee cannot kill the
    /// runner (the testee itself starts with the default SIGPIPE action).
    public init(command: String, timeout: Double = 10) {
        self.command = command
        self.timeout = timeout
        self.name = command
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { stop(grace: 5, recordExit: false) }

    // MARK: Process lifecycle

    /// Starts the testee and does the `hello` handshake. Returns a problem with the handshake
    /// answer when a restarted testee broke the protocol; throws when it died or hung. On the first
    /// start every failure is fatal (``fatalProblem``).
    private func start() throws(TesteeFailure) -> String? {
        var inPipe: [Int32] = [-1, -1]
        var outPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0 else {
            throw .crash("cannot create pipes: \(String(cString: strerror(errno)))")
        }
        // Keep our ends out of later children (the child gets its own via dup2).
        for fd in inPipe + outPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // Requests are written without blocking, under the request's deadline.
        _ = fcntl(inPipe[1], F_SETFL, fcntl(inPipe[1], F_GETFL) | O_NONBLOCK)
        var template = Array("/tmp/rongwire-testee-stderr-XXXXXX".utf8CString)
        stderrFD = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        stderrPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        if stderrFD >= 0 { posix_spawn_file_actions_adddup2(&actions, stderrFD, 2) }

        // A process group of its own (killed as a whole), and SIGPIPE back at its default.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let args = ["/bin/sh", "-c", "exec " + command]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, "/bin/sh", &actions, &attributes, &argv, Self.environment())
        close(inPipe[0])
        close(outPipe[1])
        guard rc == 0 else {
            close(inPipe[1])
            close(outPipe[0])
            throw fail("cannot start `\(command)`: \(String(cString: strerror(rc)))")
        }
        pid = child
        Self.liveGroup = child
        toChild = inPipe[1]
        fromChild = outPipe[0]
        starts += 1
        // The handshake; a testee that does not know `hello` may answer skipped.
        let answer: Answer
        do throws(TesteeFailure) {
            answer = try exchange(TesteeRequest.hello)
        } catch {
            switch error {
            case .crash(let why): throw fail("it died before answering `hello`: \(why)")
            case .timeout(let why): throw fail("\(why) (a slow start needs a longer --timeout)", timeout: true)
            }
        }
        switch answer {
        case .response(let r):
            helloResponse = r
            everStarted = true
            return nil
        case .protocolError(let why):
            if !everStarted { throw fail(why) }
            return "protocol error in the answer to `hello`: \(why)"
        }
    }

    /// A start failure: fatal on the first start (the testee never worked), a crash or timeout of
    /// the current request after that.
    private func fail(_ why: String, timeout: Bool = false) -> TesteeFailure {
        if !everStarted {
            fatalProblem = "the testee `\(command)` is not usable: \(why)"
            return .crash(fatalProblem!)
        }
        return timeout ? .timeout(why) : .crash(why)
    }

    private static func environment() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Glibc)
        return Glibc.environ
        #elseif canImport(Darwin)
        // Darwin has no `environ` symbol for Swift; crt_externs.h gives it.
        return _NSGetEnviron().pointee
        #else
        return nil
        #endif
    }

    /// Stops the testee at the end of a run: closes its stdin, gives it up to 5 seconds to exit
    /// (sanitizers check for leaks at exit, which takes time), then kills its process group; reaps
    /// it, and records a non-zero exit in ``exitProblems``.
    public func stop() { stop(grace: 5, recordExit: true) }

    /// Stops the testee, killing its process group if it has not exited `grace` seconds after its
    /// stdin closed. Leftover members of the group (children of a wrapper) are killed too.
    private func stop(grace: Double, recordExit: Bool) {
        if toChild >= 0 { close(toChild) }
        if fromChild >= 0 { close(fromChild) }
        toChild = -1
        fromChild = -1
        if pid > 0 {
            var status: Int32 = 0
            let deadline = Self.now() + grace
            var exited = false
            while true {
                if waitpid(pid, &status, WNOHANG) == pid {
                    exited = true
                    let signal = status & 0x7F
                    let code = (status >> 8) & 0xFF
                    if recordExit && (signal != 0 || code != 0) {
                        let how = signal != 0 ? "was killed by signal \(signal)" : "exited with status \(code)"
                        let tail = stderrHead()
                        let problem = "testee \(how) after its input ended" + (tail.isEmpty ? "" : "; stderr: " + tail)
                        if !exitProblems.contains(problem) { exitProblems.append(problem) }
                    }
                    break
                }
                if Self.now() >= deadline { break }
                usleep(5_000)
            }
            // The group outlives its leader while a wrapper's child runs: kill it either way.
            kill(-pid, SIGKILL)
            if !exited {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
            }
            if Self.liveGroup == pid { Self.liveGroup = 0 }
            pid = 0
        }
        if stderrFD >= 0 {
            close(stderrFD)
            unlink(stderrPath)
            stderrFD = -1
        }
    }

    // MARK: Interrupts

    /// The process group of the testee running now (0 when none), for the signal handler.
    nonisolated(unsafe) private static var liveGroup: pid_t = 0

    /// Makes SIGINT, SIGTERM and SIGHUP kill the running testee's process group before the runner
    /// exits. The testee has a process group of its own, so a Ctrl-C in the terminal no longer
    /// reaches it; without this a testee that hangs would outlive an interrupted run. A signal the
    /// runner ignores (SIGHUP under `nohup`) stays ignored.
    public static func killTesteesOnInterrupt() {
        for s in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(s) { received in
                let group = SubprocessTestee.liveGroup
                if group > 0 { kill(-group, SIGKILL) }
                signal(received, SIG_DFL)
                raise(received)
            }
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(s, SIG_IGN) }
        }
    }

    // MARK: Requests

    /// Sends one request and waits for the answer, all within ``timeout`` seconds. Starts the
    /// testee first (with the `hello` handshake) when it is not running. A malformed answer is a
    /// runtime error (`error`), not a throw; the testee is then restarted for the next request.
    public func handle(_ request: TesteeRequest) throws(TesteeFailure) -> TesteeResponse {
        if let fatalProblem { throw .crash(fatalProblem) }
        if pid == 0, let problem = try start() {
            return .runtimeError(message: problem)
        }
        switch try exchange(request) {
        case .response(let r): return r
        case .protocolError(let why): return .runtimeError(message: "protocol error: \(why)")
        }
    }

    /// What came back for a request.
    private enum Answer {
        case response(TesteeResponse)
        /// The bytes were not a protocol message; the testee has been stopped.
        case protocolError(String)
    }

    private func exchange(_ request: TesteeRequest) throws(TesteeFailure) -> Answer {
        let frame = TesteeFraming.frame(request.json)
        let deadline = Self.now() + timeout
        try writeAll(frame, deadline: deadline, request: request)
        let prefix = try readAnswer(count: 4, deadline: deadline, request: request)
        let length = TesteeFraming.length(prefix)
        guard length >= 2, length <= TesteeFraming.maxMessageBytes else {
            // Text where a length belongs: most likely a banner or a log line on stdout.
            let seen = prefix + readAvailable(limit: 60)
            stop(grace: 0.1, recordExit: false)
            return .protocolError(
                "the answer does not start with a message length: it starts with \(Self.describe(seen)), read as a length of \(length) bytes. "
                    + Self.stdoutHint)
        }
        let body = try readAnswer(count: length, deadline: deadline, request: request)
        let json: JSONValue
        do throws(TesteeProtocolError) {
            json = try TesteeFraming.parse(body)
        } catch {
            stop(grace: 0.1, recordExit: false)  // the stream may be out of step; start afresh
            return .protocolError("\(error); the \(length)-byte message starts with \(Self.describe(Array(body.prefix(64))))")
        }
        do throws(TesteeProtocolError) {
            return .response(try TesteeResponse(json: json))
        } catch {
            return .protocolError("\(error); the answer was \(Self.describe(Array(body.prefix(64))))")
        }
    }

    static let stdoutHint =
        "Standard output is reserved for the protocol (a 4-byte little-endian length, then a JSON object); write banners and logs to standard error."

    /// Writes a request without blocking past `deadline`: a testee that stops reading its input
    /// would otherwise block the runner for ever once the pipe buffer (64 KB) is full.
    private func writeAll(_ bytes: [UInt8], deadline: Double, request: TesteeRequest) throws(TesteeFailure) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in write(toChild, raw.baseAddress! + offset, raw.count - offset) }
            if n > 0 {
                offset += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            guard n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else {
                throw died("while receiving request \(request.id)")
            }
            let remaining = deadline - Self.now()
            if remaining <= 0 || expired(waitingFor: toChild, events: POLLOUT, remaining: remaining) {
                stop(grace: 0.1, recordExit: false)
                throw .timeout(
                    "the testee did not read request \(request.id) within \(timeout) s (\(offset) of \(bytes.count) bytes written); testee killed")
            }
        }
    }

    private func readAnswer(count: Int, deadline: Double, request: TesteeRequest) throws(TesteeFailure) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let remaining = deadline - Self.now()
            if remaining <= 0 || expired(waitingFor: fromChild, events: POLLIN, remaining: remaining) {
                let partial = got > 0 ? " (\(got) of \(count) bytes received: \(Self.describe(Array(out[0..<min(got, 64)]))))" : ""
                stop(grace: 0.1, recordExit: false)
                throw .timeout("no answer to \(request.id) within \(timeout) s\(partial); testee killed")
            }
            // Not ready yet (the deadline is checked again above).
            var ready = pollfd(fd: fromChild, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, 0) <= 0 { continue }
            let n = out.withUnsafeMutableBytes { read(fromChild, $0.baseAddress! + got, count - got) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { throw died("while answering \(request.id)") }
            got += n
        }
        return out
    }

    /// Waits until `fd` is ready for `events`, ``expiry`` is readable, or `remaining` seconds pass;
    /// returns true (and consumes one byte) only when ``expiry`` fired and `fd` is not ready.
    private func expired(waitingFor fd: Int32, events: Int32, remaining: Double) -> Bool {
        var p = [pollfd(fd: fd, events: Int16(events), revents: 0), pollfd(fd: expiry, events: Int16(POLLIN), revents: 0)]
        let r = poll(&p, expiry >= 0 ? 2 : 1, Int32(min(remaining * 1000, 1_000_000)) + 1)
        guard r > 0, p[0].revents == 0, expiry >= 0, p[1].revents & Int16(POLLIN) != 0 else { return false }
        var byte: UInt8 = 0
        _ = read(expiry, &byte, 1)
        return true
    }

    /// Whatever the testee has already written, up to `limit` bytes, waiting at most 50 ms.
    private func readAvailable(limit: Int) -> [UInt8] {
        var out: [UInt8] = []
        while out.count < limit {
            var p = pollfd(fd: fromChild, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 50) > 0 else { break }
            var buf = [UInt8](repeating: 0, count: limit - out.count)
            let n = buf.withUnsafeMutableBytes { read(fromChild, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return out
    }

    /// Bytes for a message: hex, and the text they spell when it is mostly printable.
    static func describe(_ bytes: [UInt8]) -> String {
        let hex = bytes.prefix(16).map { Hex.encode([$0]) }.joined(separator: " ") + (bytes.count > 16 ? " …" : "")
        let printable = bytes.filter { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }.count
        guard !bytes.isEmpty, printable * 4 >= bytes.count * 3 else { return "the bytes \(hex)" }
        var text = ""
        for b in bytes {
            switch b {
            case 0x0A: text += "\\n"
            case 0x0D: text += "\\r"
            case 0x09: text += "\\t"
            case 0x22: text += "\\\""
            case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(b))
            default: text += "\\x" + Hex.encode([b])
            }
        }
        return "the bytes \(hex) (text \"\(text)\")"
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
                kill(-pid, SIGKILL)  // what a wrapper left behind
                if Self.liveGroup == pid { Self.liveGroup = 0 }
                pid = 0
            }
        }
        // What it left on stdout may be the clue (a banner or an error printed there).
        let unread = fromChild >= 0 ? readAvailable(limit: 60) : []
        if !unread.isEmpty { detail += "; unread output on stdout: \(Self.describe(unread))" }
        let tail = stderrHead()
        stop(grace: 0.1, recordExit: false)
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
