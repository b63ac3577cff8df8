// Sources/rongwire/Support/OptionValues.swift - option values the parser checks itself
//
// An option with a fixed set of values is an `ExpressibleByArgument` enum, so that
// argument-parser rejects anything else with the allowed values in the message, lists them in
// `--help`, and offers them to shell completion.

import ArgumentParser
import Logging
import RongConformance
import RongPeer

extension Vector.Level: ExpressibleByArgument {}

extension PersistenceProfile: ExpressibleByArgument {}

/// `--log-level`: the peer's log threshold (`off` silences it).
enum LogLevelOption: String, CaseIterable, ExpressibleByArgument {
    case debug, info, warning, error, off

    /// The swift-log level, nil for `off`.
    var level: Logger.Level? {
        switch self {
        case .debug: .debug
        case .info: .info
        case .warning: .warning
        case .error: .error
        case .off: nil
        }
    }
}

/// `--shard I/N`: part I of N of the selected vectors (``VectorShard``).
extension VectorShard: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public var defaultValueDescription: String { description }
}
