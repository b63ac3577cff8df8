// Sources/RongPeer/Scenarios/ScenarioRunner.swift - runs scenarios against an in-process or external peer

import NIOCore
import NIOHTTP1
import NIOPosix
import RongCodec
import RongEnvelope

/// The result of one scenario.
public struct ScenarioOutcome: Sendable {
    /// The scenario's id.
    public var id: String
    /// Its file.
    public var file: String
    /// Its line.
    public var line: Int
    /// The requirements it cites.
    public var spec: [String]
    /// nil when the scenario passed; otherwise `file:line: what went wrong`.
    public var failure: String?
    /// How long it ran.
    public var millis: Int

    /// Whether it passed.
    public var passed: Bool { failure == nil }
}

/// Runs scenarios. Each gets a fresh peer: a new in-process ``PeerServer`` with the scenario's
/// fixture and a manual clock, or, with ``Target/external(url:)``, `POST /control/reset` on a
/// running peer (started with `--manual-clock` for `advance`).
public struct ScenarioRunner: Sendable {
    /// Where the scenarios run.
    public enum Target: Sendable {
        /// A fresh in-process peer for each scenario, with the scenario's fixture and a manual clock.
        case inProcess
        /// A peer's WebSocket URL (`ws://HOST:PORT/websocket`); the same port serves HTTP.
        case external(url: String)
    }

    /// Where the scenarios run.
    public var target: Target
    /// How long an expectation may wait for messages or state.
    public var timeoutMillis: Int64 = 5_000
    /// Print each step as it runs.
    public var trace = false

    /// A runner for `target` (in-process by default).
    public init(target: Target = .inProcess) { self.target = target }

    /// Runs one scenario on a fresh peer; never throws: failures are in the outcome.
    public func run(_ scenario: Scenario) async -> ScenarioOutcome {
        let start = monotonicNanos()
        var failure: String?
        do {
            let execution = try await ScenarioExecution.start(scenario, target: target, timeoutMillis: timeoutMillis, trace: trace)
            do {
                try await execution.runSteps()
                try await execution.checkLeftovers()
            } catch let f as ScenarioFailure {
                failure = "\(scenario.file):\(f.line): \(f.message)"
            } catch {
                failure = "\(scenario.file):\(scenario.line): \(error)"
            }
            await execution.finish()
        } catch {
            failure = "\(scenario.file):\(scenario.line): cannot start: \(error)"
        }
        return ScenarioOutcome(
            id: scenario.id, file: scenario.file, line: scenario.line, spec: scenario.spec, failure: failure,
            millis: Int((monotonicNanos() - start) / 1_000_000))
    }
}

extension ScenarioRunner {
    /// Runs scenarios, up to `jobs` at a time, reporting each outcome as it finishes; the result
    /// keeps the input order.
    public static func runAll(
        _ scenarios: [Scenario], runner: ScenarioRunner, jobs: Int, report: @escaping @Sendable (ScenarioOutcome) -> Void = { _ in }
    ) async -> [ScenarioOutcome] {
        var results = [ScenarioOutcome?](repeating: nil, count: scenarios.count)
        await withTaskGroup(of: (Int, ScenarioOutcome).self) { group in
            var next = 0
            func launch() {
                let i = next
                next += 1
                let s = scenarios[i]
                group.addTask { (i, await runner.run(s)) }
            }
            while next < min(jobs, scenarios.count) { launch() }
            while let (i, outcome) = await group.next() {
                report(outcome)
                results[i] = outcome
                if next < scenarios.count { launch() }
            }
        }
        return results.map { $0! }
    }
}
