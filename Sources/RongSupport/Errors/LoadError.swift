// Sources/RongSupport/Errors/LoadError.swift - a problem in an input file, at its line and column

/// A file that does not load: which file, where in it, and what is wrong. Every YAML input
/// (vectors, peer fixtures, scenarios, `/control/reset` bodies) reports its problems with this
/// one type, printed as compilers print theirs, `file:line:column: error: message`. The public
/// faces are `VectorLoadError` (RongConformance) and `PeerFileError` (RongPeer), each built from
/// this with the same fields and the same text.
package struct LoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (or what stands for it: `reset body`, `demo fixture`).
    package var file: String
    /// 1-based line; 0 when the problem has no position (a file that cannot be read).
    package var line: Int
    /// 1-based column.
    package var column: Int
    /// What is wrong.
    package var message: String

    /// An error at `file:line:column`.
    package init(file: String, line: Int, column: Int = 1, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: error: message`.
    package var description: String { "\(file):\(line):\(column): error: \(message)" }
}
