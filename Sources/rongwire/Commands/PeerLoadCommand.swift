// Sources/rongwire/Commands/PeerLoadCommand.swift - `rongwire peer-load [run]`

import ArgumentParser
import RongPeer

/// `rongwire peer-load`: a run (the default: `rongwire peer-load [run] --clients …`) or the merge
/// of the part reports of a run split over several processes.
struct PeerLoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peer-load",
        abstract: "Drive a peer with many concurrent clients; report throughput, latency, loss and duplicates.",
        discussion: """
            `rongwire peer-load --clients …` is `rongwire peer-load run --clients …`: see \
            `rongwire peer-load run --help` for the run's options. `rongwire peer-load merge` adds \
            up the part reports of a run split over processes or machines with --run-id and --part.
            """,
        subcommands: [PeerLoadRunCommand.self, PeerLoadMergeCommand.self],
        defaultSubcommand: PeerLoadRunCommand.self
    )
}

/// `--part I/N`: part I of N of a distributed load run (``LoadPart``).
extension LoadPart: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public var defaultValueDescription: String { description }
}

struct PeerLoadRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Drive a peer with many concurrent clients (the default).",
        discussion: """
            N clients (users load0 … loadN-1) send M private RC:TxtMsg messages (ISCOUNTED) in \
            total to random other clients, each keeping --window PUBLISHes in flight, and every \
            receiver checks what arrives: lost (never surfaced), duplicated (surfaced twice), \
            misdelivered. The run fails (exit 1) on any of those, on a failed send, and, when no \
            faults are injected, on any copy the clients' UID dedup had to drop. Latency is from the send call to the receiver surfacing the message. \
            By default the peer runs in-process; --faults injects its seeded faults, and the \
            clients then resend, re-pull, poll and reconnect. With --url the peer must have the \
            load users: `rongwire peer --generate-users N`.

            With --chatroom ROOM the run is a live room instead: every client joins ROOM, the \
            first --senders clients send --messages in all at --rate a second, a --low-share of \
            them low-priority likes (Live:LikeMsg, the in-process peer's lowPriority) and the rest \
            RC:TxtMsg; --capacity gives the room a dispatch capacity (spec/peer.md, "Live-room \
            priority") with the host load0 on its whitelist. It reports deliveries per second and \
            the members' lag, and fails (exit 1) when any member lost a high-priority or host \
            message or got one twice, or missed a like other members got; discarded likes are \
            counted. Members whose connection a fault cut leave the room (PEER-CHRM-003) and are \
            not checked.

            A run can be split over processes or machines against one peer (--url): each process \
            gets the same --run-id, --clients, --messages and --seed (with --chatroom also the same \
            ROOM, --senders, --rate and --low-share) and its own --part I/N, drives users \
            load⌊(I-1)·clients/N⌋ … of the whole population, and writes --report FILE; `rongwire \
            peer-load merge` adds the parts and runs the single run's checks across them. In a \
            private-message run a part sends to random users of the whole population and takes the \
            run's messages from any part; in a live room every member of every part joins ROOM and \
            the senders send from whichever part holds them, paced from that part's own start. \
            With --run-id the messages carry wall-clock times: latencies across machines are as \
            good as their clock sync. Start the parts together (within --drain of each other; a \
            live room's parts within a fraction of a second, or its lags include the gap). A part \
            prints what it sent and what reached its own users; it exits 1 on a failed send or \
            when messages addressed to its users (a live room: protected ones) are missing after \
            --drain.

            Exit status: 0 when every check passed; 1 when one failed; 64 for a usage error.

            Examples:
              rongwire peer-load --clients 200 --messages 100000
              rongwire peer-load --clients 200 --messages 100000 --faults drop=0.01,dup=0.01,delay=0.05:20ms,reorder=0.01,cut=0.0005 --seed 7
              rongwire peer-load --chatroom lobby --clients 1000 --messages 2000 --rate 100 --capacity 60
              rongwire peer-load --url ws://127.0.0.1:8090/websocket --app-id rongwire-load --clients 400 --messages 20000 --run-id r1 --part 1/2 --report part-1.json
              rongwire peer-load merge part-1.json part-2.json
              rongwire peer-load --url ws://127.0.0.1:8090/websocket --app-id rongwire-load --chatroom lobby --clients 1000 --messages 1000 --run-id room1 --part 2/2 --report room-2.json
            """
    )

    @Option(help: "Concurrent clients.")
    var clients = 200

    @Option(help: "Messages in total (default 100000; with --chatroom 1000).")
    var messages: Int?

    @Option(help: ArgumentHelp("A live room instead of private messages: every client joins ROOM.", valueName: "ROOM"))
    var chatroom: String?

    @Option(help: "With --chatroom: how many clients send (load0, the host, is one).")
    var senders = 3

    @Option(help: "With --chatroom: the share of low-priority likes, 0...1.")
    var lowShare = 0.5

    @Option(help: "With --chatroom: messages a second the senders send in all.")
    var rate = 100

    @Option(help: "With --chatroom: the room's dispatch capacity, messages a second (in-process peer; default: no limit).")
    var capacity: Int?

    @Option(help: "PUBLISHes each client keeps in flight.")
    var window = 16

    @Option(help: ArgumentHelp("Faults on the in-process peer's packets (see rongwire peer --help).", valueName: "SPEC"), transform: FaultPlan.argument)
    var faults: FaultPlan?

    @Option(help: "Seed for the traffic pattern, and for the faults unless --faults names its own seed=N.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Use the peer at this WebSocket URL instead of an in-process one.", valueName: "URL"))
    var url: String?

    @Option(help: "App Key for --url.")
    var appId = "rongwire-demo"

    @Option(help: "How long to wait for the last deliveries after the last PUBACK: seconds, or 500ms, 2m, ….", transform: PeerDuration.argument(.seconds))
    var drain = PeerDuration(milliseconds: 30_000)!

    @Option(help: ArgumentHelp("The run's id, in every message (1 to 32 letters, digits, - or _); the parts of a distributed run share it. Default: random.", valueName: "ID"))
    var runId: String?

    @Option(help: ArgumentHelp("Drive part I of N of the load users (needs --url, --run-id and --report).", valueName: "I/N"))
    var part: LoadPart?

    @Option(help: ArgumentHelp("Write this process's part report (JSON) for rongwire peer-load merge.", valueName: "FILE"))
    var report: String?

    func run() async throws {
        var config = LoadConfiguration()
        let messages = self.messages ?? (chatroom == nil ? 100_000 : 1_000)
        config.clients = clients
        config.messages = messages
        config.window = window
        config.seed = seed
        config.url = url
        config.appId = url == nil ? nil : appId
        config.drainMillis = drain.milliseconds
        if let runId {
            guard LoadRunID.isValid(runId) else { throw ValidationError("--run-id must be 1 to 32 letters, digits, - or _") }
            config.runId = runId
        }
        if part != nil || report != nil, let chatroom {
            // The part report's reader takes room ids of at most 64 bytes.
            guard (1...64).contains(chatroom.utf8.count) else { throw ValidationError("--chatroom must be 1 to 64 bytes with --part or --report") }
        }
        if let part {
            guard url != nil, runId != nil, report != nil else { throw ValidationError("--part needs --url (the peer all parts drive), --run-id and --report") }
            guard part.clients(of: clients).count >= 1 else { throw ValidationError("--part \(part) of \(clients) clients has no users: use fewer parts") }
            guard messages <= LoadPartReport.maxMessages, clients <= LoadPartReport.maxClients else {
                throw ValidationError("a run split in parts has at most \(LoadPartReport.maxMessages) messages and \(LoadPartReport.maxClients) clients")
            }
            config.part = part
        }
        if let faults {
            guard url == nil else { throw ValidationError("--faults applies to the in-process peer; start an external one with rongwire peer --faults") }
            // A seed= inside --faults wins over --seed.
            config.faults = faults.seeded(default: seed)
        }
        guard clients >= 2, messages >= 1 else { throw ValidationError("--clients must be at least 2 and --messages at least 1") }
        if let chatroom {
            guard (0...1).contains(lowShare) else { throw ValidationError("--low-share must be 0...1") }
            guard (1...100_000).contains(rate) else { throw ValidationError("--rate must be 1...100000 messages a second") }
            guard senders >= 1, senders <= clients else { throw ValidationError("--senders must be 1...--clients") }
            guard messages <= 1_000_000 else { throw ValidationError("--messages must be at most 1000000 with --chatroom") }
            if let capacity, !(1...1_000_000).contains(capacity) { throw ValidationError("--capacity must be 1...1000000 messages a second") }
            if capacity != nil && url != nil { throw ValidationError("--capacity applies to the in-process peer; give an external peer's room a capacity in its fixture") }
            config.chatroom = chatroom
            config.senders = senders
            config.lowShare = lowShare
            config.rate = rate
            config.capacity = capacity
            try await runChatroom(config, room: chatroom)
            return
        }
        let who = part.map { "part \($0) (users load\($0.clients(of: clients).lowerBound) … load\($0.clients(of: clients).upperBound - 1)) of " } ?? ""
        CLIIO.printStdout("peer-load: \(who)\(clients) clients, \(messages) messages (private RC:TxtMsg, ISCOUNTED), window \(window), "
            + "\(url.map { "peer at \($0), faults as the peer's /state says" } ?? "in-process peer, faults \(config.faults)"), seed \(seed)\(runId.map { ", run \($0)" } ?? "")")
        let progress = ProgressLine(unit: "messages")
        let result = try await LoadGenerator.runPart(config) { progress.status($0) }
        progress.finish()
        if let report { try CLIIO.writeFile(report, result.report.json()) }
        if let part, part.count > 1 {
            let p = result.report
            CLIIO.printStdout("sent        \(p.acked + p.failedSends) (acked \(p.acked), failed \(p.failedSends)) by this part's users")
            CLIIO.printStdout("received    \(result.arrived) of the \(result.addressed) messages addressed to this part's users (from every part)")
            CLIIO.printStdout("report      \(report ?? "") (part \(part) of run \(p.run)): rongwire peer-load merge adds the parts and checks the whole run")
            if p.failedSends > 0 || result.arrived < result.addressed { throw ExitCode(1) }
            return
        }
        let r: LoadReport
        do throws(LoadPartReport.MergeError) {
            r = try LoadPartReport.merged([result.report])
        } catch {
            CLIIO.printStderr("error[\(error.code)]: \(error)")
            throw ExitCode(1)
        }
        if printReport(r, external: url != nil) { throw ExitCode(1) }
    }
}

