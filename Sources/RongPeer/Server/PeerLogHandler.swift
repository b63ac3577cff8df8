// Sources/RongPeer/Server/PeerLogHandler.swift - the peer's log lines, as a swift-log handler

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging

/// A swift-log `LogHandler` that writes each record as one line on stderr, `peer: LEVEL message`
/// (the lines `rongwire peer --log-level` prints), with any metadata after the message as
/// `key=value`. The peer logs connections, violations and faults through a `Logger`
/// (``PeerConfiguration/logger``); give it any other handler to route them elsewhere.
public struct PeerLogHandler: LogHandler {
    /// Records below this level are dropped (by `Logger`, before they reach the handler).
    public var logLevel: Logger.Level
    /// Metadata added to every record.
    public var metadata: Logger.Metadata = [:]
    /// Where finished lines go; stderr outside tests.
    let output: @Sendable (String) -> Void

    /// A handler that writes records at `level` and above to stderr.
    public init(level: Logger.Level) {
        self.init(level: level, output: Self.writeToStandardError)
    }

    /// A handler that hands each finished line (newline included) to `output`.
    init(level: Logger.Level, output: @escaping @Sendable (String) -> Void) {
        logLevel = level
        self.output = output
    }

    /// One metadata item.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes the record as one line.
    public func log(event: LogEvent) {
        var line = "peer: \(event.level) \(event.message)"
        var all = metadata
        if let extra = event.metadata { all.merge(extra) { $1 } }
        for key in all.keys.sorted() { line += " \(key)=\(all[key]!)" }
        output(line + "\n")
    }

    /// write(2) is atomic for short lines, so records from several threads do not interleave.
    static func writeToStandardError(_ line: String) {
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// The level names `rongwire peer --log-level` takes: swift-log's `Logger.Level` names, most
    /// verbose first (`trace`, `debug`, `info`, `notice`, `warning`, `error`, `critical`), then
    /// `off`, which logs nothing.
    public static let levelNames = Logger.Level.allCases.map(\.rawValue) + [offName]

    /// The name that silences the peer.
    static let offName = "off"

    /// A peer logger at the level named `name` (one of ``levelNames``); nil for any other name.
    public static func logger(levelNamed name: String) -> Logger? {
        if name == offName { return logger(level: nil) }
        return Logger.Level(rawValue: name).map { logger(level: $0) }
    }

    /// A logger that writes records at `level` and above on stderr; nil: a logger that drops
    /// everything.
    public static func logger(level: Logger.Level?) -> Logger {
        guard let level else { return Logger(label: label, factory: { _ in SwiftLogNoOpLogHandler() }) }
        return Logger(label: label, factory: { _ in PeerLogHandler(level: level) })
    }

    /// The label of the peer's loggers.
    static let label = "rongwire.peer"
}

extension Logger {
    /// A logger that drops everything (tests, in-process scenario runs).
    static let silent = PeerLogHandler.logger(level: nil)
}
