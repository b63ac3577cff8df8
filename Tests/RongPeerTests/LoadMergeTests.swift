// Tests/RongPeerTests/LoadMergeTests.swift - peer-load's part reports: JSON, merge, refusals, and two
// parts against one peer

import RongSupport
import RongTestSupport
import Testing

@testable import RongPeer

@Suite("peer-load parts and merge")
struct LoadMergeTests {
    typealias Part = LoadPartReport

    /// Four users in two parts (load0-1, load2-3); every message crosses to the other part but one.
    static func twoParts() -> (Part, Part) {
        var a = Part(run: "r1", part: LoadPart(index: 1, count: 2)!, clients: 4, messages: 4, seed: 7, wallClock: true)
        var b = Part(run: "r1", part: LoadPart(index: 2, count: 2)!, clients: 4, messages: 4, seed: 7, wallClock: true)
        a.sent = [.init(sender: 0, seq: 0, receiver: 2), .init(sender: 1, seq: 0, receiver: 0)]
        b.sent = [.init(sender: 2, seq: 0, receiver: 1), .init(sender: 3, seq: 0, receiver: 0)]
        a.received = [.init(receiver: 0, sender: 1, seq: 0, count: 1), .init(receiver: 0, sender: 3, seq: 0, count: 1), .init(receiver: 1, sender: 2, seq: 0, count: 1)]
        b.received = [.init(receiver: 2, sender: 0, seq: 0, count: 1)]
        a.acked = 2
        b.acked = 2
        a.firstSend = 1_000_000_000
        b.firstSend = 1_500_000_000
        a.lastDelivery = 2_000_000_000
        b.lastDelivery = 3_000_000_000
        a.lastAck = 1_800_000_000
        b.lastAck = 1_900_000_000
        for n in [1, 2, 3] { a.latency.record(UInt64(n) * 1_000_000) }
        b.latency.record(40_000_000)
        return (a, b)
    }

    @Test("two parts add up: every message delivered across parts, throughput from the earliest send to the latest delivery")
    func clean() throws {
        let (a, b) = Self.twoParts()
        let r = try Part.merged([b, a])
        #expect(r.delivered == 4 && r.lost == 0 && r.duplicated == 0 && r.misdelivered == 0 && r.acked == 4)
        #expect(r.seconds == 2.0 && abs(r.sendSeconds - 0.9) < 1e-9)
        #expect(r.latency.count == 4 && abs(r.latency.max - 40) < 0.1 && abs(r.latency.p50 - 2) < 0.01)
        #expect(r.run == "r1" && r.clients == 4 && r.messages == 4)
    }

    @Test("a message lost, surfacing twice in the other part, or at the wrong user is found across parts")
    func checks() throws {
        var (a, b) = Self.twoParts()
        b.received = []  // load0's message to load2 never surfaced
        #expect(try Part.merged([a, b]).lost == 1)
        (a, b) = Self.twoParts()
        b.received[0].count = 3  // sent by part 1, surfaced three times in part 2
        let dup = try Part.merged([a, b])
        #expect(dup.duplicated == 2 && dup.lost == 0)
        (a, b) = Self.twoParts()
        b.received = [.init(receiver: 3, sender: 0, seq: 0, count: 1)]  // to load2, surfaced at load3
        let mis = try Part.merged([a, b])
        #expect(mis.misdelivered == 1 && mis.lost == 1)
        (a, b) = Self.twoParts()
        b.failedSends = 1
        #expect(try Part.merged([a, b]).failedSends == 1)
    }

    @Test("parts that do not fit together are refused")
    func refusals() {
        let (a, b) = Self.twoParts()
        #expect(throws: Part.MergeError.noParts) { try Part.merged([]) }
        #expect(throws: Part.MergeError.missingParts([2], of: 2)) { try Part.merged([a], names: ["a"]) }
        #expect(throws: Part.MergeError.partTwice(part: a.part, first: "a", second: "a2")) { try Part.merged([a, a, b], names: ["a", "a2", "b"]) }
        var other = b
        other.run = "r2"
        #expect(throws: Part.MergeError.differentRun(first: "r1", other: "r2", part: "b")) { try Part.merged([a, other], names: ["a", "b"]) }
        other = b
        other.seed = 8
        #expect(throws: Part.MergeError.differentRunShape(part: "b", member: "seed")) { try Part.merged([a, other], names: ["a", "b"]) }
        other = b
        other.sent.append(.init(sender: 0, seq: 0, receiver: 2))  // part 1's message
        #expect(throws: Part.MergeError.sentOutsidePart(sender: 0, seq: 0, part: "b")) { try Part.merged([a, other], names: ["a", "b"]) }
        other = b
        other.received.append(.init(receiver: 0, sender: 1, seq: 0, count: 1))
        #expect(throws: Part.MergeError.receivedOutsidePart(receiver: 0, part: "b")) { try Part.merged([a, other], names: ["a", "b"]) }
        // A 1-of-3 part does not make a 2-part run.
        var third = b
        third.part = LoadPart(index: 3, count: 3)!
        #expect(throws: Part.MergeError.differentRunShape(part: "c", member: "part count")) { try Part.merged([a, third], names: ["a", "c"]) }
    }

