// Tests/RongPeerTests/ChatroomLoadMergeTests.swift - live-room part reports: JSON, merge checks
// across parts, refusals, and two parts against one peer

import RongSupport
import Testing

@testable import RongPeer

@Suite("peer-load live-room parts and merge")
struct ChatroomLoadMergeTests {
    typealias Part = ChatroomPartReport

    /// Four members in two parts (load0-1, load2-3), three senders (load0 and load1 in part 1,
    /// load2 in part 2), six messages: 0-2 high, 3-5 likes (3 is the host's). Every member got
    /// every message but its own.
    static func twoParts(hostProtected: Bool = false) -> (Part, Part) {
        func part(_ i: Int) -> Part {
            var p = Part(run: "room1", part: LoadPart(index: i, count: 2)!, clients: 4, messages: 6, seed: 3, wallClock: true,
                         room: "lobby", senders: 3, rate: 50, lowShare: 0.5)
            p.hostProtected = hostProtected
            for m in p.part.clients(of: 4) {
                var member = Part.Member(member: m, messages: 6)
                for n in 0..<6 where n % 3 != m { member.see(n) }
                member.lagP99 = UInt64(m + 1) * 1_000_000
                p.members.append(member)
                p.lag.record(UInt64(m + 1) * 1_000_000, count: UInt64(member.deliveries))
            }
            return p
        }
        var a = part(1), b = part(2)
        a.sends = [.init(sender: 0, low: [false, true]), .init(sender: 1, low: [false, true])]
        b.sends = [.init(sender: 2, low: [false, true])]
        a.firstSend = 1_000_000_000
        b.firstSend = 1_100_000_000
        a.lastAck = 1_200_000_000
        b.lastAck = 1_300_000_000
        a.lastDelivery = 1_500_000_000
        b.lastDelivery = 2_000_000_000
        return (a, b)
    }

    @Test("two parts add up to the single run's report: every protected message and like at every member")
    func clean() throws {
        let (a, b) = Self.twoParts()
        let r = try Part.merged([b, a])
        // load3 is no sender: it got all six; load0-2 got the four of the others each.
        #expect(r.deliveries == 18 && r.protectedLost == 0 && r.duplicated == 0 && r.lowDiscarded == 0 && r.lowLost == 0)
        #expect(r.highSent == 3 && r.lowSent == 3 && r.hostSent == 2 && r.acked == 6 && r.failedSends == 0 && !r.failed)
        #expect(r.seconds == 1.0 && abs(r.sendSeconds - 0.3) < 1e-9)
        #expect(r.lag.count == 18 && abs(r.worstMemberLagP99 - 4) < 1e-9 && abs(r.lag.max - 4) < 0.01)
        #expect(r.members == 4 && r.messages == 6 && r.run == "room1")
    }

    @Test("a protected message missing in the other part, a repeat, a like discarded or lost, a cut-off member")
    func checks() throws {
        var (a, b) = Self.twoParts()
        a.members[0].seen[0] &= ~(1 << 2)  // load2's (part 2's) high message 2 never reached load0
        var r = try Part.merged([a, b])
        #expect(r.protectedLost == 1 && r.protectedMessagesLost == 1 && r.failed)

        (a, b) = Self.twoParts()
        b.members[1].repeats = [.init(message: 0, count: 3)]  // part 1's message 0 surfaced three times at load3
        r = try Part.merged([a, b])
        #expect(r.duplicated == 2 && r.protectedLost == 0 && r.failed)

        (a, b) = Self.twoParts()
        for i in 0..<2 { a.members[i].seen[0] &= ~(1 << 5); b.members[i].seen[0] &= ~(1 << 5) }  // like 5 reached nobody
        r = try Part.merged([a, b])
        #expect(r.lowDiscarded == 1 && r.lowLost == 0 && r.protectedLost == 0 && !r.failed)

        (a, b) = Self.twoParts()
        b.members[1].seen[0] &= ~(1 << 4)  // like 4 (part 1's load1) reached load0 and load2 but not load3
        r = try Part.merged([a, b])
        #expect(r.lowLost == 1 && r.lowDiscarded == 0 && r.failed)

        (a, b) = Self.twoParts()
        b.members[1].seen[0] = 0  // load3 got nothing, but a fault cut it off: not checked
        b.members[1].cutOff = true
        r = try Part.merged([a, b])
        #expect(r.membersCutOff == 1 && r.protectedLost == 0 && r.lowLost == 0 && !r.failed)

        // The host's like 3 reached nobody: discarded, unless the host is whitelisted.
        for protected in [false, true] {
            (a, b) = Self.twoParts(hostProtected: protected)
            for i in 0..<2 { a.members[i].seen[0] &= ~(1 << 3); b.members[i].seen[0] &= ~(1 << 3) }
            r = try Part.merged([a, b])
            #expect(protected ? (r.protectedLost == 3 && r.lowDiscarded == 0) : (r.protectedLost == 0 && r.lowDiscarded == 1))
        }

        (a, b) = Self.twoParts()
        b.sends[0].failed = [5]
        r = try Part.merged([a, b])
        #expect(r.failedSends == 1 && r.acked == 5 && r.failed)
    }

