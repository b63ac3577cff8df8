// Tests/RongPeerTests/ClientProtocolTests.swift - message ids, PUBACK matching, sync messages

import NIOCore
import RongCodec
import RongEnvelope
import Synchronization
import Testing

@testable import RongPeer

@Suite("Client protocol")
struct ClientProtocolTests {
    final class Results: Sendable {
        let sends = Mutex<[UInt16: PeerSendResult]>([:])
    }

    static let date: UInt32 = 1_795_000_000

    static func upStream(_ text: String) throws -> [UInt8] {
        guard case .publish(let p) = try OutboundMessage(.private, targetId: "bob", content: TextMessage(content: text)).packet(messageId: 1).body else {
            return []
        }
        return p.payload
    }

    /// A sync message: the user's own message from another device (dup bit, QoS 1).
    static func echo(_ id: UInt16, _ text: String) throws -> Packet {
        Packet(.serverPublish(.init(date: date, topic: .ppMsgP, targetId: "bob", messageId: id, payload: try upStream(text))), dup: true, qos: .atLeastOnce, retain: true)
    }

    static func pubAck(_ id: UInt16, _ uid: String, status: UInt16 = 0) -> Packet {
        Packet(.serverPubAck(.init(messageId: id, date: date, status: status, millisecond: 7, messageUId: RMTPString(uid))), retain: true)
    }

    static func notify(_ id: UInt16) -> Packet {
        var n = Modules_NotifyMsg()
        n.type = 1
        n.time = 1
        return Packet(.serverPublish(.init(date: date, topic: .s_ntf, targetId: "bob", messageId: id, payload: protoBytes(n))), retain: true)
    }

    /// CONNACK 0 for `user`.
    static func connAck(_ user: String) -> Packet {
        let session = Packet.ConnAck.Session(userId: RMTPString(user), sessionId: RMTPString("peer-1"), timestamp: 1)
        return Packet(.connAck(.init(status: 0, session: session)), retain: true)
    }

    @Test("a server PUBACK goes to the sync message right before it, else to the client's own PUBLISH, else it is stray")
    func pubAckMatching() throws {
        var o = PeerClientOptions(url: "ws://127.0.0.1:1/websocket", token: "t")
        o.autoPull = false
        var s = ClientStateMachine(options: o)
        _ = s.open(timeoutMillis: 1000)
        let results = Results()
        var sendIds: [RequestToken: UInt16] = [:]
        func handle(_ p: Packet) {
            for case .publishAnswered(let token, .success(let r?)) in s.receive(p, now: 0) {
                if let id = sendIds[token] { results.sends.withLock { $0[id] = r } }
            }
        }
        handle(Self.connAck("alice"))
        func send(after last: UInt16, expectAck: Bool = true) throws {
            s.ids = MessageIDAllocator(last: last)
            let (token, _) = s.publish(topic: .ppMsgP, targetId: "bob", payload: try Self.upStream("mine"), expectAck: expectAck, now: 0)
            sendIds[token] = last + 1
        }
        func uids() -> [String?] { s.received.map(\.message.messageUId) }

        // Own PUBLISH 1 in flight; the other device's message arrives as sync message 1 with its
        // PUBACK right behind it: that PUBACK completes the sync message, not the send.
        try send(after: 0)
        handle(try Self.echo(1, "from my phone"))
        handle(Self.pubAck(1, "ECHO-0000-0000-0001"))
        #expect(uids() == ["ECHO-0000-0000-0001"])
        #expect(results.sends.withLock { $0[1] } == nil)
        handle(Self.pubAck(1, "MINE-0000-0000-0001"))
        #expect(results.sends.withLock { $0[1]?.messageUId } == "MINE-0000-0000-0001")

        // Sync message 7 whose PUBACK never comes (a fault dropped it), then the client's own
        // PUBLISH 7: its PUBACK answers the send; the orphaned sync message does not take it.
        handle(try Self.echo(7, "lost ack"))
        handle(Self.notify(8))
        try send(after: 6)
        handle(Self.pubAck(7, "MINE-0000-0000-0007"))
        #expect(results.sends.withLock { $0[7]?.messageUId } == "MINE-0000-0000-0007", "the send stalled")
        #expect(uids() == ["ECHO-0000-0000-0001"])
        // A late PUBACK for the orphan still completes it.
        handle(Self.pubAck(7, "ECHO-0000-0000-0007"))
        #expect(uids() == ["ECHO-0000-0000-0001", "ECHO-0000-0000-0007"])
        #expect(s.strayAcks == 0)

        // A PUBACK nothing waits for, e.g. one for a STATUS message (which gets none): stray.
        try send(after: 19, expectAck: false)
        handle(Self.pubAck(20, ""))
        handle(Self.pubAck(99, "XXXX-0000-0000-0099"))
        #expect(s.strayAcks == 2)
        #expect(s.strayAckLog.count == 2)
    }

    static func fixture() throws -> PeerFixture {
        try PeerFixture.load(yaml: """
            app: {appKey: test}
            users:
              - {id: alice, token: alice-token}
              - {id: bob, token: bob-token}
            """)
    }

    static func peer() async throws -> PeerServer {
        var config = PeerConfiguration()
        config.fixture = try fixture()
        config.threads = 1
        config.logger = .silent
        return try await PeerServer.start(config)
    }

