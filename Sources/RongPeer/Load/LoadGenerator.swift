// Sources/RongPeer/Load/LoadGenerator.swift - many clients against one peer: throughput, latency, loss

import NIOCore
import NIOPosix
import RongCodec
import RongEnvelope
import Synchronization
import RongSupport

/// Drives N clients that send M private text messages (ISCOUNTED) to random other clients and
/// checks that each arrives exactly once at its receiver (`rongwire peer-load`). Each message's
/// content names its run, its sender, its sequence number and its send time
/// (`L:RUN:SENDER:SEQ:NANOS`), so the receiver measures latency and detects loss, duplicates and
/// misdelivery without any help from the peer. The run id is random: a peer that served earlier
/// runs still holds their messages for the same users, and their clients' pulls return them;
/// they are counted as ``LoadReport/otherRuns`` and otherwise ignored.
public enum LoadGenerator {
    final class Tracker: Sendable {
        struct State {
            var expected: [UInt64: Int] = [:]  // key → receiver index
            var seen: Set<UInt64> = []
            var duplicated = 0
            var misdelivered = 0
            var latencies: [UInt64] = []
            var ackLatencies: [UInt64] = []
            var lastDelivery: UInt64 = 0
            var acked = 0
            var failed = 0
            var otherRuns = 0
        }
        let state = Mutex(State())
    }

    static func key(_ sender: Int, _ seq: Int) -> UInt64 { UInt64(sender) << 32 | UInt64(seq) }

    /// The text of message `seq` of `sender` in run `run`, sent at `nanos`.
    static func text(run: String, sender: Int, seq: Int, nanos: UInt64) -> String { "L:\(run):\(sender):\(seq):\(nanos)" }

    /// Records one surfaced message: its latency, or a duplicate, or a misdelivery; a message of
    /// another run only counts as such.
    static func handle(_ r: PeerReceivedMessage, receiver me: Int, run: String, tracker: Tracker) {
        let now = monotonicNanos()
        guard case .typed(let t) = r.message.content, let text = (t.base as? TextMessage)?.content, text.hasPrefix("L:") else { return }
        guard let parts = TextFields(text, separator: ":").exactly(5), parts[1] == run else {
            tracker.state.withLock { $0.otherRuns += 1 }
            return
        }
        guard let s = Int(parts[2]), let q = Int(parts[3]), let sent = UInt64(parts[4]) else { return }
        let k = key(s, q)
        tracker.state.withLock { st in
            if st.expected[k] != me { st.misdelivered += 1 }
            if st.seen.insert(k).inserted {
                st.latencies.append(now &- sent)
                st.lastDelivery = max(st.lastDelivery, now)
            } else {
                st.duplicated += 1
            }
        }
    }

