// Sources/RongPeer/Model/PeerFileError.swift - fixtures and scenarios on RongWire's one strict YAML reader

import RongCodec
import RongSupport
import Yams

/// A fixture or scenario file that does not load: the file, line and column, and what is wrong.
/// Unknown keys, duplicate keys, anchors, aliases, tags, values of the wrong type and missing keys
/// are all errors, found by the same reader and worded the same as in the conformance vector
/// loader (its `VectorLoadError` has the same fields and text): a typo must fail loudly, never
/// change the meaning.
public struct PeerFileError: Error, Sendable, CustomStringConvertible, Hashable {
    /// The file.
    public var file: String
    /// 1-based line (0: the file as a whole).
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// An error at a place in a file.
    public init(file: String, line: Int, column: Int = 1, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error that the YAML reader reported.
    package init(_ error: LoadError) {
        self.init(file: error.file, line: error.line, column: error.column, message: error.message)
    }

    /// `file:line:column: error: message`, as compilers write it.
    public var description: String { LoadError(file: file, line: line, column: column, message: message).description }
}

/// The largest fixture or scenario file read (16 MiB): files are hostile input too.
let maxPeerFileBytes = 16 << 20

/// Runs a loader, giving its error the public type.
func peerFileLoad<T>(_ load: () throws(LoadError) -> T) throws(PeerFileError) -> T {
    do throws(LoadError) {
        return try load()
    } catch {
        throw PeerFileError(error)
    }
}

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