    @Test("two devices of one user send at once: every send gets its own PUBACK, every sync message its UID (ids collide and wrap)")
    func multiDeviceSends() async throws {
        let peer = try await Self.peer()
        var web = PeerClientOptions(url: peer.url, token: "alice-token", appId: "test")
        web.platform = "Web"
        var phone = web
        phone.platform = "iOS"
        // The phone's own ids run 65501 … 65535, 1 … while the peer numbers the sync messages
        // it sends the phone 1, 2, …: the same ids, in flight at the same time.
        phone.lastMessageId = 65500
        let a1 = try await PeerClient.connect(web)
        let a2 = try await PeerClient.connect(phone)
        let bob = try await PeerClient.connect(PeerClientOptions(url: peer.url, token: "bob-token", appId: "test"))
        let n = 120
        func burst(_ c: PeerClient, _ tag: String) async throws -> [String] {
            try await withThrowingTaskGroup(of: String.self) { g in
                var out: [String] = []
                var inFlight = 0
                for i in 0..<n {
                    if inFlight == 8, let u = try await g.next() {
                        out.append(u)
                        inFlight -= 1
                    }
                    g.addTask {
                        let r = try await c.send(OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "\(tag) \(i)")))
                        #expect(r?.status == 0)
                        return r?.messageUId ?? ""
                    }
                    inFlight += 1
                }
                for try await u in g { out.append(u) }
                return out
            }
        }
        async let fromWeb = burst(a1, "web")
        async let fromPhone = burst(a2, "phone")
        let (w, p) = try await (fromWeb, fromPhone)
        #expect(Set(w + p).count == 2 * n, "UIDs must be distinct")
        #expect(await a1.waitForMessages(count: n, timeoutMillis: 10_000))
        #expect(await a2.waitForMessages(count: n, timeoutMillis: 10_000))
        #expect(await bob.waitForMessages(count: 2 * n, timeoutMillis: 10_000))
        // Each device surfaced exactly the other's messages, with the UIDs their sends got.
        #expect(Set(await a1.messages().compactMap(\.message.messageUId)) == Set(p))
        #expect(Set(await a2.messages().compactMap(\.message.messageUId)) == Set(w))
        #expect(Set(await bob.messages().compactMap(\.message.messageUId)) == Set(w + p))
        for c in [a1, a2, bob] {
            #expect(await c.duplicatesSuppressed() == 0)
            #expect(await c.strayAcks() == 0)
        }
        for c in [a1, a2, bob] { await c.close() }
        try await peer.stop()
    }

    @Test("a PUBLISH and a QUERY in flight under the same message id, 65535, each get their own answer; the ids then wrap to 1")
    func sameIdPublishAndQuery() async throws {
        let peer = try await Self.peer()
        let alice = try await PeerClient.connect(PeerClientOptions(url: peer.url, token: "alice-token", appId: "test"))
        let bob = try await PeerClient.connect(PeerClientOptions(url: peer.url, token: "bob-token", appId: "test"))
        let waiting = try #require(try await bob.send(OutboundMessage(.private, targetId: "alice", content: TextMessage(content: "waiting for you"))))
        #expect(await alice.waitForMessages(count: 1, timeoutMillis: 5000))
        let payload = try Self.upStream("same id")
        var req = Modules_SyncRequestMsg()
        req.syncTime = 0
        req.ispolling = false
        let pull = protoBytes(req)
        // Both requests are numbered and written in one turn of the client's loop, so both are
        // in flight before either answer can arrive.
        let (sent, queried, both) = await alice.onLoop { s in
            s.machine.ids = MessageIDAllocator(last: 65534)
            let p = s.publish(topic: .ppMsgP, targetId: "bob", payload: payload, expectAck: true)
            s.machine.ids = MessageIDAllocator(last: 65534)
            let q = s.query(topic: .pullMsg, targetId: "alice", payload: pull)
            return (p, q, s.machine.pendingPublishes[65535] != nil && s.machine.pendingQueries[65535] != nil)
        }
        #expect(both)
        let ack = try #require(try await sent.get())
        #expect(ack.status == 0 && MessageUIDAllocator.isWellFormed(ack.messageUId))
        let answer = try await queried.get()
        #expect(answer.status == 0)
        let list = try parseBody(answer.payload, as: Modules_DownStreamMessages.self)
        #expect(list.list.map(\.msgID) == [waiting.messageUId], "the QUERYACK is the pull's answer")
        // The counter wraps: the next ids are 1 and 2.
        let after1 = try #require(try await alice.send(OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "after the wrap"))))
        let after2 = try #require(try await alice.send(OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "and again"))))
        #expect(await alice.onLoop { $0.machine.ids.last } == 2)
        #expect(after1.status == 0 && after2.status == 0)
        #expect(await bob.waitForMessages(count: 3, timeoutMillis: 5000))
        #expect(await bob.messages().compactMap(\.message.messageUId) == [ack.messageUId, after1.messageUId, after2.messageUId])
        #expect(await alice.strayAcks() == 0)
        #expect(await bob.duplicatesSuppressed() == 0)
        await alice.close()
        await bob.close()
        try await peer.stop()
    }

    @Test("a small load run without faults: nothing lost, duplicated, or dropped by the clients' dedup")
    func loadWithoutFaults() async throws {
        var config = LoadConfiguration()
        config.clients = 6
        config.messages = 600
        config.peerThreads = 1
        config.clientThreads = 1
        let r = try await LoadGenerator.run(config)
        #expect(r.acked == 600 && r.delivered == 600)
        #expect(r.lost == 0 && r.duplicated == 0 && r.misdelivered == 0)
        #expect(r.copiesDeduplicated == 0)
        #expect(!r.faultsInjected)
    }
}
