// Sources/rongwire/Support/DurationOptions.swift - durations on the command line, through the peer's one duration type

import ArgumentParser
import RongPeer

extension PeerDuration {
    /// The `transform` of a duration option: `500ms`, `30s`, `10m`, `2h`, `8d`, `1.5s`, or a plain
    /// number in `plainUnit`; at most 36500d. Anything else is a usage error that says why.
    static func argument(_ plainUnit: Unit) -> @Sendable (String) throws -> PeerDuration {
        { text in
            do throws(PeerDurationError) {
                return try PeerDuration(parsing: text, plainUnit: plainUnit)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }
}
