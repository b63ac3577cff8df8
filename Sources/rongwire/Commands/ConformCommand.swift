// Sources/rongwire/Commands/ConformCommand.swift - `rongwire conform`

import ArgumentParser
import RongCodec
import RongConformance

/// `rongwire conform`: a run (the default: `rongwire conform [run] PATH…`) or the merge of the
/// reports of a run split into shards.
struct ConformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conform",
        abstract: "Run the conformance vectors against RongWire or another implementation.",
        discussion: """
            `rongwire conform PATH…` is `rongwire conform run PATH…`: see `rongwire conform run \
            --help` for the run's options (testee, failure list, selection, shards, reports). \
            `rongwire conform merge-reports` adds up the reports of a run split with --shard.
            """,
        subcommands: [ConformRunCommand.self, MergeReportsCommand.self],
        defaultSubcommand: ConformRunCommand.self
    )
}

struct ConformRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the conformance vectors against RongWire or another implementation (the default).",
        discussion: """
            Loads the YAML vectors (format: spec/vectors.md) under PATH (default: vectors/) and \
            checks an implementation against them: RongWire's own codec in-process by default, \
            or any program speaking the testee protocol (spec/testee-protocol.md) with --testee. \
            A testee that crashes is reported as CRASH and restarted; one that does not read its \
            request and answer within --timeout is killed with its process group and reported as \
            TIMEOUT; the run goes on. A testee that cannot start (it exits, never answers hello, \
            or writes anything but protocol messages to stdout) is reported once and the run \
            stops.

            Prints a table per area, the failures, requirement coverage, and a last line \
            `N passed, N failed, N skipped`, where failed counts everything that fails the run: \
            FAIL, CRASH, TIMEOUT and XPASS cases, stale failure-list entries and entries without \
            a reason, vectors citing undefined requirements, and a testee that is not usable or \
            fails as it exits.

            Exit status: 0 when nothing failed; 1 when something failed (failed > 0); 2 when the \
            vectors cannot be loaded, none is selected, or a file cannot be read or written; 64 \
            for a usage error.

            Examples:
              rongwire conform
              rongwire conform --testee "rongwire testee" --junit report.xml
              rongwire conform vectors/content --filter 'Required.Content.TxtMsg.*'
              rongwire conform --testee "./my-testee" --failure-list my-failures.txt --fix

            Split across CI jobs: each job runs one part and writes a JSON report, and one more \
            job adds them up (the same last line, exit status and reports as one whole run):
              rongwire conform --shard 2/4 --json-report part-2.json
              rongwire conform merge-reports part-*.json --junit report.xml
            """
    )

    @Argument(help: "Vector files or folders (default: vectors).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("Run this command as the testee instead of RongWire's codec.", valueName: "COMMAND ARGS"))
    var testee: String?

    @Option(help: "Seconds a testee may take for one vector, from writing the request to reading the answer.")
    var timeout: Double = 10

    @Option(help: ArgumentHelp("Expected failures of the testee: one vector id per line, each followed by '# why' (an entry without a reason fails the run); a '*' component matches exactly one dotted component.", valueName: "FILE"))
    var failureList: String?

    @Flag(help: ArgumentHelp("Rewrite --failure-list from this run: keep its comments and reasons and the entries of vectors not selected, drop entries that pass or match no vector, add failing vectors with a TODO(why) placeholder to replace."))
    var fix = false

    @Option(help: ArgumentHelp("Only vectors whose id matches this shell glob ('*' matches dots too; repeatable).", valueName: "GLOB"))
    var filter: [String] = []

    @Option(help: ArgumentHelp("Only vectors with one of these tags (comma-separated).", valueName: "TAGS"))
    var tags: String?

    @Option(help: "Run vectors of this level and stricter ones.")
    var level: Vector.Level = .optional

    @Option(help: ArgumentHelp("Run part I of N of the selected vectors (1 <= I <= N <= 1000), split by a hash of each vector's id: the N parts are disjoint and make up the whole selection, whatever the machine. An empty part is not an error.", valueName: "I/N"))
    var shard: VectorShard?

    @Option(help: ArgumentHelp("Write a JSON report (per case status, duration, detail).", valueName: "FILE"))
    var jsonReport: String?

    @Option(help: ArgumentHelp("Write a JUnit XML report for CI systems.", valueName: "FILE"))
    var junit: String?

    @Option(help: ArgumentHelp("Folder of the written spec, for requirement coverage and the check that vectors cite defined requirements (default: spec, skipped with a note when there is none).", valueName: "DIR"))
    var spec: String?

    @Flag(help: "List every non-passing case and every note.")
    var verbose = false

    @Flag(help: "Print the selected vector ids and exit.")
    var list = false

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        if fix && failureList == nil { throw ValidationError("--fix needs --failure-list FILE") }
    }

    func run() throws {
        let loader = VectorLoader()
        let vectors: [Vector]
        do throws(LoadError) {
            let files = try VectorLoader.files(in: paths.isEmpty ? ["vectors"] : paths)
            vectors = try loader.load(files: files)
        } catch {
            CLIIO.printStderr(error.description)
            throw ExitCode(2)
        }
        let selection = VectorSelection(
            filters: filter, tags: tags.map { $0.split(separator: ",").map(String.init) } ?? [],
            level: level)
        // The part is taken from the selection, so the other checks run once per vector.
        let unsharded = vectors.filter(selection.includes)
        let selected = shard.map { s in unsharded.filter { s.includes(id: $0.id) } } ?? unsharded
        if list {
            for v in selected { CLIIO.printStdout(v.id) }
            return
        }
        if let shard {
            // A part may be empty when a filter leaves few vectors; its report is still a part.
            guard !unsharded.isEmpty else {
                CLIIO.printStderr("error: no vectors selected (\(vectors.count) loaded)")
                throw ExitCode(2)
            }
            CLIIO.printStderr("shard \(shard): \(selected.count) of the \(unsharded.count) selected vectors")
        } else if selected.isEmpty {
            CLIIO.printStderr("error: no vectors selected (\(vectors.count) loaded)")
            throw ExitCode(2)
        }

        var failures: FailureList?
        if let failureList {
            if let bytes = try? CLIIO.readFile(failureList, limit: CLIIO.defaultInputLimit) {
                failures = FailureList(text: String(decoding: bytes, as: UTF8.self))
            } else if fix {
                failures = FailureList()
            } else {
                CLIIO.printStderr("error[ioError]: cannot read failure list \(failureList)")
                throw ExitCode(2)
            }
        }

        // PEER-* requirements are covered by `rongwire scenario`, not by vectors.
        let requirements = SpecIndex.vectorRequirements(inDirectory: spec ?? "spec")
        if requirements == nil {
            if let spec {
                CLIIO.printStderr("error[ioError]: no spec folder \(spec)")
                throw ExitCode(2)
            }
            CLIIO.printStderr("note: no spec/ folder here: requirement coverage and the check of cited requirement ids are skipped (--spec DIR)")
        }
        let runner = ConformanceRunner(failureList: fix ? nil : failures, requirements: requirements)
        let target: any Testee
        if let testee {
            // The testee runs in a process group of its own: an interrupted run must kill it.
            SubprocessTestee.killTesteesOnInterrupt()
            target = SubprocessTestee(command: testee, timeout: timeout)
        } else {
            target = CodecTestee()
        }
        let progress = ProgressLine(unit: "vectors")
        var summary = runner.run(selected, on: target, loaded: vectors.map(\.id)) { i, n, v in
            progress.update(done: i + 1, total: n, detail: v.id)
        }
        progress.finish()
        if let sub = target as? SubprocessTestee {
            sub.stop()
            // A testee that fails as it exits (a sanitizer's leak report, for one) fails the run.
            summary.addExitProblems(sub.exitProblems)
        }

        CLIIO.printStdout(summary.text(verbose: verbose))
        if let jsonReport {
            try CLIIO.writeFile(jsonReport, Array(((try? summary.jsonReport().prettyText()) ?? "{}").utf8) + [0x0A])
        }
        if let junit { try CLIIO.writeFile(junit, Array(summary.junitXML().utf8)) }
        if fix, let failureList, let failures {
            guard let rewrite = failures.rewritten(after: summary, loaded: vectors.map(\.id)) else {
                CLIIO.printStderr("did not rewrite \(failureList): fix the problems above first")
                throw ExitCode(1)
            }
            try CLIIO.writeFile(failureList, Array(rewrite.list.text.utf8))
            CLIIO.printStderr(rewrite.note(path: failureList))
            return
        }
        if !summary.isSuccess { throw ExitCode(1) }
    }
}
