// Sources/rongwire/Commands/ScenarioCommand.swift - `rongwire scenario`: behaviour scenarios

import ArgumentParser
import RongCodec
import RongConformance
import RongPeer

struct ScenarioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Run behaviour scenarios against the mock peer (in-process) or a running peer (--url).",
        discussion: """
            Loads *.scenario.yaml files (format: spec/scenarios.md; default folder \
            vectors/scenarios) and runs each on a fresh peer: in-process by default, or a peer \
            at --url reset through POST /control/reset (start it with --manual-clock for \
            scenarios that advance time). Prints one line per scenario, the PEER requirement \
            coverage, and `N passed, N failed`; exits 1 if any failed.

            Examples:
              rongwire scenario
              rongwire scenario vectors/scenarios/recall.scenario.yaml --trace
              rongwire scenario --url ws://127.0.0.1:8900/websocket
            """
    )

    @Argument(help: "Scenario files or folders (default: vectors/scenarios).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("Run against the peer at this WebSocket URL instead of in-process.", valueName: "URL"))
    var url: String?

    @Option(help: ArgumentHelp("Only scenarios whose id contains this text.", valueName: "TEXT"))
    var filter: String?

    @Option(help: "Scenarios run at the same time (in-process only).")
    var jobs = 4

    @Option(help: "How long an expectation may wait: milliseconds, or 5s, 1m, ….", transform: PeerDuration.argument(.milliseconds))
    var timeout = PeerDuration(milliseconds: 5_000)!

    @Option(help: ArgumentHelp("Folder of the written spec, for PEER requirement coverage.", valueName: "DIR"))
    var spec = "spec"

    @Flag(help: "Print every step as it runs.")
    var trace = false

    func run() async throws {
        var scenarios: [Scenario] = []
        do throws(LoadError) {
            for f in try Scenario.files(in: paths.isEmpty ? ["vectors/scenarios"] : paths) { scenarios += try Scenario.load(file: f) }
        } catch {
            CLIIO.printStderr(error.description)
            throw ExitCode(2)
        }
        if let filter { scenarios = scenarios.filter { $0.id.contains(filter) } }
        guard !scenarios.isEmpty else {
            CLIIO.printStderr("error: no scenarios selected")
            throw ExitCode(2)
        }
        var runner = ScenarioRunner(target: url.map { .external(url: $0) } ?? .inProcess)
        runner.timeoutMillis = timeout.milliseconds
        runner.trace = trace
        let outcomes = await ScenarioRunner.runAll(scenarios, runner: runner, jobs: url == nil ? max(1, jobs) : 1) { o in
            CLIIO.printStdout(o.passed ? "PASS \(o.id) (\(o.millis) ms)" : "FAIL \(o.id)\n  \(o.failure!)")
        }
        let failed = outcomes.filter { !$0.passed }.count
        if let defined = SpecIndex.requirements(inDirectory: spec) {
            let peer = defined.filter { $0.hasPrefix("PEER-") }
            let cited = Set(outcomes.flatMap(\.spec))
            let missing = peer.subtracting(cited).sorted()
            let unknown = cited.subtracting(defined).sorted()
            var line = "requirements: \(peer.intersection(cited).count) of \(peer.count) PEER requirements covered by the scenarios run"
            if !missing.isEmpty { line += "; not covered: " + missing.prefix(12).joined(separator: ", ") }
            CLIIO.printStdout(line)
            if !unknown.isEmpty { CLIIO.printStdout("cited but not defined in \(spec)/: " + unknown.joined(separator: ", ")) }
        }
        CLIIO.printStdout("\(outcomes.count - failed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode(1) }
    }
}