/// Prints a private-message run's report (one run's or merged parts') and returns whether a
/// check failed.
func printReport(_ r: LoadReport, external: Bool) -> Bool {
    func ms(_ v: Double) -> String { v < 10 ? fixed(v, 2) : fixed(v, 1) }
    CLIIO.printStdout("sent        \(r.acked + r.failedSends) (acked \(r.acked), failed \(r.failedSends)) in \(fixed(r.sendSeconds, 2)) s")
    CLIIO.printStdout("delivered   \(r.delivered) unique; lost \(r.lost), duplicated \(r.duplicated), misdelivered \(r.misdelivered)"
        + " (\(r.copiesDeduplicated) duplicate copies dropped by UID dedup in the clients)")
    if r.otherRuns > 0 { CLIIO.printStdout("            \(r.otherRuns) messages of earlier runs on this peer ignored (this run is \(r.run))") }
    CLIIO.printStdout("throughput  \(Int(r.throughput.rounded())) messages/s (\(fixed(r.seconds, 2)) s from first send to last delivery)")
    CLIIO.printStdout("latency     end-to-end \(percentiles(r.latency)); PUBACK p50 \(ms(r.ack.p50)) ms, p99 \(ms(r.ack.p99)) ms, p99.9 \(ms(r.ack.p999)) ms")
    CLIIO.printStdout(cpuLine(peer: r.peerCPUSeconds, generator: r.generatorCPUSeconds, perDelivery: r.peerMicrosPerDelivery, unit: "message", external: external))
    if let f = r.faults, r.faultsInjected {
        CLIIO.printStdout("faults      dropped \(f.dropped), duplicated \(f.duplicated), delayed \(f.delayed), reordered \(f.reordered), cut \(f.cut); "
            + "resends answered from the first PUBACK \(r.resendsDeduplicated ?? 0); client reconnects \(r.reconnects)")
    }
    if !r.faultsInjected && r.copiesDeduplicated > 0 {
        CLIIO.printStderr("error: the clients dropped \(r.copiesDeduplicated) duplicate copies by UID without any fault injected: the peer delivered messages twice")
    }
    return r.lost > 0 || r.duplicated > 0 || r.misdelivered > 0 || r.failedSends > 0 || (!r.faultsInjected && r.copiesDeduplicated > 0)
}

