// Sources/RongPeer/Model/PeerFileError.swift - fixtures and scenarios on RongWire's one strict YAML reader, and the former name of their load error

import RongCodec
import RongSupport
import Yams

/// A fixture or scenario file that does not load: now RongCodec's `LoadError`, the one load error
/// of every RongWire loader (the same fields and text). Unknown keys, duplicate keys, anchors,
/// aliases, tags, values of the wrong type and missing keys are all errors, found by the same
/// reader and worded the same as in the conformance vector loader: a typo must fail loudly, never
/// change the meaning.
@available(*, deprecated, renamed: "LoadError", message: "every RongWire loader throws RongCodec's LoadError")
public typealias PeerFileError = LoadError

/// The largest fixture or scenario file read (16 MiB): files are hostile input too.
let maxPeerFileBytes = 16 << 20

extension StrictYAMLReader {
    /// A duration (``PeerDuration``): `500ms`, `30s`, `10m`, `2h`, `8d`, `1.5s`, or an integer
    /// number of milliseconds; at most `most` (default ``PeerDuration/max``).
    func duration(_ node: Node, _ what: String, most: PeerDuration = .max) throws(LoadError) -> PeerDuration {
        guard case .scalar(let s) = node else { throw error(node, "\(what) must be a duration such as 500ms, 30s, 10m, 2h, 8d") }
        let d: PeerDuration
        do throws(PeerDurationError) {
            d = try PeerDuration(parsing: s.string)
        } catch {
            throw self.error(node, "\(what): \(error)")
        }
        guard d <= most else { throw self.error(node, "\(what) is at most \(most), not \(d)") }
        return d
    }

    /// A scenario value (message content, `/state` subsets): JSON's scalar rules, except that
    /// plain words are strings (scenarios are written by hand).
    func scenarioValue(_ node: Node) throws(LoadError) -> JSONValue {
        try jsonValue(node, scalars: .plainWordsAreStrings, maxDepth: 256)
    }
}
