// Tests/RongPeerTests/PeerUnitTests.swift - fixtures, UIDs, fault plans, the model without sockets

import RongCodec
import RongEnvelope
import RongTestSupport
import Testing

@testable import RongPeer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Peer units")
struct PeerUnitTests {
    @Test("UIDs have the documented form and do not repeat")
    func uids() {
        var a = MessageUIDAllocator(seed: 42)
        var seen: Set<String> = []
        for _ in 0..<50_000 {
            let u = a.next()
            #expect(MessageUIDAllocator.isWellFormed(u), "\(u)")
            #expect(seen.insert(u).inserted)
        }
        var b = MessageUIDAllocator(seed: 42)
        var c = MessageUIDAllocator(seed: 42)
        #expect(b.next() == c.next(), "same seed, same UIDs")
        #expect(!MessageUIDAllocator.isWellFormed("abcd-0000-0000-0000"))
        #expect(!MessageUIDAllocator.isWellFormed("ABCD-0000-0000-000"))
    }

    @Test("the demo fixture is tools/peer/fixture.yaml")
    func demoFixture() throws {
        let file = try PeerFixture.load(file: packageRoot() + "/tools/peer/fixture.yaml")
        #expect(file == PeerFixture.demo)
        #expect(file.users["alice"]?.tokens == ["alice-token"])
        #expect(file.groups["team"]?.members == ["alice", "bob", "carol"])
    }

    @Test("fixtures: YAML text round-trips; errors name the line")
    func fixtures() throws {
        var f = PeerFixture.demo
        f.app.profile = .legacy2021
        f.app.platforms = ["web", "ios"]
        f.generateUsers(prefix: "load", count: 3)
        #expect(try PeerFixture.load(yaml: f.yamlText()) == f)
        do {
            _ = try PeerFixture.load(yaml: "users:\n  - {id: a, tokn: x}\n", file: "f.yaml")
            Issue.record("loaded a fixture with an unknown key")
        } catch {
            #expect(error.line == 2)
            #expect(error.message.contains("unknown key `tokn`"))
        }
        #expect(throws: PeerFileError.self) { try PeerFixture.load(yaml: "app: {profile: newest}\n") }
        #expect(throws: PeerFileError.self) { try PeerFixture.load(yaml: "users:\n  - {id: a, token: t}\n  - {id: b, token: t}\n") }
    }

    @Test("fault plans parse, and the same seed gives the same decisions")
    func faultPlans() throws {
        let p = try FaultPlan(parsing: "drop=0.1,dup=0.2,delay=0.3:15ms,reorder=0.05,cut=0.001,users=a|b,seed=9")
        #expect(p.drop == 0.1 && p.duplicate == 0.2 && p.delay == 0.3 && p.delayMaxMillis == 15 && p.cut == 0.001)
        #expect(p.applies(to: "a") && !p.applies(to: "c"))
        #expect(throws: FaultPlanError.self) { try FaultPlan(parsing: "drop=2") }
        #expect(throws: FaultPlanError.self) { try FaultPlan(parsing: "explode=0.1") }
        var x = FaultInjector(plan: p, connection: 3)
        var y = FaultInjector(plan: p, connection: 3)
        let dx = (0..<1000).map { _ in x.decide() }
        #expect(dx == (0..<1000).map { _ in y.decide() })
        #expect(dx.contains(.drop) && dx.contains(.duplicate) && dx.contains(.hold))
    }

    @Test("a seed written in a fault plan wins over --seed and over the peer's seed in POST /control/faults")
    func faultSeeds() throws {
        let explicit = try FaultPlan(parsing: "drop=0.5,seed=1")
        #expect(explicit.seed == 1)
        #expect(explicit.seeded(default: 7).seed == 1, "--seed 7 must not replace seed=1")
        #expect(try FaultPlan(parsing: "drop=0.5").seed == nil)
        #expect(try FaultPlan(parsing: "drop=0.5").seeded(default: 7).seed == 7)
        #expect(explicit.seeded(default: 7).description == "drop=0.5,seed=1")
        // The same plan with different seeds decides differently; the written seed is the one used.
        var a = FaultInjector(plan: explicit.seeded(default: 7), connection: 1)
        var b = FaultInjector(plan: try FaultPlan(parsing: "drop=0.5,seed=7"), connection: 1)
        var c = FaultInjector(plan: try FaultPlan(parsing: "drop=0.5,seed=1"), connection: 1)
        let da = (0..<64).map { _ in a.decide() }
        #expect(da != (0..<64).map { _ in b.decide() })
        #expect(da == (0..<64).map { _ in c.decide() })

        let core = PeerCore(model: Self.model(), faults: FaultPlan(), maxQueued: 16, maxQueuedBytes: 1 << 20, logger: .silent)
        let control = PeerControl(core: core, clock: nil, seed: 5)
        func posted(_ body: String) -> UInt64? {
            let r = control.handle(method: .POST, uri: "/control/faults", body: Array(body.utf8))
            #expect(r.status == .ok)
            return core.state.withLock { $0.faultPlan.seed }
        }
        #expect(posted("dup=1,seed=1") == 1)
        #expect(posted("dup=1,seed=9") == 9)
        #expect(posted("dup=1") == 5, "no seed in the plan: the peer's")
    }

