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
///
/// A distributed run (``LoadConfiguration/runId`` and ``LoadConfiguration/part``) is several such
/// processes against one peer, all with the same run id, seed, clients and messages: each drives
/// its slice of the users (``LoadPart``), sends to random users of the whole population, and its
/// receivers take messages of the run from any part; each writes a ``LoadPartReport`` and
/// ``LoadPartReport/merged(_:names:)`` adds them up. With a run id the marker's time is wall-clock
/// nanoseconds, so receivers on other machines can measure latency.
public enum LoadGenerator {
    /// One message surfaced at one receiver.
    struct Receipt: Hashable {
        var receiver: Int
        var key: UInt64
    }

    final class Tracker: Sendable {
        struct State {
            var expected: [UInt64: Int] = [:]  // key → receiver index, the whole run's plan
            var received: [Receipt: Int] = [:]  // surfacings at this part's receivers
            var arrived = 0  // distinct messages surfaced at their receiver
            var latency = LatencyHistogram()
            var ack = LatencyHistogram()
            var lastDelivery: UInt64 = 0
            var lastAck: UInt64 = 0
            var acked = 0
            var failed = 0
            var otherRuns = 0
        }
        let state = Mutex(State())
    }

    static func key(_ sender: Int, _ seq: Int) -> UInt64 { UInt64(sender) << 32 | UInt64(seq) }

    /// The text of message `seq` of `sender` in run `run`, sent at `nanos`.
    static func text(run: String, sender: Int, seq: Int, nanos: UInt64) -> String { "L:\(run):\(sender):\(seq):\(nanos)" }

    /// Records one surfaced message and, the first time it surfaces at its receiver, its latency
    /// (`now` is the clock the marker's time is in); a message of another run only counts as such.
    static func handle(_ r: PeerReceivedMessage, receiver me: Int, run: String, now: UInt64, tracker: Tracker) {
        guard case .typed(let t) = r.message.content, let text = (t.base as? TextMessage)?.content, text.hasPrefix("L:") else { return }
        guard let parts = TextFields(text, separator: ":").exactly(5), parts[1] == run else {
            tracker.state.withLock { $0.otherRuns += 1 }
            return
        }
        guard let s = Int(parts[2]), let q = Int(parts[3]), (0..<Int(UInt32.max)).contains(s), (0..<Int(UInt32.max)).contains(q),
              let sent = UInt64(parts[4]) else { return }
        let k = key(s, q)
        tracker.state.withLock { st in
            let receipt = Receipt(receiver: me, key: k)
            let before = st.received[receipt, default: 0]
            st.received[receipt] = before + 1
            if before == 0 && st.expected[k] == me {
                st.arrived += 1
                // Another machine's wall clock may be ahead of this one's.
                st.latency.record(now >= sent ? now - sent : 0)
                st.lastDelivery = max(st.lastDelivery, now)
            }
        }
    }

    /// Runs the load and returns the report. `progress` gets one line now and then. A
    /// ``LoadConfiguration/part`` other than the whole run is refused: its report is
    /// ``runPart(_:progress:)``'s, to merge with the other parts'.
    public static func run(_ config: LoadConfiguration, progress: @escaping @Sendable (String) -> Void = { _ in }) async throws -> LoadReport {
        try LoadPartReport.merged([try await runPart(config, progress: progress).report])
    }

