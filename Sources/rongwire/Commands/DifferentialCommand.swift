// Sources/rongwire/Commands/DifferentialCommand.swift - `rongwire differential`

import ArgumentParser
import RongCodec
import RongConformance

struct DifferentialCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "differential",
        abstract: "Feed the same random and mutated packets to RongWire and a testee; report every disagreement.",
        discussion: """
            Sends the same requests (spec/testee-protocol.md) to RongWire's codec in-process and \
            to --testee, and compares the answers: accept or reject, the packet JSON when both \
            accept (derived `$` members only when both produce them), and the bytes. Different \
            error codes on a shared rejection are counted, not reported; with --strict-codes, \
            those on a packet JSON value with one fault (a valid corpus value with one edit, or a \
            rejecting vector's value unedited) are disagreements, since the spec gives each fault \
            one code (with several faults the code depends on which check runs first, which the \
            spec leaves open).

            --count packets go as `frame-decode` requests: the frame vectors under --vectors \
            (the corpus), then mutations of them (bit flips, truncation, insertion, length-field \
            edits, splices of two packets, stacked mutations) and random packets. Then \
            --json-count packet JSON values go as `frame-encode` requests: the corpus values, \
            then mutations of them (members deleted, added, nulled, retyped). Input i depends \
            only on --seed, i and the corpus (the summary prints a hash of it), so a run is \
            reproducible on any platform and Swift release; without --seed a random seed is \
            chosen and printed.

            Prints a summary and the first disagreements; --report writes all of them as JSON \
            with each input's hex and both answers. Exits 1 when there is any disagreement.

            Example:
              rongwire differential --testee tools/testee-c/build/rongwire-testee-c --seed 1 --count 100000
            """
    )

    @Option(help: ArgumentHelp("The testee to compare with RongWire.", valueName: "COMMAND ARGS"))
    var testee: String

    @Option(help: "Seed of the generated inputs (default: random, printed).")
    var seed: UInt64?

    @Option(help: "Number of packets (frame-decode inputs), corpus included.")
    var count: Int = 100_000

    @Option(help: "Number of packet JSON values (frame-encode inputs), corpus included (default: count / 5).")
    var jsonCount: Int?

    @Option(help: ArgumentHelp("Write every disagreement, with input and answers, as JSON.", valueName: "FILE"))
    var report: String?

    @Option(help: ArgumentHelp("Frame vectors to mutate (files or folders).", valueName: "PATH"))
    var vectors: [String] = ["vectors/envelope"]

    @Option(help: "Seconds the testee may take to answer one input.")
    var timeout: Double = 10

    @Option(help: "How many disagreements to print.")
    var show: Int = 20

    @Flag(help: "Count different error codes on a one-fault packet JSON value as a disagreement.")
    var strictCodes = false

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be positive") }
        guard (jsonCount ?? 0) >= 0 else { throw ValidationError("--json-count must not be negative") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
    }

    func run() throws {
        let loaded: [Vector]
        do throws(LoadError) {
            loaded = try VectorLoader().load(files: try VectorLoader.files(in: vectors))
        } catch {
            CLIIO.printStderr(error.description)
            throw ExitCode(2)
        }
        let seeds = Differential.seeds(from: loaded)
        let jsonCount = self.jsonCount ?? count / 5
        if seeds.isEmpty {
            CLIIO.printStderr("error: no frame vectors under \(vectors.joined(separator: ", "))")
            throw ExitCode(2)
        }
        let seed = self.seed ?? UInt64.random(in: 0...UInt64.max)
        let differential = Differential(seeds: seeds, valueSeeds: Differential.valueSeeds(from: loaded), seed: seed, strictCodes: strictCodes)
        let other = SubprocessTestee(command: testee, timeout: timeout)
        let progress = ProgressLine(unit: "inputs")
        let summary = differential.run(count: count, jsonCount: jsonCount, reference: CodecTestee(), other: other) { done, s in
            progress.update(done: done, total: count + jsonCount, detail: "\(s.disagreements.count) disagreements")
        }
        other.stop()
        progress.finish()
        CLIIO.printStdout(differential.text(summary, show: show))
        for p in other.exitProblems { CLIIO.printStdout("FAIL at exit: \(p)") }
        if let report {
            let json = differential.report(summary, count: count, jsonCount: jsonCount, referenceName: "rongwire", otherName: testee)
            let text = ((try? json.prettyText()) ?? "{}") + "\n"
            try CLIIO.writeFile(report, Array(text.utf8))
        }
        if !summary.disagreements.isEmpty || !other.exitProblems.isEmpty { throw ExitCode(1) }
    }
}