    /// Runs the load and returns the report. `progress` gets one line now and then.
    public static func run(_ config: LoadConfiguration, progress: @escaping @Sendable (String) -> Void = { _ in }) async throws -> LoadReport {
        var server: PeerServer?
        var url = config.url ?? ""
        var appId = config.appId
        if config.url == nil {
            var pc = PeerConfiguration()
            pc.fixture.app.appKey = "rongwire-load"
            pc.fixture.generateUsers(prefix: "load", count: config.clients)
            pc.faults = config.faults.seeded(default: config.seed)
            pc.seed = config.seed
            pc.threads = config.peerThreads
            // Every client and a margin, whatever the default limit.
            pc.maxConnections = max(pc.maxConnections, config.clients + 64)
            pc.logger = PeerLogHandler.logger(level: .error)
            let s = try await PeerServer.start(pc)
            server = s
            url = s.url
            appId = "rongwire-load"
        }
        let run = Hex.encode(withUnsafeBytes(of: UInt32.random(in: 1...UInt32.max).bigEndian) { Array($0) })
        let faulty = config.faults.isActive || config.url != nil
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, config.clientThreads))
        let tracker = Tracker()
        var clients: [PeerClient] = []
        do {
            clients = try await LoadClients.connect(count: config.clients, url: url, appId: appId, faulty: faulty, on: group) { i, c in
                await c.setMessageHandler { r in handle(r, receiver: i, run: run, tracker: tracker) }
            }
            progress("connected \(config.clients) clients to \(url)")

            // Who sends what to whom: decided up front from the seed, so a rerun sends the same.
            var random = SplitMix64(seed: config.seed)
            var plan: [[Int]] = Array(repeating: [], count: config.clients)
            for n in 0..<config.messages {
                let sender = n % config.clients
                var receiver = Int(random.next() % UInt64(max(1, config.clients - 1)))
                if receiver >= sender { receiver += 1 }
                plan[sender].append(config.clients == 1 ? sender : receiver)
            }
            tracker.state.withLock { st in
                st.expected.reserveCapacity(config.messages)
                st.seen.reserveCapacity(config.messages)
                st.latencies.reserveCapacity(config.messages)
                for (s, targets) in plan.enumerated() {
                    for (q, r) in targets.enumerated() { st.expected[key(s, q)] = r }
                }
            }

            let cpuStart = await LoadCPU.sample(server: server, url: config.url, on: group)
            let start = monotonicNanos()
            let window = max(1, config.window)
            let total = config.messages
            await withTaskGroup(of: Void.self) { all in
                for (s, targets) in plan.enumerated() {
                    let client = clients[s]
                    all.addTask {
                        await withTaskGroup(of: Void.self) { g in
                            var inFlight = 0
                            for (q, r) in targets.enumerated() {
                                if inFlight >= window {
                                    await g.next()
                                    inFlight -= 1
                                }
                                inFlight += 1
                                g.addTask {
                                    let t0 = monotonicNanos()
                                    let m = OutboundMessage(.private, targetId: "load\(r)", content: TextMessage(content: text(run: run, sender: s, seq: q, nanos: t0)))
                                    let result = try? await client.send(m)
                                    let t1 = monotonicNanos()
                                    tracker.state.withLock { st in
                                        if result?.status == 0 {
                                            st.acked += 1
                                            st.ackLatencies.append(t1 &- t0)
                                        } else {
                                            st.failed += 1
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                // Progress every 2 s while sending.
                all.addTask {
                    var ticks = 0
                    while true {
                        try? await Task.sleep(nanoseconds: 50_000_000)
                        ticks += 1
                        let (a, f, d) = tracker.state.withLock { ($0.acked, $0.failed, $0.seen.count) }
                        if a + f >= total { return }
                        if ticks % 40 == 0 { progress("sent \(a + f)/\(total), delivered \(d)") }
                    }
                }
            }
            let sendEnd = monotonicNanos()
            // Drain: wait for the rest; then every client pulls once more.
            let deadline = sendEnd + UInt64(min(max(0, config.drainMillis), PeerDuration.max.milliseconds)) * 1_000_000
            var lastCount = -1
            var lastChange = monotonicNanos()
            while monotonicNanos() < deadline {
                let n = tracker.state.withLock { $0.seen.count }
                if n >= total { break }
                if n != lastCount {
                    lastCount = n
                    lastChange = monotonicNanos()
                } else if monotonicNanos() - lastChange > 2_000_000_000 {
                    for c in clients { try? await c.pull() }
                    lastChange = monotonicNanos()
                }
                try await Task.sleep(nanoseconds: 20_000_000)
            }
            let cpuEnd = await LoadCPU.sample(server: server, url: config.url, on: group)
            var report = LoadReport(clients: config.clients, messages: total)
            (report.peerCPUSeconds, report.generatorCPUSeconds) = LoadCPU.split(from: cpuStart, to: cpuEnd, inProcess: server != nil)
            var copies = 0
            var reconnects = 0
            for c in clients {
                copies += await c.duplicatesSuppressed()
                reconnects += await c.reconnects()
            }
            report.copiesDeduplicated = copies
            report.reconnects = reconnects
            tracker.state.withLock { st in
                report.acked = st.acked
                report.failedSends = st.failed
                report.delivered = st.seen.count
                report.lost = st.expected.keys.filter { !st.seen.contains($0) }.count
                report.duplicated = st.duplicated
                report.misdelivered = st.misdelivered
                report.otherRuns = st.otherRuns
                report.run = run
                report.seconds = Double(max(st.lastDelivery, start) - start) / 1e9
                report.sendSeconds = Double(sendEnd - start) / 1e9
                report.latency = LatencyPercentiles(nanos: st.latencies)
                report.ack = LatencyPercentiles(nanos: st.ackLatencies)
                report.latencyP50 = report.latency.p50
                report.latencyP99 = report.latency.p99
                report.latencyMax = report.latency.max
                report.ackP50 = report.ack.p50
                report.ackP99 = report.ack.p99
            }
            report.faultsInjected = config.faults.isActive
            if let external = config.url {
                // Ask the external peer which faults it injects ("none" when it has no plan).
                let (host, port, _) = try PeerClientOptions(url: external, token: "").endpoint()
                let state = try? await PeerHTTPClient.json(host: host, port: port, path: "/state?user=load0", on: group)
                report.faultsInjected = state?.objectValue?["faults"]?.objectValue?["plan"]?.stringValue != "none"
            }
            if let server {
                report.faults = server.faultCounts
                report.resendsDeduplicated = server.state().objectValue?["stats"]?.objectValue?["resendsDeduplicated"]?.numberValue?.int64Value.map(Int.init)
            }
            for c in clients { await c.close() }
            try? await group.shutdownGracefully()
            try? await server?.stop()
            return report
        } catch {
            for c in clients { await c.close() }
            try? await group.shutdownGracefully()
            try? await server?.stop()
            throw error
        }
    }
}
