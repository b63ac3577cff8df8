// Tests/RongPeerTests/Support/ScenarioCorpus.swift - the scenarios of vectors/scenarios, loaded once per test process

import RongCodec
import RongTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import RongPeer

/// The scenarios of `vectors/scenarios`, loaded once.
///
/// `RONGWIRE_SCENARIO` narrows the parameterized scenario test to the scenarios whose id matches
/// one of its comma-separated glob patterns, so one runs alone:
/// `RONGWIRE_SCENARIO=recall.private swift test --filter Scenarios`.
enum ScenarioCorpus {
    static let root = packageRoot()

    /// Every scenario, or why they did not load.
    static let loaded: Result<[Scenario], LoadError> = Result { () throws(LoadError) in
        var out: [Scenario] = []
        for f in try Scenario.files(in: [root + "/vectors/scenarios"]) { out += try Scenario.load(file: f) }
        return out
    }

    /// Every scenario; throws the load error (file and line).
    static func all() throws -> [Scenario] { try loaded.get() }

    /// The `RONGWIRE_SCENARIO` patterns; empty when it is unset or empty.
    static var patterns: [String] {
        guard let text = getenv("RONGWIRE_SCENARIO").map({ String(cString: $0) }) else { return [] }
        return text.split(separator: ",").map { $0.filter { $0 != " " } }.filter { !$0.isEmpty }
    }

    /// The scenarios this run selects, as test arguments; throws when they do not load or when
    /// `RONGWIRE_SCENARIO` names none.
    static func selected() throws -> [ScenarioCase] {
        let patterns = Self.patterns
        let chosen = try all().filter { s in patterns.isEmpty || patterns.contains { fnmatch($0, s.id, 0) == 0 } }
        if chosen.isEmpty && !patterns.isEmpty {
            throw ScenarioSelectionError(description: "RONGWIRE_SCENARIO=\(patterns.joined(separator: ",")) matches no scenario id")
        }
        return chosen.map(ScenarioCase.init)
    }

    /// A scenario's file and line (or the line a failure names), for an issue.
    static func location(file: String, line: Int) -> SourceLocation {
        let relative = file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file
        return SourceLocation(fileID: relative, filePath: file, line: max(line, 1), column: 1)
    }
}

/// One scenario as a test argument, shown by its id.
struct ScenarioCase: CustomTestStringConvertible, Sendable {
    let scenario: Scenario
    var testDescription: String { scenario.id }
}

struct ScenarioSelectionError: Error, CustomStringConvertible {
    let description: String
}

/// At most `width` bodies at a time: each scenario starts a peer and clients, and a few at once
/// keep the suite fast without starving the rest of the test run.
actor Gate {
    private let width: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) { self.width = width }

    func run<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
        await enter()
        defer { leave() }
        return await body()
    }

    private func enter() async {
        if running < width {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
