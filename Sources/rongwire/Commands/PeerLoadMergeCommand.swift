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

            A live-room run's parts (--chatroom) merge the same way into the single run's \
            live-room report: a protected message (high priority, or the host's when the peer \
            whitelists it) that some member of any part never got is lost, one surfacing twice is \
            duplicated, a like some member got and another did not is lost after dispatch, a like \
            no member got was discarded by the room; members a fault cut off are not checked. The \
            lag histograms are added and the worst member's p99 is the worst of any part.

            The reports must be of one run id, with the same clients, messages and seed (a live \
            room's also the same room, senders, rate and low-priority share), each part once and \
            none missing, each listing only (and all) the users of its slice.

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
        var privateParts: [LoadPartReport] = []
        var roomParts: [ChatroomPartReport] = []
        for path in reports {
            let bytes: [UInt8]
            do {
                bytes = try CLIIO.readFile(path, limit: LoadPartReport.byteLimit)
            } catch {
                CLIIO.printStderr("error[ioError]: \(path): \(error)")
                throw ExitCode(2)
            }
            do throws(LoadPartReport.ReadError) {
                switch try LoadPartFile(json: bytes) {
                case .privateRun(let p): privateParts.append(p)
                case .chatroom(let p): roomParts.append(p)
                }
            } catch {
                CLIIO.printStderr("error[\(error.code)]: \(path): \(error)")
                throw ExitCode(2)
            }
        }
        if !privateParts.isEmpty && !roomParts.isEmpty {
            let e = LoadPartReport.MergeError.differentRunShape(part: "a chatroom part", member: "mode (private or chatroom)")
            CLIIO.printStderr("error[\(e.code)]: \(e)")
            throw ExitCode(2)
        }
        if let first = roomParts.first {
            let whole: ChatroomLoadReport
            do throws(LoadPartReport.MergeError) {
                whole = try ChatroomPartReport.merged(roomParts, names: reports)
            } catch {
                CLIIO.printStderr("error[\(error.code)]: \(error)")
                throw ExitCode(2)
            }
            CLIIO.printStdout("peer-load merge: run \(first.run), \(roomParts.count) part\(roomParts.count == 1 ? "" : "s"), chatroom \(first.room), "
                + "\(first.clients) members, \(first.senders) senders, \(first.messages) messages at \(first.rate)/s "
                + "(low-priority share \(fixed(first.lowShare, 2))), seed \(first.seed)")
            if printChatroomReport(whole, external: true) { throw ExitCode(1) }
            return
        }
        let parts = privateParts
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
