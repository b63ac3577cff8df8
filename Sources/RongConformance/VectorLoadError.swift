// Sources/RongConformance/VectorLoadError.swift - a problem in a vector file, with its location

/// A vector file that cannot be loaded: printed as `file:line:column: error: message`.
public struct VectorLoadError: Error, Sendable, CustomStringConvertible, Hashable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int = 1, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}