    @Test("live-room parts that do not fit together are refused")
    func refusals() {
        let (a, b) = Self.twoParts()
        typealias E = LoadPartReport.MergeError
        #expect(throws: E.noParts) { try Part.merged([]) }
        #expect(throws: E.missingParts([2], of: 2)) { try Part.merged([a], names: ["a"]) }
        #expect(throws: E.partTwice(part: b.part, first: "b", second: "b2")) { try Part.merged([a, b, b], names: ["a", "b", "b2"]) }
        var other = b
        other.run = "room2"
        #expect(throws: E.differentRun(first: "room1", other: "room2", part: "b")) { try Part.merged([a, other], names: ["a", "b"]) }
        let shapes: [(String, (inout Part) -> Void)] = [
            ("room", { $0.room = "hall" }), ("senders", { $0.senders = 2 }), ("rate", { $0.rate = 51 }),
            ("low share", { $0.lowShare = 0.4 }), ("seed", { $0.seed = 4 }), ("host protection", { $0.hostProtected = true }),
        ]
        for (member, change) in shapes {
            other = b
            change(&other)
            #expect(throws: E.differentRunShape(part: "b", member: member)) { try Part.merged([a, other], names: ["a", "b"]) }
        }
        other = b
        other.sends.append(.init(sender: 1, low: [false, true]))  // part 1's sender
        #expect(throws: E.sentOutsidePart(sender: 1, seq: 1, part: "b")) { try Part.merged([a, other], names: ["a", "b"]) }
        other = b
        other.members.append(Part.Member(member: 0, messages: 6))  // a member of part 1
        #expect(throws: E.receivedOutsidePart(receiver: 0, part: "b")) { try Part.merged([a, other], names: ["a", "b"]) }
        other = b
        other.members.removeLast()
        #expect(throws: E.incompletePart(part: "b", missing: "members")) { try Part.merged([a, other], names: ["a", "b"]) }
        other = b
        other.sends = []
        #expect(throws: E.incompletePart(part: "b", missing: "senders")) { try Part.merged([a, other], names: ["a", "b"]) }
    }

