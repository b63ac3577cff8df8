// Sources/RongCodec/Errors/LoadError.swift - a problem in an input file, at its line and column

/// A file that does not load: which file, where in it, and what is wrong, printed as compilers
/// print theirs, `file:line:column: error: message`.
///
/// Every YAML input RongWire reads (conformance vectors, mock peer fixtures and scenarios, the
/// peer's `/control/reset` bodies) reports its problems with this one type: unknown or
/// duplicate keys, values of the wrong type, missing keys, files that cannot be read or are too
/// large. It lives beside ``CodecError`` so that every module's loaders throw the same type.
public struct LoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (or what stands for it: `reset body`, `demo fixture`).
    public var file: String
    /// 1-based line; 0 when the problem has no position (a file that cannot be read).
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

    /// `file:line:column: error: message`.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}
