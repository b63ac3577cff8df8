// Sources/RongPeer/Load/ChatroomLoad.swift - one live room, many members: fan-out, lag, priority, loss

import NIOCore
import NIOPosix
import RongCodec
import RongEnvelope
import RongSupport
import Synchronization

/// The live-room pattern (`rongwire peer-load --chatroom ROOM`): N clients join one room, a few
/// of them send a paced mix of high-priority (RC:TxtMsg) and low-priority (``likeObjectName``)
/// messages, and every member checks what surfaces: no high-priority message, and no message of
/// the host (`load0`, on the room's whitelist), may be lost or surface twice at any member, and a
/// low-priority message is either discarded by the room (no member gets it) or reaches every
/// member. Each message names its run, its number and its send time (`L:RUN:N:NANOS`: the text of
/// a RC:TxtMsg, the `extra` of a like), so members measure the lag themselves.
public enum ChatroomLoad {
    /// The object name of the low-priority messages (the like of 002:1082); the in-process peer's
    /// fixture lists it in `lowPriority`.
    public static let likeObjectName = "Live:LikeMsg"

    /// A member could not join the room (an external peer without it, or a full room).
    public struct JoinRefused: Error, CustomStringConvertible {
        /// The member.
        public var user: String
        /// The room.
        public var room: String
        /// The QUERYACK status.
        public var status: UInt16
        /// What happened.
        public var description: String { "\(user) could not join chatroom \(room): status \(status)" }
    }

    struct MemberState {
        var seen: [UInt8]
        var lags: [UInt64] = []
        var last: UInt64 = 0
        var otherRuns = 0
    }

    final class Sends: Sendable {
        let state = Mutex((acked: 0, failed: 0, failedNumbers: [Int]()))
    }

    final class Member: Sendable {
        let state: Mutex<MemberState>
        init(messages: Int) { state = Mutex(MemberState(seen: [UInt8](repeating: 0, count: messages))) }
    }

    /// Where a like's marker starts: after its `extra` key.
    static let extraKey = Array("\"extra\":\"".utf8)

    /// The marker a message carries.
    static func marker(run: String, n: Int, nanos: UInt64) -> String { "L:\(run):\(n):\(nanos)" }

