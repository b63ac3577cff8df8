// Tests/RongPeerTests/SmokeTests.swift - a peer and two clients over real sockets

import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

@Suite("Peer smoke")
struct SmokeTests {
    static func fixture() throws -> PeerFixture {
        try PeerFixture.load(yaml: """
            app: {appKey: test}
            users:
              - {id: alice, token: alice-token}
              - {id: bob, token: bob-token}
            groups:
              - {id: team, members: [alice, bob]}
            """)
    }

    @Test("a private message reaches an online receiver, with a well-formed UID")
    func privateOnline() async throws {
        var config = PeerConfiguration()
        config.fixture = try Self.fixture()
        config.threads = 1
        let peer = try await PeerServer.start(config)
        let alice = try await PeerClient.connect(PeerClientOptions(url: peer.url, token: "alice-token", appId: "test"))
        let bob = try await PeerClient.connect(PeerClientOptions(url: peer.url, token: "bob-token", appId: "test"))
        #expect(alice.userId == "alice")
        let r = try #require(try await alice.send(OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "hi"))))
        #expect(r.status == 0)
        #expect(MessageUIDAllocator.isWellFormed(r.messageUId))
        #expect(await bob.waitForMessages(count: 1, timeoutMillis: 3000))
        let got = await bob.messages()
        #expect(got.first?.message.messageUId == r.messageUId)
        #expect(got.first?.message.senderUserId == "alice")
        await alice.close()
        await bob.close()
        try await peer.stop()
    }
}
