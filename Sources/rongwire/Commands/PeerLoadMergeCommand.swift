// Sources/rongwire/Commands/PeerLoadMergeCommand.swift - `rongwire peer-load merge`

import ArgumentParser
import RongPeer

struct PeerLoadMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Add up the part reports of a load run split over processes or machines.",
        discussion: """
            Reads the reports that `rongwire peer-load --url URL --run-id ID --part I/N --report \
            FILE` wrote, one per part, and prints the report of the whole run in the form of a \
            single run: a message some part sent is lost when it surfaced at its receiver in no \
            part, duplicated when it surfaced there more than once, misdelivered when it surfaced \
            at another user; failed sends, and copies the clients' UID dedup dropped while the \
            peer injected no faults, fail the run too. Throughput runs from the earliest first \
            send of any part to the latest delivery; the latency histograms are added. The \
            parts' times are wall-clock: across machines they are as good as the clocks' sync.

            The reports must be of one run id, with the same clients, messages and seed, each \
            part once and none missing (private-message runs only).

            Exit status: 0 when the whole run passed; 1 when a check failed; 2 when a report \
            cannot be read or the reports do not fit together; 64 for a usage error.

            Example:
              rongwire peer-load merge part-1.json part-2.json
            """
    )

    @Argument(help: ArgumentHelp("The parts' JSON reports.", valueName: "PART"))
    var reports: [String]

    func validate() throws {
        guard !reports.isEmpty else { throw ValidationError("give the parts' JSON reports") }
    }

    func run() throws {
        var parts: [LoadPartReport] = []
        for path in reports {
            let bytes: [UInt8]
            do {
                bytes = try CLIIO.readFile(path, limit: LoadPartReport.byteLimit)
            } catch {
                CLIIO.printStderr("error[ioError]: \(path): \(error)")
                throw ExitCode(2)
            }
            do throws(LoadPartReport.ReadError) {
                parts.append(try LoadPartReport(json: bytes))
            } catch {
                CLIIO.printStderr("error[\(error.code)]: \(path): \(error)")
                throw ExitCode(2)
            }
        }
        let whole: LoadReport
        do throws(LoadPartReport.MergeError) {
            whole = try LoadPartReport.merged(parts, names: reports)
        } catch {
            CLIIO.printStderr("error[\(error.code)]: \(error)")
            throw ExitCode(2)
        }
        let first = parts[0]
        CLIIO.printStdout("peer-load merge: run \(first.run), \(parts.count) part\(parts.count == 1 ? "" : "s"), \(first.clients) clients, "
            + "\(first.messages) messages (private RC:TxtMsg, ISCOUNTED), seed \(first.seed)")
        if printReport(whole, external: true) { throw ExitCode(1) }
    }
}