    @Test("a part report reads back as written")
    func roundTrip() throws {
        var (a, _) = Self.twoParts()
        a.peerCPUSeconds = .init(start: 1.5, end: 2.25)
        a.peerFaults = .init(start: FaultCounts(), end: FaultCounts(dropped: 1, duplicated: 2, delayed: 3, reordered: 4, cut: 5))
        a.resendsDeduplicated = .init(start: 3, end: 9)
        a.faultsInjected = true
        a.generatorCPUSeconds = 0.5
        a.ack.record(123_456)
        let back = try Part(json: a.json())
        #expect(back == a)
    }

    static let malformed: [(String, Part.ReadError)] = [
        ("[1]", .notAPartReport),
        ("nope", .notJSON("")),
        (#"{"format":"other"}"#, .notAPartReport),
        (#"{"format":"rongwire-peer-load-part","version":2}"#, .unsupportedVersion(2)),
        (#"{"format":"rongwire-peer-load-part","version":1,"mode":"chatroom"}"#, .unsupportedMode("chatroom")),
        (#"{"format":"rongwire-peer-load-part","version":1,"mode":"private","run":"a:b"}"#, .invalid(path: "$.run", expected: "")),
        (#"{"format":"rongwire-peer-load-part","version":1,"mode":"private","run":"r","parts":2,"part":3}"#, .invalid(path: "$.part", expected: "")),
        (#"{"format":"rongwire-peer-load-part","version":1,"mode":"private","run":"r","parts":1,"part":1,"clients":-4}"#, .invalid(path: "$.clients", expected: "")),
        (#"{"format":"rongwire-peer-load-part","version":1,"mode":"private","run":"r","parts":1,"part":1,"clients":4,"messages":99999999999}"#, .invalid(path: "$.messages", expected: "")),
    ]

    @Test("malformed part reports are refused with a typed error", arguments: malformed)
    func malformedReports(text: String, expected: Part.ReadError) {
        do {
            _ = try Part(json: Array(text.utf8))
            Issue.record("read \(text)")
        } catch {
            #expect(error.code == expected.code, "\(error)")
            if case .invalid(let path, _) = expected, case .invalid(let got, _) = error { #expect(got == path) }
        }
    }

    @Test("a row out of range, a sent list longer than the run, a file over the limit are refused")
    func bounds() throws {
        let (a, _) = Self.twoParts()
        var text = String(decoding: a.json(), as: UTF8.self)
        text = text.replacingFirst(#""sent":[[0,0,2]"#, with: #""sent":[[0,0,9]"#)
        #expect(throws: Part.ReadError.self) { try Part(json: Array(text.utf8)) }
        var long = a
        long.sent += [.init(sender: 0, seq: 1, receiver: 3), .init(sender: 0, seq: 2, receiver: 3), .init(sender: 0, seq: 3, receiver: 3)]
        #expect(throws: Part.ReadError.invalid(path: "$.sent", expected: "at most 4 entries")) { try Part(json: long.json()) }
        #expect(throws: Part.ReadError.tooLarge(bytes: Part.byteLimit + 1)) { try Part(json: [UInt8](repeating: 0x20, count: Part.byteLimit + 1)) }
    }

    /// Seeded mutations of a valid part report (bytes flipped, digits changed, numbers made
    /// huge or negative, pieces cut out or repeated): the reader takes or refuses each with its
    /// typed error, and a part it takes merges without trapping.
    @Test("mutated part reports are read or refused, never a trap")
    func mutations() {
        var (a, _) = Self.twoParts()
        a.peerCPUSeconds = .init(start: 1, end: 2)
        a.peerFaults = .init(start: FaultCounts(), end: FaultCounts(dropped: 1, duplicated: 2, delayed: 3, reordered: 4, cut: 5))
        a.resendsDeduplicated = .init(start: 0, end: 4)
        let valid = a.json()
        var random = SplitMix64(seed: 34)
        var taken = 0
        for _ in 0..<3_000 {
            var b = valid
            for _ in 0...Int(random.next() % 3) {
                let at = Int(random.next() % UInt64(b.count))
                switch random.next() % 6 {
                case 0: b[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: if (0x30...0x39).contains(b[at]) { b[at] = 0x30 + UInt8(random.next() % 10) }
                case 2: if (0x30...0x39).contains(b[at]) { b.insert(contentsOf: Array("99999999999".utf8), at: at) }
                case 3: if (0x30...0x39).contains(b[at]) { b.insert(0x2D, at: at) }
                case 4: b.removeSubrange(at..<min(b.count, at + Int(random.next() % 16)))
                default: b.insert(contentsOf: b[at..<min(b.count, at + 12)], at: at)
                }
                if b.isEmpty { b = [0x7B] }
            }
            guard let part = try? Part(json: b) else { continue }
            taken += 1
            _ = try? Part.merged([part])
        }
        // Many mutations only change a count or a time: the reader still takes those.
        #expect(taken > 100)
    }

    @Test("a whole run's report split by user into two parts merges to the same report")
    func unionIsWhole() async throws {
        var config = LoadConfiguration()
        config.clients = 6
        config.messages = 300
        config.runId = "whole-1"
        let whole = try await LoadGenerator.runPart(config).report
        let full = try Part.merged([try Part(json: whole.json())])
        #expect(full.delivered == 300 && full.lost == 0 && full.latency.count == 300)
        var parts: [Part] = []
        for i in 1...2 {
            let p = LoadPart(index: i, count: 2)!
            let slice = p.clients(of: 6)
            var part = whole
            part.part = p
            part.sent = whole.sent.filter { slice.contains($0.sender) }
            part.received = whole.received.filter { slice.contains($0.receiver) }
            part.latency = LatencyHistogram()
            part.acked = part.sent.count
            parts.append(part)
        }
        parts[0].latency = whole.latency
        parts[1].firstSend = whole.firstSend + 1
        let merged = try Part.merged(parts)
        #expect(merged.delivered == full.delivered && merged.lost == 0 && merged.duplicated == full.duplicated)
        // Equal within the histogram's three digits (a bucket read back has lost its exact maximum).
        #expect(merged.latency.count == full.latency.count)
        for (m, f) in [(merged.latency.p50, full.latency.p50), (merged.latency.p99, full.latency.p99), (merged.latency.p999, full.latency.p999), (merged.latency.max, full.latency.max)] {
            #expect(abs(m - f) <= f / 1_000, "\(m) ms against \(f) ms")
        }
        #expect(merged.seconds == full.seconds && merged.acked == 300)
    }

    @Test("two parts run at once against one peer and merge: nothing lost, deliveries cross the parts")
    func twoProcessesOnePeer() async throws {
        var pc = PeerConfiguration()
        pc.fixture.app.appKey = "rongwire-load"
        pc.fixture.generateUsers(prefix: "load", count: 8)
        pc.logger = PeerLogHandler.logger(level: .error)
        let server = try await PeerServer.start(pc)
        var config = LoadConfiguration()
        config.clients = 8
        config.messages = 400
        config.url = server.url
        config.appId = "rongwire-load"
        config.runId = "e2e-\(UInt32.random(in: 0...UInt32.max))"
        config.drainMillis = 20_000
        config.peerThreads = 1
        config.clientThreads = 1
        var first = config, second = config
        first.part = LoadPart(index: 1, count: 2)
        second.part = LoadPart(index: 2, count: 2)
        let c1 = first, c2 = second
        async let one = LoadGenerator.runPart(c1)
        async let two = LoadGenerator.runPart(c2)
        let (a, b) = try await (one, two)
        try? await server.stop()
        #expect(a.arrived == a.addressed && b.arrived == b.addressed)
        let parts = [try Part(json: a.report.json()), try Part(json: b.report.json())]
        let r = try Part.merged(parts)
        #expect(r.lost == 0 && r.duplicated == 0 && r.misdelivered == 0 && r.failedSends == 0 && r.delivered == 400)
        #expect(r.peerCPUSeconds != nil && r.faultsInjected == false && r.latency.count == 400)
        // Messages part 1's users sent that surfaced at part 2's users, and the other way round.
        let cross = b.report.received.filter { (0..<4).contains($0.sender) }.count + a.report.received.filter { (4..<8).contains($0.sender) }.count
        #expect(cross > 0)
    }
}

@Suite("peer-load's external fixture")
struct LoadFixtureTests {
    @Test("tools/peer/load-fixture.yaml with --generate-users is the in-process live-room run's peer at 100 messages/s")
    func sameAsInProcess() throws {
        var file = try PeerFixture.load(file: packageRoot() + "/tools/peer/load-fixture.yaml")
        file.generateUsers(prefix: "load", count: 50)  // what rongwire peer --generate-users 50 adds
        var config = LoadConfiguration()
        config.clients = 50
        config.rate = 100
        #expect(file == ChatroomLoad.fixture(config, room: "lobby"))
        #expect(file.app.appKey == "rongwire-load" && file.app.chatroomRecent == 500 && file.app.lowPriority == [ChatroomLoad.likeObjectName])
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
