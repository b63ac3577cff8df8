// Tests/RongPeerTests/HostileClientTests.swift - clients that do not read, or vanish

import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

@Suite("Hostile and broken clients")
struct HostileClientTests {
    static func stat(_ peer: PeerServer, _ name: String) -> Int64? {
        peer.state().objectValue?["stats"]?.objectValue?[name]?.numberValue?.int64Value
    }

    static func start(maxQueuedBytes: Int = 16 << 20) async throws -> PeerServer {
        var config = PeerConfiguration()
        config.fixture = PeerFixture.demo
        config.maxQueuedBytes = maxQueuedBytes
        config.threads = 1
        config.logger = .silent
        return try await PeerServer.start(config)
    }

    static func options(_ peer: PeerServer, _ user: String) -> PeerClientOptions {
        PeerClientOptions(url: peer.url, token: "\(user)-token", appId: "rongwire-demo")
    }

    @Test("a client that asks for large pulls again and again and never reads is cut at the byte limit; others are served")
    func pullFlood() async throws {
        let limit = 4 << 20
        let peer = try await Self.start(maxQueuedBytes: limit)
        // 24 messages of 120 KB wait for dave: a pull reply is a page of about 1 MB (a quarter
        // of the limit), each built from the same stored messages.
        let alice = try await PeerClient.connect(Self.options(peer, "alice"))
        let big = String(repeating: "x", count: 120_000)
        for i in 0..<24 {
            let r = try await alice.send(OutboundMessage(.private, targetId: "dave", content: TextMessage(content: "\(i) \(big)")))
            #expect(r?.status == 0)
        }
        let bob = try await PeerClient.connect(Self.options(peer, "bob"))

        // dave: pulls from the start, 400 times, and never reads a byte.
        let dave = try RawSocket(port: peer.port, query: "appId=rongwire-demo&token=dave-token")
        var req = Modules_SyncRequestMsg()
        req.syncTime = 0
        req.ispolling = false
        var sent = 0
        for id in 1...400 {
            let q = Packet(.query(.init(topic: .pullMsg, targetId: "dave", messageId: UInt16(id), payload: protoBytes(req))))
            guard try dave.send(q) else { break }
            sent += 1
            if Self.stat(peer, "slowConsumers") == 1 { break }
        }
        var cut = false
        for _ in 0..<250 {
            if Self.stat(peer, "slowConsumers") == 1 {
                cut = true
                break
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        #expect(cut, "dave was never cut (\(sent) pulls sent)")
        // What the peer held for dave never went over the limit (each reply is below it).
        #expect(peer.peakQueuedBytes <= limit, "peak \(peer.peakQueuedBytes) bytes queued for one connection")
        #expect(peer.peakQueuedBytes > limit / 2, "the test never filled the queue: peak \(peer.peakQueuedBytes)")
        #expect(Self.stat(peer, "unexpected") == 0)

        // Everyone else is still served.
        let r = try #require(try await alice.send(OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "still there?"))))
        #expect(r.status == 0)
        #expect(await bob.waitForMessages(count: 1, timeoutMillis: 5000))
        #expect(await bob.messages().first?.message.messageUId == r.messageUId)
        // dave's messages wait for his next connection.
        let dave2 = try await PeerClient.connect(Self.options(peer, "dave"))
        #expect(await dave2.waitForMessages(count: 24, timeoutMillis: 10_000))
        #expect(await dave2.duplicatesSuppressed() == 0)
        dave.close()
        await alice.close()
        await bob.close()
        await dave2.close()
        try await peer.stop()
    }

    @Test("a client whose connection is reset is an ordinary disconnect, not a hostile one")
    func resetIsNotHostile() async throws {
        let peer = try await Self.start()
        let carol = try RawSocket(port: peer.port, query: "appId=rongwire-demo&token=carol-token")
        func online() -> Int64? { peer.state(user: "carol").objectValue?["users"]?.objectValue?["carol"]?.objectValue?["online"]?.numberValue?.int64Value }
        for _ in 0..<100 where online() != 1 { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(online() == 1)
        carol.reset()
        for _ in 0..<250 where online() != 0 { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(online() == 0)
        #expect(Self.stat(peer, "unexpected") == 0)
        #expect(Self.stat(peer, "malformed") == 0)
        let events = peer.state().objectValue?["events"]?.arrayValue ?? []
        #expect(events.contains { $0.stringValue?.contains("carol disconnected") == true }, "\(events)")
        #expect(!events.contains { $0.stringValue?.contains("unexpected") == true }, "\(events)")
        try await peer.stop()
    }
}
