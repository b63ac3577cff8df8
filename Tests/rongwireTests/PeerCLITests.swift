// Tests/rongwireTests/PeerCLITests.swift - `rongwire peer` options that bound what a request may send

import RongTestSupport
import Testing

@Suite("CLI peer")
struct PeerCLITests {
    let bin: String

    init() throws { bin = try Rongwire.command() }

    @Test("the HTTP request limits are options with a stated range; values outside it are refused before the peer starts", arguments: [
        ("--max-request-head-bytes 100", "--max-request-head-bytes must be 1024...1048576"),
        ("--max-request-head-bytes 2097152", "--max-request-head-bytes must be 1024...1048576"),
        ("--max-request-body-bytes 1000", "--max-request-body-bytes must be 1024...268435456"),
    ])
    func requestLimits(_ options: String, _ message: String) {
        let r = shell("\(bin) peer --port 0 \(options)")
        #expect(r.status == 64, "\(r.output)")
        #expect(r.output.contains(message), "\(r.output)")
    }

    /// Issue 36's inputs and more (`delay= ` crashed both commands with exit 132): each refused
    /// by the argument parser, exit 64, with a message naming the part, before anything starts.
    static let refusedPlans: [(String, String)] = [
        ("delay= ", "`delay` has no value"),
        ("delay= :", "`delay` has no probability"),
        ("delay=:5ms", "`delay` has no probability"),
        ("users= ", "`users` has no value"),
        ("seed= ", "`seed` has no value"),
        ("drop= ", "`drop` has no value"),
        ("delay=0.1: ", "`delay maximum` is blank"),
        ("=,=", "`=` is not NAME=VALUE"),
        ("drop=0.1,drop=0.2", "`drop` is given twice"),
        ("drop=0.1,", "part 2 of the fault plan is blank"),
        ("users=a||b", "`users` names a blank user"),
        ("explode=1", "unknown fault `explode`"),
    ]

    @Test("rongwire peer --faults: a plan with a blank, missing or repeated part is a usage error naming the part", arguments: refusedPlans)
    func peerFaults(_ plan: String, _ says: String) {
        let r = shell("\(bin) peer --port 0 --faults '\(plan)'")
        #expect(r.status == 64, "\(r.output)")
        #expect(r.output.contains("'--faults <SPEC>': \(says)"), "\(r.output)")
        #expect(!r.output.contains("listening on"), "\(r.output)")
    }

    @Test("rongwire peer-load --faults: the same refusals", arguments: refusedPlans)
    func peerLoadFaults(_ plan: String, _ says: String) {
        let r = shell("\(bin) peer-load --clients 2 --messages 4 --faults '\(plan)'")
        #expect(r.status == 64, "\(r.output)")
        #expect(r.output.contains("'--faults <SPEC>': \(says)"), "\(r.output)")
        #expect(!r.output.contains("delivered"), "\(r.output)")
    }

    @Test("rongwire peer-load --faults: a plan that parses runs, with the plan's seed; none means no faults")
    func peerLoadFaultsTaken() {
        let r = shell("\(bin) peer-load --clients 2 --messages 4 --faults ' dup = 0.5 , seed = 3 '")
        #expect(r.status == 0, "\(r.output)")
        #expect(r.output.contains("faults dup=0.5,seed=3"), "\(r.output)")
        // HdrHistogram percentiles and who spent the CPU (issue 34).
        #expect(r.output.contains(", p99.9 ") && r.output.contains("cpu         peer ") && r.output.contains("µs a message"), "\(r.output)")
        let none = shell("\(bin) peer-load --clients 2 --messages 4 --faults none")
        #expect(none.status == 0 && none.output.contains("faults none"), "\(none.output)")
    }

    @Test("rongwire peer-load --run-id, --part: bad values and a part without a peer, an id or a report are usage errors", arguments: [
        ("--run-id a:b", "--run-id must be 1 to 32 letters, digits, - or _"),
        ("--part 1/2 --run-id r", "--part needs --url (the peer all parts drive), --run-id and --report"),
        ("--part 3/2", "'--part <I/N>'"),
        ("--report x.json --chatroom \(String(repeating: "r", count: 65))", "--chatroom must be 1 to 64 bytes with --part or --report"),
    ])
    func peerLoadPartOptions(_ options: String, _ says: String) {
        let r = shell("\(bin) peer-load --clients 2 --messages 4 \(options)")
        #expect(r.status == 64, "\(r.output)")
        #expect(r.output.contains(says), "\(r.output)")
    }

    @Test("rongwire peer-load merge: a run's report merges to the run's result; a part twice, a missing part, a file that is no part report exit 2")
    func peerLoadMerge() throws {
        let dir = try TempDir()
        let run = shell("\(bin) peer-load --clients 4 --messages 40 --run-id cli-1 --report \(dir.path)/whole.json")
        #expect(run.status == 0 && run.output.contains("delivered   40 unique; lost 0"), "\(run.output)")
        let merged = shell("\(bin) peer-load merge \(dir.path)/whole.json")
        #expect(merged.status == 0, "\(merged.output)")
        #expect(merged.output.contains("run cli-1, 1 part, 4 clients, 40 messages") && merged.output.contains("delivered   40 unique; lost 0, duplicated 0, misdelivered 0"), "\(merged.output)")
        let twice = shell("\(bin) peer-load merge \(dir.path)/whole.json \(dir.path)/whole.json")
        #expect(twice.status == 2 && twice.output.contains("error[partTwice]"), "\(twice.output)")
        let text = try #require(dir.read("whole.json"))
        try dir.write("half.json", text.replacing(#""parts":1"#, with: #""parts":2"#))
        let missing = shell("\(bin) peer-load merge \(dir.path)/half.json")
        #expect(missing.status == 2 && missing.output.contains("error[missingParts]: part 2 of 2 missing"), "\(missing.output)")
        try dir.write("other.json", #"{"format":"rongwire-peer-load-part","version":9}"#)
        let other = shell("\(bin) peer-load merge \(dir.path)/other.json")
        #expect(other.status == 2 && other.output.contains("error[unsupportedVersion]"), "\(other.output)")

        // A live-room run's report merges to the live-room report; it does not mix with a private run's.
        let room = shell("\(bin) peer-load --chatroom lobby --clients 6 --messages 30 --rate 200 --run-id cli-room --report \(dir.path)/room.json")
        #expect(room.status == 0 && room.output.contains("protected (high or host) lost 0 deliveries"), "\(room.output)")
        let roomMerged = shell("\(bin) peer-load merge \(dir.path)/room.json")
        #expect(roomMerged.status == 0, "\(roomMerged.output)")
        #expect(roomMerged.output.contains("run cli-room, 1 part, chatroom lobby, 6 members, 3 senders, 30 messages at 200/s")
            && roomMerged.output.contains("protected (high or host) lost 0 deliveries of 0 messages, duplicated 0") && roomMerged.output.contains("worst member's p99"), "\(roomMerged.output)")
        let mixed = shell("\(bin) peer-load merge \(dir.path)/whole.json \(dir.path)/room.json")
        #expect(mixed.status == 2 && mixed.output.contains("error[differentRunShape]"), "\(mixed.output)")
    }

    @Test("--help names the request limits and their defaults")
    func help() {
        let r = shell("\(bin) peer --help")
        #expect(r.status == 0)
        // The help is wrapped to the terminal: compare with the line breaks and indents removed.
        let text = r.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("--max-request-head-bytes <BYTES> Largest HTTP request head"), "\(text)")
        #expect(text.contains("(default: 16384)") && text.contains("(default: 4194304)"), "\(text)")
    }
}