    @Test("a live-room part report reads back as written, through either reader")
    func roundTrip() throws {
        var (a, _) = Self.twoParts()
        a.members[1].repeats = [.init(message: 2, count: 2), .init(message: 5, count: 7)]
        a.members[0].cutOff = true
        a.sends[1].failed = [4]
        a.lowShare = 0.3
        a.peerCPUSeconds = .init(start: 1.5, end: 2.25)
        a.peerFaults = .init(start: FaultCounts(), end: FaultCounts(dropped: 1, duplicated: 2, delayed: 3, reordered: 4, cut: 5))
        a.faultsInjected = true
        a.reconnects = 2
        a.otherRuns = 9
        let back = try Part(json: a.json())
        #expect(back == a)
        guard case .chatroom(let viaFile) = try LoadPartFile(json: a.json()) else {
            Issue.record("not read as a chatroom part")
            return
        }
        #expect(viaFile == a)
        #expect(throws: LoadPartReport.ReadError.unsupportedMode("chatroom")) { try LoadPartReport(json: a.json()) }
        let privatePart = LoadPartReport(run: "r1", part: .whole, clients: 4, messages: 4, seed: 7, wallClock: true)
        #expect(throws: LoadPartReport.ReadError.unsupportedMode("private")) { try Part(json: privatePart.json()) }
        guard case .privateRun = try LoadPartFile(json: privatePart.json()) else {
            Issue.record("not read as a private part")
            return
        }
    }

