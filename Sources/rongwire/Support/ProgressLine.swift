// Sources/rongwire/Support/ProgressLine.swift - one status line on a terminal, nothing in a log
//
// Long runs (conform over a large corpus, differential, peer-load) show how far they are, how
// fast they go and how long they have run, redrawn in place on stderr. On a pipe, a file or in
// CI (`CI` set, as every CI system does) nothing is drawn, so logs hold only results.
// RONGWIRE_PROGRESS=1 forces the line on, RONGWIRE_PROGRESS=0 off.

import RongSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress line on stderr, thread-safe, drawn at most ten times a second.
final class ProgressLine: Sendable {
    private struct State {
        var lastDraw: UInt64 = 0
        var drawn = false
    }

    /// Whether this process draws progress: stderr is a terminal, `CI` is unset and `TERM` is
    /// not `dumb`, unless RONGWIRE_PROGRESS says otherwise.
    static var enabledByEnvironment: Bool {
        if let forced = getenv("RONGWIRE_PROGRESS").map({ String(cString: $0) }) { return forced != "0" }
        if getenv("CI") != nil { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return CLIIO.stderrIsTerminal
    }

    let enabled: Bool
    private let unit: String
    private let start: UInt64
    private let state = Mutex(State())

    /// A line counting `unit` (for example "vectors", "inputs", "messages").
    init(unit: String, enabled: Bool = ProgressLine.enabledByEnvironment) {
        self.enabled = enabled
        self.unit = unit
        self.start = Self.now()
    }

    /// Shows `done` of `total` (total 0: unknown) with the rate and elapsed time, and `detail`.
    func update(done: Int, total: Int = 0, detail: String = "") {
        guard enabled else { return }
        let now = Self.now()
        let due = state.withLock { s -> Bool in
            // Always draw the last step; otherwise at most every 100 ms.
            guard now - s.lastDraw >= 100_000_000 || (total > 0 && done >= total) else { return false }
            s.lastDraw = now
            s.drawn = true
            return true
        }
        guard due else { return }
        let seconds = Double(now - start) / 1e9
        let rate = seconds > 0 ? Double(done) / seconds : 0
        var text = total > 0 ? "\(done)/\(total) \(unit)" : "\(done) \(unit)"
        if total > 0 { text += " (\(done * 100 / max(total, 1))%)" }
        text += ", \(Self.format(rate))/s, \(Self.format(seconds)) s"
        if !detail.isEmpty { text += "  " + detail }
        draw(text)
    }

    /// Shows a free-form status (for work without a count).
    func status(_ text: String) {
        guard enabled else { return }
        state.withLock { $0.drawn = true }
        draw(text + "  (\(Self.format(Double(Self.now() - start) / 1e9)) s)")
    }

    /// Clears the line, so that what follows starts on a clean line.
    func finish() {
        guard enabled, state.withLock({ $0.drawn }) else { return }
        CLIIO.write(Array("\r\u{1B}[K".utf8), to: 2)
    }

    private func draw(_ text: String) {
        // Cut to a width no terminal wraps, then clear what a longer earlier line left.
        let line = text.count > 110 ? String(text.prefix(110)) : text
        CLIIO.write(Array(("\r" + line + "\u{1B}[K").utf8), to: 2)
    }

    private static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    private static func format(_ value: Double) -> String {
        if value >= 100 { return String(Int(value.rounded())) }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