extension PeerLoadRunCommand {
    func runChatroom(_ config: LoadConfiguration, room: String) async throws {
        let who = config.part.map { "part \($0) (members load\($0.clients(of: config.clients).lowerBound) … load\($0.clients(of: config.clients).upperBound - 1)) of " } ?? ""
        CLIIO.printStdout("peer-load: chatroom \(room), \(who)\(config.clients) members, \(config.senders) senders, \(config.messages) messages at \(config.rate)/s "
            + "(low-priority share \(fixed(config.lowShare, 2))), capacity \(config.capacity.map { "\($0)/s, host load0 whitelisted" } ?? "none"), "
            + "\(config.url.map { "peer at \($0), faults as the peer's /state says" } ?? "in-process peer, faults \(config.faults)"), seed \(config.seed)\(config.runId.map { ", run \($0)" } ?? "")")
        let progress = ProgressLine(unit: "messages")
        if let part = config.part, part.count > 1 {
            let (p, missing) = try await ChatroomLoad.runPart(config) { progress.status($0) }
            progress.finish()
            if let report { try CLIIO.writeFile(report, p.json()) }
            let own = p.sends.map { "load\($0.sender)" }.joined(separator: ", ")
            CLIIO.printStdout("sent        \(p.acked + p.failedSends) (acked \(p.acked), failed \(p.failedSends)) by this part's senders\(own.isEmpty ? " (none in this part)" : " (\(own))")")
            let cut = p.members.filter(\.cutOff).count
            CLIIO.printStdout("received    \(p.members.reduce(0) { $0 + $1.deliveries }) deliveries at this part's \(p.members.count) members; protected deliveries missing \(missing)"
                + (cut > 0 ? " (\(cut) members cut off by faults not checked)" : ""))
            CLIIO.printStdout("report      \(report ?? "") (part \(part) of run \(p.run)): rongwire peer-load merge adds the parts and checks the whole run")
            if p.failedSends > 0 || missing > 0 { throw ExitCode(1) }
            return
        }
        let (r, whole) = try await ChatroomLoad.runWhole(config) { progress.status($0) }
        progress.finish()
        if let report { try CLIIO.writeFile(report, whole.json()) }
        if printChatroomReport(r, external: config.url != nil) { throw ExitCode(1) }
    }
}

/// Prints a live-room run's report (one run's or merged parts') and returns whether a check
/// failed.
func printChatroomReport(_ r: ChatroomLoadReport, external: Bool) -> Bool {
    func ms(_ v: Double) -> String { v < 10 ? fixed(v, 2) : fixed(v, 1) }
    CLIIO.printStdout("sent        \(r.acked + r.failedSends) (high \(r.highSent), low \(r.lowSent); host \(r.hostSent); acked \(r.acked), failed \(r.failedSends)) in \(fixed(r.sendSeconds, 2)) s")
    CLIIO.printStdout("delivered   \(r.deliveries) to members; protected (high or host) lost \(r.protectedLost) deliveries of \(r.protectedMessagesLost) messages, "
        + "duplicated \(r.duplicated); low discarded \(r.lowDiscarded) messages, low lost after dispatch \(r.lowLost) deliveries")
    if let d = r.peerDispatched, let x = r.peerDiscarded {
        CLIIO.printStdout("peer        dispatched high \(d.high), low \(d.low); discarded high \(x.high), low \(x.low)")
    }
    if r.membersCutOff > 0 { CLIIO.printStdout("            \(r.membersCutOff) members cut off by faults rejoined and are not checked (PEER-CHRM-003)") }
    if r.otherRuns > 0 { CLIIO.printStdout("            \(r.otherRuns) messages of earlier runs ignored (this run is \(r.run))") }
    CLIIO.printStdout("throughput  \(Int(r.deliveriesPerSecond.rounded())) deliveries/s (\(fixed(r.seconds, 2)) s from first send to last delivery)")
    CLIIO.printStdout("lag         \(percentiles(r.lag)); worst member's p99 \(ms(r.worstMemberLagP99)) ms")
    CLIIO.printStdout(cpuLine(peer: r.peerCPUSeconds, generator: r.generatorCPUSeconds, perDelivery: r.peerMicrosPerDelivery, unit: "delivery", external: external))
    if let f = r.faults, r.faultsInjected {
        CLIIO.printStdout("faults      dropped \(f.dropped), duplicated \(f.duplicated), delayed \(f.delayed), reordered \(f.reordered), cut \(f.cut); client reconnects \(r.reconnects)")
    }
    if r.lowUnaccounted > 0 {
        CLIIO.printStderr("error: \(r.lowUnaccounted) likes the peer dispatched reached no member")
    }
    return r.failed
}

/// `p50 … ms, p90 …, p99 …, p99.9 …, max …` (HdrHistogram, three significant digits).
func percentiles(_ p: LatencyPercentiles) -> String {
    func ms(_ v: Double) -> String { v < 10 ? fixed(v, 2) : fixed(v, 1) }
    return "p50 \(ms(p.p50)) ms, p90 \(ms(p.p90)) ms, p99 \(ms(p.p99)) ms, p99.9 \(ms(p.p999)) ms, max \(ms(p.max)) ms"
}

/// Who spent the CPU: the peer (per delivery) and the generator, so a reader sees which side
/// limited the run.
func cpuLine(peer: Double?, generator: Double, perDelivery: Double?, unit: String, external: Bool) -> String {
    let where_ = external ? "the peer process, from /state" : "the peer's event loops"
    guard let peer, let perDelivery else {
        return "cpu         peer unknown (\(where_) could not be read); generator \(fixed(generator, 2)) s"
    }
    return "cpu         peer \(fixed(peer, 2)) s (\(fixed(perDelivery, 2)) µs a \(unit); \(where_)), generator \(fixed(generator, 2)) s"
}

/// A fixed-point number without Foundation.
func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = (value * scale).rounded()
    let whole = Int(n / scale)
    let frac = Int(abs(n) - abs(Double(whole)) * scale)
    let f = "\(frac)"
    let pad = String(repeating: "0", count: max(0, digits - f.count))
    return digits == 0 ? "\(whole)" : "\(whole).\(pad)\(f)"
}