    /// Runs this process's part of the load (the whole run without ``LoadConfiguration/part``)
    /// and returns its part report, with how many messages of the run were addressed to the
    /// part's users (`addressed`) and how many of them surfaced there (`arrived`).
    public static func runPart(_ config: LoadConfiguration, progress: @escaping @Sendable (String) -> Void = { _ in }) async throws
        -> (report: LoadPartReport, addressed: Int, arrived: Int)
    {
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
        let run = config.runId ?? Hex.encode(withUnsafeBytes(of: UInt32.random(in: 1...UInt32.max).bigEndian) { Array($0) })
        let wall = config.runId != nil
        let clock: @Sendable () -> UInt64
        if wall { clock = { wallNanos() } } else { clock = { monotonicNanos() } }
        let part = config.part ?? .whole
        let slice = part.clients(of: config.clients)
        let faulty = config.faults.isActive || config.url != nil
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, config.clientThreads))
        let tracker = Tracker()
        var clients: [PeerClient] = []
        do {
            // Who sends what to whom: decided up front from the seed, so a rerun sends the same
            // and every part of a distributed run knows the whole plan.
            var random = SplitMix64(seed: config.seed)
            var plan: [[Int]] = Array(repeating: [], count: config.clients)
            for n in 0..<config.messages {
                let sender = n % config.clients
                var receiver = Int(random.next() % UInt64(max(1, config.clients - 1)))
                if receiver >= sender { receiver += 1 }
                plan[sender].append(config.clients == 1 ? sender : receiver)
            }
            var addressed = 0
            tracker.state.withLock { st in
                st.expected.reserveCapacity(config.messages)
                for (s, targets) in plan.enumerated() {
                    for (q, r) in targets.enumerated() {
                        st.expected[key(s, q)] = r
                        if slice.contains(r) { addressed += 1 }
                    }
                }
            }
            let total = slice.reduce(0) { $0 + plan[$1].count }

            clients = try await LoadClients.connect(users: slice, url: url, appId: appId, faulty: faulty, on: group) { i, c in
                let me = slice.lowerBound + i
                await c.setMessageHandler { r in handle(r, receiver: me, run: run, now: clock(), tracker: tracker) }
            }
            progress("connected \(slice.count) clients to \(url)")

            let cpuStart = await LoadCPU.sample(server: server, url: config.url, on: group)
            let start = clock()
            let window = max(1, config.window)
            await withTaskGroup(of: Void.self) { all in
                for (i, client) in clients.enumerated() {
                    let s = slice.lowerBound + i
                    let targets = plan[s]
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
                                    let t0 = clock()
                                    let m = OutboundMessage(.private, targetId: "load\(r)", content: TextMessage(content: text(run: run, sender: s, seq: q, nanos: t0)))
                                    let result = try? await client.send(m)
                                    let t1 = clock()
                                    tracker.state.withLock { st in
                                        if result?.status == 0 {
                                            st.acked += 1
                                            st.ack.record(t1 >= t0 ? t1 - t0 : 0)
                                        } else {
                                            st.failed += 1
                                        }
                                        st.lastAck = max(st.lastAck, t1)
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
                        let (a, f, d) = tracker.state.withLock { ($0.acked, $0.failed, $0.arrived) }
                        if a + f >= total { return }
                        if ticks % 40 == 0 { progress("sent \(a + f)/\(total), delivered \(d)") }
                    }
                }
            }
            // Drain: wait for the rest of what is addressed to this part's users (from every
            // part); on a stall every client pulls once more.
            let deadline = monotonicNanos() + UInt64(min(max(0, config.drainMillis), PeerDuration.max.milliseconds)) * 1_000_000
            var lastCount = -1
            var lastChange = monotonicNanos()
            while monotonicNanos() < deadline {
                let n = tracker.state.withLock { $0.arrived }
                if n >= addressed { break }
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
            var report = LoadPartReport(run: run, part: part, clients: config.clients, messages: config.messages, seed: config.seed, wallClock: wall)
            let (peerCPU, generatorCPU) = LoadCPU.split(from: cpuStart, to: cpuEnd, inProcess: server != nil)
            report.generatorCPUSeconds = generatorCPU
            if peerCPU != nil, let p0 = cpuStart.peer, let p1 = cpuEnd.peer { report.peerCPUSeconds = .init(start: p0, end: p1) }
            if let f0 = cpuStart.faults, let f1 = cpuEnd.faults { report.peerFaults = .init(start: f0, end: f1) }
            if let r0 = cpuStart.resendsDeduplicated, let r1 = cpuEnd.resendsDeduplicated { report.resendsDeduplicated = .init(start: r0, end: r1) }
            // An external peer says which faults it injects ("none" when it has no plan); one whose
            // /state cannot be read (behind a proxy) may inject some, so its UID dedup is no error.
            report.faultsInjected = config.url == nil ? config.faults.isActive : (cpuEnd.faultPlan.map { $0 != "none" } ?? true)
            for c in clients {
                report.copiesDeduplicated += await c.duplicatesSuppressed()
                report.reconnects += await c.reconnects()
            }
            let arrived = tracker.state.withLock { st in
                report.firstSend = start
                report.acked = st.acked
                report.failedSends = st.failed
                report.otherRuns = st.otherRuns
                report.lastAck = st.lastAck
                report.lastDelivery = st.lastDelivery
                report.latency = st.latency
                report.ack = st.ack
                report.sent.reserveCapacity(total)
                for s in slice {
                    for (q, r) in plan[s].enumerated() { report.sent.append(.init(sender: s, seq: q, receiver: r)) }
                }
                report.received = st.received.map { .init(receiver: $0.key.receiver, sender: Int($0.key.key >> 32), seq: Int($0.key.key & 0xFFFF_FFFF), count: $0.value) }
                report.received.sort { ($0.receiver, $0.sender, $0.seq) < ($1.receiver, $1.sender, $1.seq) }
                return st.arrived
            }
            for c in clients { await c.close() }
            try? await group.shutdownGracefully()
            try? await server?.stop()
            return (report, addressed, arrived)
        } catch {
            for c in clients { await c.close() }
            try? await group.shutdownGracefully()
            try? await server?.stop()
            throw error
        }
    }
}
