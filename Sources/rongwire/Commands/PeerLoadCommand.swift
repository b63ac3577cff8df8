// Sources/rongwire/Commands/PeerLoadCommand.swift - `rongwire peer-load`

import ArgumentParser
import RongPeer

struct PeerLoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peer-load",
        abstract: "Drive a peer with many concurrent clients; report throughput, latency, loss and duplicates.",
        discussion: """
            N clients (users load0 … loadN-1) send M private RC:TxtMsg messages (ISCOUNTED) in \
            total to random other clients, each keeping --window PUBLISHes in flight, and every \
            receiver checks what arrives: lost (never surfaced), duplicated (surfaced twice), \
            misdelivered. The run fails (exit 1) on any of those, on a failed send, and, when no \
            faults are injected, on any copy the clients' UID dedup had to drop. Latency is from the send call to the receiver surfacing the message. \
            By default the peer runs in-process; --faults injects its seeded faults, and the \
            clients then resend, re-pull, poll and reconnect. With --url the peer must have the \
            load users: `rongwire peer --generate-users N`.

            Examples:
              rongwire peer-load --clients 200 --messages 100000
              rongwire peer-load --clients 200 --messages 100000 --faults drop=0.01,dup=0.01,delay=0.05:20ms,reorder=0.01,cut=0.0005 --seed 7
            """
    )

    @Option(help: "Concurrent clients.")
    var clients = 200

    @Option(help: "Messages in total.")
    var messages = 100_000

    @Option(help: "PUBLISHes each client keeps in flight.")
    var window = 16

    @Option(help: ArgumentHelp("Faults on the in-process peer's packets (see rongwire peer --help).", valueName: "SPEC"))
    var faults: String?

    @Option(help: "Seed for the traffic pattern, and for the faults unless --faults names its own seed=N.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Use the peer at this WebSocket URL instead of an in-process one.", valueName: "URL"))
    var url: String?

    @Option(help: "App Key for --url.")
    var appId = "rongwire-demo"

    @Option(help: "How long to wait for the last deliveries after the last PUBACK: seconds, or 500ms, 2m, ….", transform: PeerDuration.argument(.seconds))
    var drain = PeerDuration(milliseconds: 30_000)!

    func run() async throws {
        var config = LoadConfiguration()
        config.clients = clients
        config.messages = messages
        config.window = window
        config.seed = seed
        config.url = url
        config.appId = url == nil ? nil : appId
        config.drainMillis = drain.milliseconds
        if let faults {
            guard url == nil else { throw ValidationError("--faults applies to the in-process peer; start an external one with rongwire peer --faults") }
            do throws(FaultPlanError) {
                config.faults = try FaultPlan(parsing: faults)
            } catch {
                throw ValidationError("--faults: \(error.message)")
            }
            // A seed= inside --faults wins over --seed.
            config.faults = config.faults.seeded(default: seed)
        }
        guard clients >= 2, messages >= 1 else { throw ValidationError("--clients must be at least 2 and --messages at least 1") }
        CLIIO.printStdout("peer-load: \(clients) clients, \(messages) messages (private RC:TxtMsg, ISCOUNTED), window \(window), "
            + "\(url.map { "peer at \($0)" } ?? "in-process peer"), faults \(config.faults), seed \(seed)")
        let progress = ProgressLine(unit: "messages")
        let r = try await LoadGenerator.run(config) { progress.status($0) }
        progress.finish()
        func ms(_ v: Double) -> String { v < 10 ? fixed(v, 2) : fixed(v, 1) }
        CLIIO.printStdout("sent        \(r.acked + r.failedSends) (acked \(r.acked), failed \(r.failedSends)) in \(fixed(r.sendSeconds, 2)) s")
        CLIIO.printStdout("delivered   \(r.delivered) unique; lost \(r.lost), duplicated \(r.duplicated), misdelivered \(r.misdelivered)"
            + " (\(r.copiesDeduplicated) duplicate copies dropped by UID dedup in the clients)")
        if r.otherRuns > 0 { CLIIO.printStdout("            \(r.otherRuns) messages of earlier runs on this peer ignored (this run is \(r.run))") }
        CLIIO.printStdout("throughput  \(Int(r.throughput.rounded())) messages/s (\(fixed(r.seconds, 2)) s from first send to last delivery)")
        CLIIO.printStdout("latency     end-to-end p50 \(ms(r.latencyP50)) ms, p99 \(ms(r.latencyP99)) ms, max \(ms(r.latencyMax)) ms; PUBACK p50 \(ms(r.ackP50)) ms, p99 \(ms(r.ackP99)) ms")
        if let f = r.faults, r.faultsInjected {
            CLIIO.printStdout("faults      dropped \(f.dropped), duplicated \(f.duplicated), delayed \(f.delayed), reordered \(f.reordered), cut \(f.cut); "
                + "resends answered from the first PUBACK \(r.resendsDeduplicated ?? 0); client reconnects \(r.reconnects)")
        }
        if !r.faultsInjected && r.copiesDeduplicated > 0 {
            CLIIO.printStderr("error: the clients dropped \(r.copiesDeduplicated) duplicate copies by UID without any fault injected: the peer delivered messages twice")
        }
        if r.lost > 0 || r.duplicated > 0 || r.misdelivered > 0 || r.failedSends > 0 || (!r.faultsInjected && r.copiesDeduplicated > 0) {
            throw ExitCode(1)
        }
    }
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
