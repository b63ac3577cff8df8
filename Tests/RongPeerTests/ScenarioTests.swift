// Tests/RongPeerTests/ScenarioTests.swift - every scenario passes; every PEER requirement is cited

import RongConformance
import Testing

@testable import RongPeer

/// The repository root, from this file's path.
func packageRoot(_ file: String = #filePath) -> String {
    var parts = file.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}

@Suite("Scenarios")
struct ScenarioTests {
    static let root = packageRoot()

    static func all() throws -> [Scenario] {
        var out: [Scenario] = []
        for f in try Scenario.files(in: [root + "/vectors/scenarios"]) { out += try Scenario.load(file: f) }
        return out
    }

    @Test("every scenario in vectors/scenarios passes against an in-process peer")
    func scenariosPass() async throws {
        let scenarios = try Self.all()
        #expect(scenarios.count >= 25, "\(scenarios.count) scenarios")
        let outcomes = await ScenarioRunner.runAll(scenarios, runner: ScenarioRunner(), jobs: 4)
        for o in outcomes where !o.passed {
            Issue.record("\(o.id): \(o.failure!)")
        }
    }

    @Test("every PEER requirement of spec/peer.md is cited by a scenario, and every citation exists")
    func coverage() throws {
        let defined = try #require(SpecIndex.requirements(inDirectory: Self.root + "/spec"))
        let peer = defined.filter(SpecIndex.isScenarioRequirement)
        #expect(peer.count >= 40)
        let cited = Set(try Self.all().flatMap(\.spec))
        #expect(peer.subtracting(cited).isEmpty, "not cited by any scenario: \(peer.subtracting(cited).sorted())")
        #expect(cited.subtracting(defined).isEmpty, "cited but not defined: \(cited.subtracting(defined).sorted())")
    }

    @Test("the conformance loader does not read scenario files")
    func vectorLoaderSkipsScenarios() throws {
        let files = try VectorLoader.files(in: [Self.root + "/vectors"])
        #expect(!files.contains { $0.hasSuffix(".scenario.yaml") })
        #expect(try Scenario.files(in: [Self.root + "/vectors"]).count >= 10)
    }

    @Test("the scenario loader reports unknown keys and bad values with file and line")
    func strictLoading() {
        let bad = """
            scenarios:
              - id: x
                spec: [PEER-CONN-001]
                steps:
                  - connect: alice
                  - sned: {from: alice, to: bob}
            """
        #expect(throws: PeerFileError.self) { try Scenario.load(yaml: bad, file: "bad.scenario.yaml") }
        do {
            _ = try Scenario.load(yaml: bad, file: "bad.scenario.yaml")
        } catch {
            #expect(error.line == 6, "\(error)")
            #expect(error.description.hasPrefix("bad.scenario.yaml:6:"))
            #expect(error.message.contains("unknown key `sned`"))
        }
        let noSpec = """
            scenarios:
              - id: x
                steps: []
            """
        #expect(throws: PeerFileError.self) { try Scenario.load(yaml: noSpec, file: "f") }
    }
}
