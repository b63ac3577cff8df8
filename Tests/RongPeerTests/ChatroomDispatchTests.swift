// Tests/RongPeerTests/ChatroomDispatchTests.swift - live-room priority settings and the fan-out load

import Testing
@testable import RongPeer

@Suite("Live-room priority")
struct ChatroomDispatchTests {
    @Test("the fixture's lowPriority, capacity and whitelist load and round-trip through yamlText()")
    func fixtureRoundTrip() throws {
        let f = try PeerFixture.load(yaml: """
            app: {lowPriority: ["Live:LikeMsg", "App:Heart"]}
            chatrooms:
              - {id: stage, capacity: 200, whitelist: [host]}
              - lobby
            """)
        #expect(f.app.lowPriority == ["Live:LikeMsg", "App:Heart"])
        #expect(f.chatrooms == ["stage", "lobby"])
        #expect(f.chatroomDispatch["stage"] == .init(capacity: 200, whitelist: ["host"]))
        #expect(f.chatroomDispatch["lobby"] == nil)
        #expect(try PeerFixture.load(yaml: f.yamlText()) == f)
    }

    @Test("a capacity outside 1...1000000 is refused with its line", arguments: ["0", "-3", "1000001"])
    func badCapacity(_ value: String) {
        do {
            _ = try PeerFixture.load(yaml: "chatrooms:\n  - {id: stage, capacity: \(value)}\n", file: "f.yaml")
            Issue.record("loaded capacity \(value)")
        } catch {
            #expect(error.line == 2)
            #expect(error.message.contains("capacity"))
        }
    }

    /// 20 members, three senders at 200 messages a second into a room of capacity 12: every
    /// high-priority and host message reaches every member once, likes are discarded, and the
    /// members' count of discarded likes is the peer's.
    @Test("chatroom fan-out: no protected message lost or duplicated, discarded likes counted", arguments: ["", "drop=0.02,dup=0.02,delay=0.05:20ms,reorder=0.02"])
    func fanOut(_ faults: String) async throws {
        var c = LoadConfiguration()
        c.chatroom = "lobby"
        c.clients = 20
        c.messages = 120
        c.senders = 3
        c.rate = 200
        c.capacity = 12
        c.lowShare = 0.5
        c.peerThreads = 1
        c.clientThreads = 1
        c.drainMillis = 30_000
        c.faults = try FaultPlan(parsing: faults).seeded(default: 3)
        let r = try await ChatroomLoad.run(c)
        #expect(r.failedSends == 0)
        #expect(r.protectedLost == 0)
        #expect(r.duplicated == 0)
        #expect(r.lowLost == 0)
        #expect(r.membersCutOff == 0)
        #expect(r.lowDiscarded > 0)
        #expect(r.peerDiscarded?.high == 0)
        #expect(r.peerDiscarded?.low == r.lowDiscarded)
        #expect(r.peerDispatched.map { $0.high + $0.low } == r.messages - r.lowDiscarded)
        // Every dispatched message reaches the members other than its sender.
        #expect(r.deliveries == (r.messages - r.lowDiscarded) * (c.clients - 1))
        #expect(!r.failed)
    }
}
