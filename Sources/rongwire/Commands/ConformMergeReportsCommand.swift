// Sources/rongwire/Commands/ConformMergeReportsCommand.swift - `rongwire conform merge-reports`

import ArgumentParser
import RongCodec
import RongConformance

struct MergeReportsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Add up the JSON reports of the shards of one conformance run.",
        discussion: """
            Reads the reports that `rongwire conform --shard I/N --json-report FILE` wrote, one \
            per shard, and prints the report of the whole run: the table per area, the failures, \
            the requirement coverage (a requirement is covered when any shard covers it) and the \
            last line `N passed, N failed, N skipped`. Corpus, failure-list and testee problems, \
            which every shard sees alike, count once. --json-report and --junit write the whole \
            run's reports; the JSON one can be merged again.

            The reports must be of one testee and share no vector (shards of one run never do: \
            a vector in two reports means overlapping runs or a file given twice).

            Exit status: 0 when the whole run passed; 1 when it failed; 2 when a report cannot \
            be read or the reports do not fit together; 64 for a usage error.

            Example:
              rongwire conform merge-reports part-1.json part-2.json part-3.json part-4.json --junit report.xml
            """
    )

    /// The largest report read: 256 MB, about half a million vectors.
    static let reportLimit = 256 << 20

    @Argument(help: ArgumentHelp("The shards' JSON reports.", valueName: "REPORT"))
    var reports: [String]

    @Option(help: ArgumentHelp("Write the whole run's JSON report.", valueName: "FILE"))
    var jsonReport: String?

    @Option(help: ArgumentHelp("Write the whole run's JUnit XML report.", valueName: "FILE"))
    var junit: String?

    @Flag(help: "List every non-passing case and every note.")
    var verbose = false

    func validate() throws {
        guard !reports.isEmpty else { throw ValidationError("give the shards' JSON reports") }
    }

    func run() throws {
        var parts: [ConformReport] = []
        for path in reports {
            do {
                let bytes = try CLIIO.readFile(path, limit: Self.reportLimit)
                // A report is a few hundred bytes a vector and four levels deep.
                let options = DecodingOptions(maxContentBytes: Self.reportLimit, maxDepth: 16, mode: .strict)
                parts.append(try ConformReport(json: JSONValue(parsing: bytes, options: options)))
            } catch let error as ConformReport.ReadError {
                CLIIO.printStderr("error[invalidReport]: \(path): \(error)")
                throw ExitCode(2)
            } catch {
                CLIIO.printStderr("error: \(path): \(error)")
                throw ExitCode(2)
            }
        }
        let whole: ConformReport
        do throws(ConformReport.MergeError) {
            whole = try ConformReport.merged(parts, names: reports)
        } catch {
            CLIIO.printStderr("error[reportsDoNotFit]: \(error)")
            throw ExitCode(2)
        }
        CLIIO.printStdout(whole.text(verbose: verbose))
        if let jsonReport {
            try CLIIO.writeFile(jsonReport, Array(((try? whole.jsonReport().prettyText()) ?? "{}").utf8) + [0x0A])
        }
        if let junit { try CLIIO.writeFile(junit, Array(whole.junitXML().utf8)) }
        if !whole.isSuccess { throw ExitCode(1) }
    }
}