    /// The marker of a surfaced message: the text of a RC:TxtMsg, the `extra` of a like.
    static func marker(of r: PeerReceivedMessage) -> Substring? {
        switch r.message.content {
        case .typed(let t): return ((t.base as? TextMessage)?.content).map { Substring($0) }
        case .unknown(let u):
            guard u.objectName == likeObjectName else { return nil }
            // A byte search: Foundation's `range(of:)` was a tenth of the generator's CPU.
            let b = u.bytes
            let key = extraKey
            guard b.count > key.count else { return nil }
            var i = 0
            while i + key.count <= b.count {
                if b[i] == key[0] && b[i..<i + key.count].elementsEqual(key) {
                    let start = i + key.count
                    guard let end = b[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                    return Substring(String(decoding: b[start..<end], as: UTF8.self))
                }
                i += 1
            }
            return nil
        }
    }

    /// Records one surfaced message (runs once per delivery). `wall`: the markers carry
    /// wall-clock times (a run with a run id, whose parts may be on other machines).
    static func handle(_ r: PeerReceivedMessage, member: Member, run: String, messages: Int, wall: Bool) {
        let now = wall ? wallNanos() : monotonicNanos()
        guard let text = marker(of: r), text.hasPrefix("L:") else { return }
        guard let parts = TextFields(text, separator: ":").exactly(4), parts[1] == run else {
            member.state.withLock { $0.otherRuns += 1 }
            return
        }
        guard let n = Int(parts[2]), (0..<messages).contains(n), let sent = UInt64(parts[3]) else { return }
        member.state.withLock { st in
            if st.seen[n] == 0 {
                // Another machine's wall clock may be ahead of this one's.
                st.lags.append(now >= sent ? now - sent : 0)
                st.last = max(st.last, now)
            }
            st.seen[n] = st.seen[n] &+ (st.seen[n] < 255 ? 1 : 0)
        }
    }

    /// The fixture of the in-process peer: the load users, the room, likes as low priority, and
    /// with a capacity the host on the room's whitelist. The room keeps five seconds of messages
    /// (at least the service's 50, 002:1031) so that a member slowed down by a fault catches up
    /// instead of losing to the window, which would be the rule and not a fault of the peer.
    static func fixture(_ config: LoadConfiguration, room: String) -> PeerFixture {
        var f = PeerFixture()
        f.app.appKey = "rongwire-load"
        f.generateUsers(prefix: "load", count: config.clients)
        f.chatrooms.insert(room)
        f.app.lowPriority = [likeObjectName]
        f.app.chatroomRecent = max(50, config.rate * 5)
        // A room announces at most every 100 ms (PEER-CHRM-014): members pull fuller pages less
        // often, which is what a live room's peer CPU goes on.
        f.app.chatroomNoticeInterval = PeerDuration(milliseconds: 100)!
        if let c = config.capacity { f.chatroomDispatch[room] = .init(capacity: c, whitelist: ["load0"]) }
        return f
    }

    /// Runs the fan-out and returns the report. `progress` gets one line now and then. The
    /// report is the merge of the run's one part (``runPart(_:progress:)``).
    public static func run(_ config: LoadConfiguration, progress: @escaping @Sendable (String) -> Void = { _ in }) async throws -> ChatroomLoadReport {
        try await runWhole(config, progress: progress).report
    }

    /// ``run(_:progress:)``, with the part report of the run's one part (what
    /// `peer-load --chatroom ROOM --report FILE` writes).
    public static func runWhole(_ config: LoadConfiguration, progress: @escaping @Sendable (String) -> Void = { _ in }) async throws
        -> (report: ChatroomLoadReport, part: ChatroomPartReport)
    {
        let r = try await runPart(config, inProcessDispatch: true, progress: progress)
        var report = try ChatroomPartReport.merged([r.report])
        report.peerDispatched = r.dispatched
        report.peerDiscarded = r.discarded
        return (report, r.report)
    }

    /// Runs this process's part of a live-room run (the whole run without
    /// ``LoadConfiguration/part``): its members join the room, its senders (those of `load0` …
    /// in its slice) send their messages paced from the part's own start, and the part waits for
    /// every protected message of the run at its members. Returns its part report and the
    /// protected deliveries still missing at its members (cut-off members left out).
    public static func runPart(_ config: LoadConfiguration, progress: @escaping @Sendable (String) -> Void = { _ in }) async throws
        -> (report: ChatroomPartReport, protectedMissing: Int)
    {
        let r = try await runPart(config, inProcessDispatch: false, progress: progress)
        return (r.report, r.protectedMissing)
    }

    static func runPart(_ config: LoadConfiguration, inProcessDispatch: Bool, progress: @escaping @Sendable (String) -> Void) async throws
        -> (report: ChatroomPartReport, protectedMissing: Int, dispatched: (high: Int, low: Int)?, discarded: (high: Int, low: Int)?)
    {
        let room = config.chatroom ?? "lobby"
        var server: PeerServer?
        var url = config.url ?? ""
        var appId = config.appId
        if config.url == nil {
            var pc = PeerConfiguration()
            pc.fixture = fixture(config, room: room)
            pc.faults = config.faults.seeded(default: config.seed)
            pc.seed = config.seed
            pc.threads = config.peerThreads
            pc.maxConnections = max(pc.maxConnections, config.clients + 64)
            pc.logger = PeerLogHandler.logger(level: .error)
            let s = try await PeerServer.start(pc)
            server = s
            url = s.url
            appId = "rongwire-load"
        }
        let run = config.runId ?? Hex.encode(withUnsafeBytes(of: UInt32.random(in: 1...UInt32.max).bigEndian) { Array($0) })
        let wall = config.runId != nil
        let part = config.part ?? .whole
        let slice = part.clients(of: config.clients)
        let faulty = config.faults.isActive || config.url != nil
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, config.clientThreads))
        let total = config.messages
        let senders = min(max(1, config.senders), config.clients)
        let members = slice.map { _ in Member(messages: total) }
        let sends = Sends()
        var clients: [PeerClient] = []
        do {
            clients = try await LoadClients.connect(users: slice, url: url, appId: appId, faulty: faulty, on: group) { i, c in
                await c.setMessageHandler { r in handle(r, member: members[i], run: run, messages: total, wall: wall) }
                let status = try await c.joinChatroom(room)
                guard status == 0 else { throw JoinRefused(user: "load\(slice.lowerBound + i)", room: room, status: status) }
            }
            progress("\(slice.count) members joined \(room) at \(url)")

            // What each message is: decided up front from the seed.
            var random = SplitMix64(seed: config.seed)
            let low = (0..<total).map { _ in Double(random.next() % 1_000_000) / 1_000_000 < config.lowShare }
            let hostIsWhitelisted = config.url == nil && config.capacity != nil
            let protected = (0..<total).map { !low[$0] || ($0 % senders == 0 && hostIsWhitelisted) }

            // The part's own senders and how many messages they send.
            let ownSenders = slice.clamped(to: 0..<senders)
            let ownTotal = ownSenders.reduce(0) { $0 + ChatroomPartReport.count(of: $1, messages: total, senders: senders) }

            let cpuStart = await LoadCPU.sample(server: server, url: config.url, on: group)
            let start = monotonicNanos()
            let startClock = wall ? wallNanos() : start
            let interval = 1_000_000_000 / UInt64(max(1, config.rate))
            let scheduleEnd = start + UInt64(max(0, total - 1)) * interval
            let window = max(1, config.window)
            await withTaskGroup(of: Void.self) { all in
                for s in ownSenders {
                    let client = clients[s - slice.lowerBound]
                    all.addTask {
                        await withTaskGroup(of: Void.self) { g in
                            var inFlight = 0
                            for n in stride(from: s, to: total, by: senders) {
                                let due = start + UInt64(n) * interval
                                let wait = due > monotonicNanos() ? due - monotonicNanos() : 0
                                if wait > 0 { try? await Task.sleep(nanoseconds: wait) }
                                if inFlight >= window {
                                    await g.next()
                                    inFlight -= 1
                                }
                                inFlight += 1
                                let isLow = low[n]
                                g.addTask {
                                    let text = marker(run: run, n: n, nanos: wall ? wallNanos() : monotonicNanos())
                                    let m = isLow
                                        ? OutboundMessage(.chatroom, targetId: room, objectName: likeObjectName,
                                                          contentBytes: Array("{\"count\":1,\"extra\":\"\(text)\"}".utf8), persistence: .isPersisted)
                                        : OutboundMessage(.chatroom, targetId: room, content: TextMessage(content: text))
                                    let result = try? await client.send(m)
                                    sends.state.withLock {
                                        if result?.status == 0 {
                                            $0.acked += 1
                                        } else {
                                            $0.failed += 1
                                            $0.failedNumbers.append(n)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                all.addTask {
                    var ticks = 0
                    while true {
                        try? await Task.sleep(nanoseconds: 50_000_000)
                        ticks += 1
                        let (a, f) = sends.state.withLock { ($0.acked, $0.failed) }
                        if a + f >= ownTotal { return }
                        if ticks % 40 == 0 { progress("sent \(a + f)/\(ownTotal)") }
                    }
                }
            }
            let sendEnd = monotonicNanos()
            let sendEndClock = wall ? wallNanos() : sendEnd

            // Drain: until every member has every protected message and every low-priority one
            // some member got; on a stall every member pulls the room; at most drainMillis after
            // the last send (of the schedule, for a part whose senders finished early or that has
            // none).
            let deadline = max(sendEnd, scheduleEnd) + UInt64(min(max(0, config.drainMillis), PeerDuration.max.milliseconds)) * 1_000_000
            var cutOff = Set<Int>()
            var lastMissing = -1
            var lastChange = monotonicNanos()
            while monotonicNanos() < deadline {
                let missing = missingDeliveries(members, offset: slice.lowerBound, senders: senders, protected: protected, excluding: cutOff).total
                if missing == 0 {
                    // Other parts may still be sending (likes only, or nothing protected yet).
                    if monotonicNanos() < scheduleEnd {
                        try await Task.sleep(nanoseconds: 50_000_000)
                        continue
                    }
                    // Likes sent after the last protected message may still be on their way.
                    let before = deliveries(members)
                    try await Task.sleep(nanoseconds: 300_000_000)
                    if deliveries(members) == before { break }
                    continue
                }
                if missing != lastMissing {
                    lastMissing = missing
                    lastChange = monotonicNanos()
                } else if monotonicNanos() - lastChange > 2_000_000_000 {
                    for (i, c) in clients.enumerated() { if await c.reconnects() > 0 { cutOff.insert(i) } }
                    for c in clients { await c.pullChatroom(room) }
                    lastChange = monotonicNanos()
                }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            for (i, c) in clients.enumerated() { if await c.reconnects() > 0 { cutOff.insert(i) } }

            let cpuEnd = await LoadCPU.sample(server: server, url: config.url, on: group)
            var report = ChatroomPartReport(run: run, part: part, clients: config.clients, messages: total, seed: config.seed, wallClock: wall,
                                            room: room, senders: senders, rate: max(1, config.rate), lowShare: config.lowShare)
            report.hostProtected = hostIsWhitelisted
            let (peerCPU, generatorCPU) = LoadCPU.split(from: cpuStart, to: cpuEnd, inProcess: server != nil)
            report.generatorCPUSeconds = generatorCPU
            if peerCPU != nil, let p0 = cpuStart.peer, let p1 = cpuEnd.peer { report.peerCPUSeconds = .init(start: p0, end: p1) }
            if let f0 = cpuStart.faults, let f1 = cpuEnd.faults { report.peerFaults = .init(start: f0, end: f1) }
            // An external peer says which faults it injects ("none" without a plan) and how many.
            report.faultsInjected = config.url == nil ? config.faults.isActive : (cpuEnd.faultPlan.map { $0 != "none" } ?? false)
            report.firstSend = startClock
            report.lastAck = sendEndClock
            let failedNumbers = sends.state.withLock { $0.failedNumbers }.sorted()
            for s in ownSenders {
                let mine = Array(stride(from: s, to: total, by: senders))
                report.sends.append(.init(sender: s, low: mine.map { low[$0] }, failed: failedNumbers.filter { $0 % senders == s }))
            }
            var lag = LatencyHistogram()
            var last = startClock
            for (i, member) in members.enumerated() {
                var m = ChatroomPartReport.Member(member: slice.lowerBound + i, messages: total)
                m.cutOff = cutOff.contains(i)
                member.state.withLock { st in
                    for (n, c) in st.seen.enumerated() where c > 0 {
                        m.see(n)
                        if c > 1 { m.repeats.append(.init(message: n, count: Int(c))) }
                    }
                    report.otherRuns += st.otherRuns
                    last = max(last, st.last)
                    let sorted = st.lags.sorted()
                    if !sorted.isEmpty { m.lagP99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)] }
                    for l in st.lags { lag.record(l) }
                }
                report.members.append(m)
            }
            report.lag = lag
            report.lastDelivery = last
            for c in clients { report.reconnects += await c.reconnects() }
            let protectedMissing = missingDeliveries(members, offset: slice.lowerBound, senders: senders, protected: protected, excluding: cutOff).protectedLost
            var dispatched: (high: Int, low: Int)?, discarded: (high: Int, low: Int)?
            if let server, inProcessDispatch {
                let d = server.state().objectValue?["chatrooms"]?.objectValue?[room]?.objectValue?["dispatch"]?.objectValue
                func pair(_ key: String) -> (high: Int, low: Int)? {
                    guard let o = d?[key]?.objectValue, let h = o["high"]?.numberValue?.int64Value, let l = o["low"]?.numberValue?.int64Value else { return nil }
                    return (Int(h), Int(l))
                }
                dispatched = pair("dispatched")
                discarded = pair("discarded")
            }
            for c in clients { await c.close() }
            try? await group.shutdownGracefully()
            try? await server?.stop()
            return (report, protectedMissing, dispatched, discarded)
        } catch {
            for c in clients { await c.close() }
            try? await group.shutdownGracefully()
            try? await server?.stop()
            throw error
        }
    }

    static func deliveries(_ members: [Member]) -> Int {
        members.reduce(0) { sum, m in sum + m.state.withLock { $0.lags.count } }
    }

    /// What is missing: deliveries of protected messages (and of how many messages), low-priority
    /// messages no member got (discarded), deliveries of low-priority messages some member got;
    /// members in `excluding` are not counted. `total` is what the drain waits for.
    static func missingDeliveries(_ members: [Member], offset: Int = 0, senders: Int, protected: [Bool], excluding: Set<Int>)
        -> (total: Int, protectedLost: Int, protectedMessages: Int, lowDiscarded: Int, lowLost: Int)
    {
        let count = protected.count
        var got = [Int](repeating: 0, count: count)
        for (i, member) in members.enumerated() where !excluding.contains(i) {
            member.state.withLock { st in
                for n in 0..<count where st.seen[n] > 0 && n % senders != offset + i { got[n] += 1 }
            }
        }
        var r = (total: 0, protectedLost: 0, protectedMessages: 0, lowDiscarded: 0, lowLost: 0)
        for n in 0..<count {
            // Every member (of the part: `members` are load<offset> …) but the sender, the
            // cut-off ones left out.
            let sender = n % senders - offset
            let senderChecked = (0..<members.count).contains(sender) && !excluding.contains(sender)
            let expected = members.count - excluding.count - (senderChecked ? 1 : 0)
            let missing = max(0, expected - got[n])
            if protected[n] {
                r.protectedLost += missing
                if missing > 0 { r.protectedMessages += 1 }
            } else if got[n] == 0 {
                r.lowDiscarded += 1
                continue
            } else {
                r.lowLost += missing
            }
            r.total += missing
        }
        return r
    }
}
