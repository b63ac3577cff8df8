// Sources/RongPeer/Server/PeerLogger.swift - one-line log records on stderr

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the peer reports what it does: connections, violations, faults. A line per record on
/// stderr, `peer: LEVEL message`; records below ``level`` are dropped.
public struct PeerLogger: Sendable {
    /// Severity, lowest first; `off` logs nothing.
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        /// Everything (the peer writes nothing below info today).
        case debug
        /// Start-up, injected cuts, connections that ended at the transport.
        case info
        /// Violations and slow consumers.
        case warning
        /// Failures of the peer itself.
        case error
        /// Nothing.
        case off

        /// Lower levels are more verbose.
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }

        /// The level named `name` (`debug`, `info`, `warning`, `error`, `off`).
        public init?(name: String) {
            guard let l = Self.allCases.first(where: { "\($0)" == name }) else { return nil }
            self = l
        }
    }

    /// Records below this level are dropped.
    public var level: Level

    /// A logger that writes records at `level` and above.
    public init(level: Level = .info) { self.level = level }

    /// A logger that drops everything.
    public static let silent = PeerLogger(level: .off)

    /// Writes one record if `level` is at or above ``level``.
    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level >= self.level, level != .off else { return }
        let line = "peer: \(level) \(message())\n"
        var bytes = Array(line.utf8)
        // write(2) is atomic for short lines, so records from several threads do not interleave.
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
