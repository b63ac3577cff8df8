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
    /// A duration: `500ms`, `30s`, `10m`, `2h`, `8d`, or an integer number of milliseconds.
    func duration(_ node: Node, _ what: String) throws(LoadError) -> Int64 {
        guard case .scalar(let s) = node, let ms = parseDurationMillis(s.string) else {
            throw error(node, "\(what) must be a duration such as 500ms, 30s, 10m, 2h, 8d")
        }
        return ms
    }

    /// A scenario value (message content, `/state` subsets): JSON's scalar rules, except that
    /// plain words are strings (scenarios are written by hand).
    func scenarioValue(_ node: Node) throws(LoadError) -> JSONValue {
        try jsonValue(node, scalars: .plainWordsAreStrings, maxDepth: 256)
    }
}