    /// Edits of a valid part's JSON text and the member of the error each must give.
    static let malformed: [(String, String, String)] = [
        (#""seen":"36""#, #""seen":"3600""#, "$.members[0].seen"),  // one byte too many
        (#""seen":"36""#, #""seen":"76""#, "$.members[0].seen"),  // a bit past message 5
        (#""seen":"36""#, #""seen":"zz""#, "$.members[0].seen"),
        (#""low":"02""#, #""low":"06""#, "$.sends[0].low"),  // load0 sends two messages, not three
        (#""failed":[]"#, #""failed":[1]"#, "$.sends[0].failed"),  // message 1 is load1's
        (#""repeats":[]"#, #""repeats":[[0,2]]"#, "$.members[0].repeats[0]"),  // load0 never saw message 0
        (#""repeats":[]"#, #""repeats":[[1,1]]"#, "$.members[0].repeats[0]"),  // a count of 1 is no repeat
        (#""senders":3"#, #""senders":5"#, "$.senders"),  // more than the clients
        (#""room":"lobby""#, #""room":"""#, "$.room"),
        (#""lowShare":0.5"#, #""lowShare":1.5"#, "$.lowShare"),
        (#""rate":50"#, #""rate":0"#, "$.rate"),
        (#""messages":6"#, #""messages":1000001"#, "$.messages"),
    ]

    @Test("malformed live-room part reports are refused with a typed error", arguments: malformed)
    func malformedReports(find: String, replace: String, path: String) throws {
        let (a, _) = Self.twoParts()
        let text = String(decoding: a.json(), as: UTF8.self)
        let edited = text.replacingFirst(find, with: replace)
        try #require(edited != text, "\(find) not in \(text)")
        do {
            _ = try Part(json: Array(edited.utf8))
            Issue.record("read \(replace)")
        } catch {
            guard case .invalid(let got, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(got == path || (path.hasPrefix("$.members[0].repeats") && got == "$.repeats"), "\(error)")
        }
    }

    /// Seeded mutations of a valid live-room part report: read or refused, never a trap, and a
    /// part read merges without trapping.
    @Test("mutated live-room part reports are read or refused, never a trap")
    func mutations() {
        var (a, _) = Self.twoParts()
        a.members[1].repeats = [.init(message: 2, count: 2)]
        a.peerCPUSeconds = .init(start: 1, end: 2)
        let valid = a.json()
        var random = SplitMix64(seed: 35)
        var taken = 0
        for _ in 0..<3_000 {
            var b = valid
            for _ in 0...Int(random.next() % 3) {
                let at = Int(random.next() % UInt64(b.count))
                switch random.next() % 5 {
                case 0: b[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: if (0x30...0x39).contains(b[at]) { b[at] = 0x30 + UInt8(random.next() % 10) }
                case 2: if (0x30...0x39).contains(b[at]) { b.insert(contentsOf: Array("99999999999".utf8), at: at) }
                case 3: b.removeSubrange(at..<min(b.count, at + Int(random.next() % 16)))
                default: b.insert(contentsOf: b[at..<min(b.count, at + 12)], at: at)
                }
                if b.isEmpty { b = [0x7B] }
            }
            guard let part = try? Part(json: b) else { continue }
            taken += 1
            _ = try? Part.merged([part])
        }
        #expect(taken > 100)
    }

    @Test("a whole live-room run's part split by member into two parts merges to the same report")
    func unionIsWhole() async throws {
        var config = LoadConfiguration()
        config.chatroom = "lobby"
        config.clients = 8
        config.senders = 5
        config.messages = 60
        config.rate = 200
        config.runId = "roomwhole-1"
        config.peerThreads = 1
        config.clientThreads = 1
        let (full, whole) = try await ChatroomLoad.runWhole(config)
        #expect(full.protectedLost == 0 && full.duplicated == 0 && full.failedSends == 0 && full.deliveries > 0)
        var parts: [Part] = []
        for i in 1...2 {
            var p = whole
            p.part = LoadPart(index: i, count: 2)!
            let slice = p.part.clients(of: 8)
            p.members = whole.members.filter { slice.contains($0.member) }
            p.sends = whole.sends.filter { slice.contains($0.sender) }
            p.lag = LatencyHistogram()
            parts.append(p)
        }
        parts[0].lag = whole.lag
        let merged = try Part.merged(Array(parts.reversed()))
        #expect(merged.deliveries == full.deliveries && merged.protectedLost == full.protectedLost && merged.lowDiscarded == full.lowDiscarded)
        #expect(merged.lowLost == full.lowLost && merged.duplicated == full.duplicated && merged.acked == full.acked)
        #expect(merged.highSent == full.highSent && merged.hostSent == full.hostSent && merged.worstMemberLagP99 == full.worstMemberLagP99)
        #expect(merged.lag == full.lag && merged.seconds == full.seconds)
    }

    @Test("two live-room parts run at once against one peer and merge: no protected message lost")
    func twoProcessesOnePeer() async throws {
        var config = LoadConfiguration()
        config.chatroom = "lobby"
        config.clients = 40
        config.senders = 22  // load20 and load21 send from part 2
        config.messages = 60
        config.rate = 50
        config.runId = "room-e2e-\(UInt32.random(in: 0...UInt32.max))"
        config.drainMillis = 20_000
        config.peerThreads = 1
        config.clientThreads = 1
        var pc = PeerConfiguration()
        pc.fixture = ChatroomLoad.fixture(config, room: "lobby")
        pc.threads = 1
        pc.logger = PeerLogHandler.logger(level: .error)
        let server = try await PeerServer.start(pc)
        config.url = server.url
        config.appId = "rongwire-load"
        var first = config, second = config
        first.part = LoadPart(index: 1, count: 2)
        second.part = LoadPart(index: 2, count: 2)
        let c1 = first, c2 = second
        async let one = ChatroomLoad.runPart(c1)
        async let two = ChatroomLoad.runPart(c2)
        let (a, b) = try await (one, two)
        try? await server.stop()
        #expect(a.protectedMissing == 0 && b.protectedMissing == 0)
        #expect(a.report.sends.map(\.sender) == Array(0..<20) && b.report.sends.map(\.sender) == [20, 21])
        let parts = [try Part(json: a.report.json()), try Part(json: b.report.json())]
        let r = try Part.merged(parts)
        #expect(r.protectedLost == 0 && r.duplicated == 0 && r.lowLost == 0 && r.failedSends == 0 && r.acked == 60)
        #expect(r.deliveries > 0 && r.lag.count == UInt64(r.deliveries) && r.peerCPUSeconds != nil && !r.failed)
        // Part 2's members got the host's messages (0, 22, 44), part 1's got part 2's load20's (20, 42).
        let fromHost = b.report.members.allSatisfy { $0.saw(0) || $0.saw(22) || $0.saw(44) }
        let fromPart2 = a.report.members.allSatisfy { $0.saw(20) || $0.saw(42) }
        #expect(fromHost && fromPart2)
    }
}

extension String {
    fileprivate func replacingFirst(_ a: String, with b: String) -> String {
        guard let r = range(of: a) else { return self }
        var s = self
        s.replaceSubrange(r, with: b)
        return s
    }
}
