// Tests/RongConformanceTests/Support/Corpus.swift - the vector corpus, loaded once per test process

import RongCodec
import RongSupport
import RongTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import RongConformance

/// The corpus of `vectors/`, loaded once and shared by every test that runs vectors.
///
/// `RONGWIRE_VECTOR` narrows the parameterized corpus tests to the vectors whose id matches one
/// of its comma-separated glob patterns (`rongwire conform --filter` syntax), so one vector runs
/// alone: `RONGWIRE_VECTOR=Required.Content.TxtMsg.UserIconAlias swift test --filter Corpus`.
/// (`swift test --filter` selects test functions, not the arguments of one.)
enum Corpus {
    static let root = packageRoot()

    /// Every vector of `vectors/`, or why they did not load.
    static let loaded: Result<[Vector], LoadError> = Result { () throws(LoadError) in
        try VectorLoader().load(files: try VectorLoader.files(in: [root + "/vectors"]))
    }

    /// Every vector; throws the load error (file, line, column).
    static func all() throws -> [Vector] { try loaded.get() }

    /// The `RONGWIRE_VECTOR` patterns; empty when it is unset or empty.
    static var patterns: [String] {
        guard let text = getenv("RONGWIRE_VECTOR").map({ String(cString: $0) }) else { return [] }
        return text.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// The vectors this run selects (all of them, or those `RONGWIRE_VECTOR` names), as test
    /// arguments. Throws when the corpus does not load or the selection names no vector.
    static func selected(where include: (Vector) -> Bool = { _ in true }) throws -> [VectorCase] {
        let selection = VectorSelection(filters: patterns)
        let vectors = try all()
        let chosen = vectors.filter { include($0) && selection.includes($0) }
        if chosen.isEmpty && !patterns.isEmpty && !vectors.contains(where: selection.includes) {
            throw SelectionError(message: "RONGWIRE_VECTOR=\(patterns.joined(separator: ",")) matches no vector id")
        }
        return chosen.map(VectorCase.init)
    }

    /// Where a vector is, for an issue: its YAML file and line, so the failure points there.
    static func location(of v: Vector) -> SourceLocation {
        SourceLocation(fileID: "vectors/" + relative(v.file), filePath: v.file, line: max(v.line, 1), column: 1)
    }

    /// `file` relative to the package root (`vectors/content/txt.yaml`).
    static func relative(_ file: String) -> String {
        file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file
    }
}

/// One vector as a test argument: shown by its id, so a failing case names it.
struct VectorCase: CustomTestStringConvertible, Sendable {
    let vector: Vector
    var testDescription: String { vector.id }
}

/// A selection that names nothing (a typo in `RONGWIRE_VECTOR` must not pass silently).
struct SelectionError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
