// Sources/RongConformance/VectorLoadError.swift - a problem in a vector file, with its location

/// A vector file that cannot be loaded: printed as `file:line:column: error: message`.
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

    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}
