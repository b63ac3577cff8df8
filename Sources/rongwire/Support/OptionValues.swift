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

/// `--log-level`: the peer's log threshold, one of `PeerLogHandler.levelNames` (swift-log's levels,
/// then `off`, which silences it).
struct LogLevelOption: ExpressibleByArgument, CustomStringConvertible {
    /// The level's name, as given.
    let name: String
    /// The peer logger at that level.
    let logger: Logger

    init?(argument: String) {
        guard let logger = PeerLogHandler.logger(levelNamed: argument) else { return nil }
        (name, self.logger) = (argument, logger)
    }

    /// The option at `level`.
    init(_ level: Logger.Level) {
        (name, logger) = (level.rawValue, PeerLogHandler.logger(level: level))
    }

    static var allValueStrings: [String] { PeerLogHandler.levelNames }

    var description: String { name }
}

/// `--shard I/N`: part I of N of the selected vectors (``VectorShard``).
extension VectorShard: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public var defaultValueDescription: String { description }
}
