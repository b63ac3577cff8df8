// Sources/RongConformance/Vectors/VectorLoadError.swift - a problem in a vector file, with its location

import RongSupport

/// A vector file that cannot be loaded: printed as `file:line:column: error: message`. The same
/// fields and text as RongPeer's `PeerFileError`: both are the public face of the one load error
/// of RongWire's YAML reader.
public struct VectorLoadError: Error, Sendable, CustomStringConvertible, Hashable {
    /// The vector file.
    public var file: String
    /// 1-based line; 0 when the problem has no position (an unreadable file).
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// An error at `file:line:column`.
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
