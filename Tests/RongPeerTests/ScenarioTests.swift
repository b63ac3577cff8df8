// Tests/RongPeerTests/ScenarioTests.swift - every scenario passes, one test case each; every PEER requirement is cited

import RongCodec
import RongConformance
import Testing

@testable import RongPeer

/// One test case per scenario (shown by its id); a failure points at the step's line in the
/// scenario file. Run one alone with `RONGWIRE_SCENARIO=ID swift test --filter Scenarios`
/// (README.md, "Running the tests").
@Suite("Scenarios")
struct ScenarioTests {
    /// Eight scenarios at a time: a scenario mostly waits (each "receives exactly" lets extra
    /// messages show for 150-300 ms), so the suite's wall time is its waits divided by the width.
    static let gate = Gate(width: 8)

    @Test("the scenario passes against an in-process peer", arguments: try ScenarioCorpus.selected())
    func scenario(_ scenario: ScenarioCase) async {
        let s = scenario.scenario
        let outcome = await Self.gate.run { await ScenarioRunner().run(s) }
        guard let failure = outcome.failure else { return }
        // The runner's failure starts `file:line:` at the step that failed.
        var line = s.line
        if failure.hasPrefix(s.file + ":"), let n = Int(failure.dropFirst(s.file.count + 1).prefix { $0.isNumber }) { line = n }
        Issue.record("\(s.id): \(failure)", sourceLocation: ScenarioCorpus.location(file: s.file, line: line))
    }

    @Test("every PEER requirement of spec/peer.md is cited by a scenario, and every citation exists")
    func coverage() throws {
        let defined = try #require(SpecIndex.requirements(inDirectory: ScenarioCorpus.root + "/spec"))
        let peer = defined.filter(SpecIndex.isScenarioRequirement)
        #expect(peer.count >= 40)
        let scenarios = try ScenarioCorpus.all()
        #expect(scenarios.count >= 25, "\(scenarios.count) scenarios")
        let cited = Set(scenarios.flatMap(\.spec))
        #expect(peer.subtracting(cited).isEmpty, "not cited by any scenario: \(peer.subtracting(cited).sorted())")
        #expect(cited.subtracting(defined).isEmpty, "cited but not defined: \(cited.subtracting(defined).sorted())")
    }

    @Test("the conformance loader does not read scenario files")
    func vectorLoaderSkipsScenarios() throws {
        let files = try VectorLoader.files(in: [ScenarioCorpus.root + "/vectors"])
        #expect(!files.contains { $0.hasSuffix(".scenario.yaml") })
        #expect(try Scenario.files(in: [ScenarioCorpus.root + "/vectors"]).count >= 10)
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
        #expect(throws: LoadError.self) { try Scenario.load(yaml: bad, file: "bad.scenario.yaml") }
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
        #expect(throws: LoadError.self) { try Scenario.load(yaml: noSpec, file: "f") }
    }
}