    @Test("query strings")
    func parsing() {
        let q = parseQuery("/websocket?appId=k&token=a%2Bb%3D%3D&platform=iOS")
        #expect(q.path == "/websocket")
        #expect(q.query["token"] == "a+b==")
        #expect(percentEncode("a+b/=") == "a%2Bb%2F%3D")
    }

    /// A model with alice, bob and carol, without sockets.
    static func model(_ profile: PersistenceProfile = .current) -> PeerModel {
        var f = PeerFixture.demo
        f.app.profile = profile
        return PeerModel(fixture: f, clock: ManualClock())
    }

    static func publish(_ m: OutboundMessage, id: UInt16) throws -> Packet { try m.packet(messageId: id) }

    @Test("the model: STATUS gets no PUBACK and is dropped for an offline receiver; ISCOUNTED is acked, stored and counted")
    func modelFlags() throws {
        var m = Self.model()
        _ = m.connect(1, params: ConnectParams(query: ["appId": "rongwire-demo", "token": "alice-token"]))
        let typing = OutboundMessage(.private, targetId: "bob", content: TypingStatusMessage(typingContentType: "RC:TxtMsg"))
        #expect(m.receive(try typing.packet(messageId: 1), from: 1).isEmpty)
        #expect(m.stats.statusDropped == 1)
        let text = OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "hi"))
        let out = m.receive(try text.packet(messageId: 2), from: 1)
        guard case .packet(1, let ack)? = out.first, case .serverPubAck(let a) = ack.body else {
            Issue.record("no PUBACK: \(out)")
            return
        }
        #expect(a.messageId == 2 && a.status == 0 && MessageUIDAllocator.isWellFormed(a.messageUId.text))
        let state = m.snapshot(user: "bob")
        #expect(state.objectValue?["users"]?.objectValue?["bob"]?.objectValue?["unreadTotal"] == 1)
        #expect(m.eventLog.pushes.count == 1)
    }

    @Test("receipt requests are kept only for stored messages and go with them when retention drops them")
    func receiptsCompacted() throws {
        let clock = ManualClock()
        var m = PeerModel(fixture: PeerFixture.demo, clock: clock)
        _ = m.connect(1, params: ConnectParams(query: ["appId": "rongwire-demo", "token": "alice-token"]))
        _ = m.connect(2, params: ConnectParams(query: ["appId": "rongwire-demo", "token": "bob-token"]))
        func send(_ conn: ConnectionID, _ id: UInt16, _ name: String, _ json: String, directed: [String] = []) throws -> String {
            var o = OutboundMessage(.group, targetId: "team", objectName: name, contentBytes: Array(json.utf8))
            o.directedUserIds = directed
            for case .packet(conn, let p) in m.receive(try o.packet(messageId: id), from: conn) {
                if case .serverPubAck(let a) = p.body { return a.messageUId.text }
            }
            return ""
        }
        let m1 = try send(1, 1, "RC:TxtMsg", #"{"content":"read me"}"#)
        for i in 0..<50 { _ = try send(1, UInt16(10 + i), "RC:RRReqMsg", #"{"messageUId":"NOPE-0000-0000-\#(Hex.encode([UInt8(i)]))00"}"#) }
        #expect(m.conversations.receiptRequests.isEmpty, "requests for messages the peer does not have")
        _ = try send(1, 2, "RC:RRReqMsg", #"{"messageUId":"\#(m1)"}"#)
        _ = try send(2, 3, "RC:RRRspMsg", #"{"receiptMessageDic":{"alice":["\#(m1)"]}}"#, directed: ["alice"])
        #expect(m.conversations.requester(of: m1) == "alice")
        #expect(m.conversations.receipts[.message(uid: m1)]?["bob"] != nil)
        clock.advance(by: PeerDuration(milliseconds: 200 * 86_400_000)!)
        m.compact()
        #expect(m.messages[m1] == nil)
        #expect(m.conversations.receiptRequests.isEmpty && m.conversations.receipts.isEmpty)
    }

    /// The QUERYACK payload of the model's answer to a QUERY.
    static func queryAck(_ out: [PeerOutput]) -> (status: UInt16, payload: [UInt8])? {
        for case .packet(_, let p) in out {
            if case .queryAck(let a) = p.body { return (a.status, a.payload) }
        }
        return nil
    }

    @Test("pull and history replies stop at the reply byte budget, and paging still yields every message once")
    func replyBudget() throws {
        var m = Self.model()
        m.maxReplyBytes = 1 << 20
        _ = m.connect(1, params: ConnectParams(query: ["appId": "rongwire-demo", "token": "alice-token"]))
        let big = String(repeating: "y", count: 100_000)
        for i in 0..<30 {
            let out = m.receive(try OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "\(i) \(big)")).packet(messageId: UInt16(i + 1)), from: 1)
            #expect(!out.isEmpty)
        }
        _ = m.connect(2, params: ConnectParams(query: ["appId": "rongwire-demo", "token": "bob-token"]))
        var cursor: Int64 = 0
        var seen: [String] = []
        var pages = 0
        while pages < 10 {
            var req = Modules_SyncRequestMsg()
            req.syncTime = cursor
            req.ispolling = false
            let q = Packet(.query(.init(topic: .pullMsg, targetId: "bob", messageId: UInt16(100 + pages), payload: protoBytes(req))))
            let ack = try #require(Self.queryAck(m.receive(q, from: 2)))
            #expect(ack.status == 0)
            #expect(ack.payload.count <= m.maxReplyBytes, "a reply of \(ack.payload.count) bytes")
            let list = try parseBody(ack.payload, as: Modules_DownStreamMessages.self)
            #expect(list.list.count < 30)
            seen += list.list.map(\.msgID)
            cursor = list.syncTime
            pages += 1
            if list.finished { break }
        }
        #expect(pages > 1)
        #expect(seen.count == 30 && Set(seen).count == 30)
        var h = Modules_HistoryMsgInput()
        h.targetID = "alice"
        h.time = 0
        h.count = 100
        h.order = 0
        let hq = Packet(.query(.init(topic: .qryPMsg, targetId: "alice", messageId: 200, payload: protoBytes(h))))
        let hack = try #require(Self.queryAck(m.receive(hq, from: 2)))
        #expect(hack.payload.count <= m.maxReplyBytes)
        let hist = try parseBody(hack.payload, as: Modules_HistoryMsgOuput.self)
        #expect(!hist.list.isEmpty && hist.list.count < 30)
        #expect(hist.hasMsg_p == 1)
    }

    @Test("a client that stops reading is cut once too many packets are queued")
    func slowConsumer() async throws {
        var config = PeerConfiguration()
        config.fixture = PeerFixture.demo
        config.maxQueued = 16
        config.threads = 1
        config.logger = .silent
        let peer = try await PeerServer.start(config)
        // bob: a raw socket that completes the handshake and then never reads.
        let fd = socket(AF_INET, socketStreamType, 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(peer.port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var small: Int32 = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        #expect(rc == 0)
        let request = "GET /websocket?appId=rongwire-demo&token=bob-token HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var buf = [UInt8](repeating: 0, count: 512)
        _ = recv(fd, &buf, buf.count, 0)
        let alice = try await PeerClient.connect(PeerClientOptions(url: peer.url, token: "alice-token", appId: "rongwire-demo"))
        let big = String(repeating: "x", count: 60_000)
        var cut = false
        for _ in 0..<400 {
            _ = try await alice.send(OutboundMessage(.private, targetId: "bob", content: TypingStatusMessage(typingContentType: "RC:TxtMsg", data: big)))
            if peer.state().objectValue?["stats"]?.objectValue?["slowConsumers"] == 1 {
                cut = true
                break
            }
        }
        #expect(cut, "bob was never cut")
        close(fd)
        await alice.close()
        try await peer.stop()
    }
}
