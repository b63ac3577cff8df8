// Tests/RongPeerTests/Stores/SessionStoreTests.swift - the session store's rules

import RongCodec
import Testing

@testable import RongPeer

@Suite("Session store")
struct SessionStoreTests {
    static func store() -> SessionStore {
        var s = SessionStore(tokens: ["t": ("alice", false)])
        s.open(1, user: "alice", params: ConnectParams(query: ["platform": "Web"]), at: 10)
        s.open(2, user: "alice", params: ConnectParams(query: ["platform": "iOS"]), at: 11)
        s.open(3, user: "bob", params: ConnectParams(query: [:]), at: 12)
        return s
    }

    @Test("a user's connections are kept oldest first; the last to close says so")
    func openClose() throws {
        var s = Self.store()
        #expect(s.connections(of: "alice") == [1, 2])
        #expect(s.connections(of: "alice", platformClass: ConnectParams(query: ["platform": "iOS"]).platformClass) == [2])
        #expect(s.user(of: 3) == "bob" && s.isOnline("bob"))
        let closed = s.close(1)
        let first = try #require(closed)
        #expect(first.session.user == "alice" && !first.wasLast)
        let last = s.close(2)
        let r1 = try #require(last).wasLast
        #expect(r1)
        #expect(!s.isOnline("alice") && s.online["alice"] == nil && s.sessions.count == 1)
        let r2 = s.close(2) == nil
        #expect(r2, "a connection closes once")
    }

    @Test("QUERYCON confirms a waiting pull once; past 64 the lowest id is forgotten")
    func confirmations() {
        var s = Self.store()
        for id in UInt16(1)...65 { s.awaitConfirmation(1, id: id, upTo: Int64(id) * 10) }
        let r3 = s.confirm(1, id: 1) == nil
        #expect(r3, "forgotten")
        let r4 = s.confirm(1, id: 2) == 20
        #expect(r4)
        let r5 = s.confirm(1, id: 2) == nil
        #expect(r5, "confirmed once")
        #expect(s[1]?.awaitingCon.count == 63)
    }

    @Test("a notice waits a second unless the connection pulled; the inbox and each room apart")
    func coalescing() {
        var s = Self.store()
        let r6 = s.shouldNotify(1, chatroom: nil, time: 100, at: 1000)
        #expect(r6)
        let r7 = !s.shouldNotify(1, chatroom: nil, time: 200, at: 1999)
        #expect(r7)
        #expect(s[1]?.notifiedUpTo == 100, "a notice not sent reaches no time")
        let r8 = s.shouldNotify(1, chatroom: "lobby", time: 300, at: 1999)
        #expect(r8, "a room is apart from the inbox")
        let r9 = !s.shouldNotify(1, chatroom: "lobby", time: 300, at: 2000)
        #expect(r9)
        s.pulled(1)
        let r10 = s.shouldNotify(1, chatroom: nil, time: 50, at: 2000)
        #expect(r10)
        #expect(s[1]?.notifiedUpTo == 100, "the newest time notified stays")
        let r11 = s.shouldNotify(1, chatroom: nil, time: 400, at: 3000)
        #expect(r11, "a second later")
        #expect(s[1]?.notifiedUpTo == 400)
        s.pulled(1, chatroom: "lobby")
        let r12 = s.shouldNotify(1, chatroom: "lobby", time: 500, at: 3000)
        #expect(r12)
    }

    @Test("sendRate admits `limit` sends within a sliding second")
    func sendRate() {
        var s = Self.store()
        let r13 = s.admitSend(1, at: 1000, limit: 2) && s.admitSend(1, at: 1500, limit: 2)
        #expect(r13)
        let r14 = !s.admitSend(1, at: 1999, limit: 2)
        #expect(r14)
        let r15 = s.admitSend(1, at: 2000, limit: 2)
        #expect(r15, "the send at 1000 left the second")
        let r16 = s.admitSend(2, at: 2000, limit: 2)
        #expect(r16, "per connection")
    }

    @Test("server message ids count per connection")
    func ids() {
        var s = Self.store()
        let a = s.nextId(1)
        let r17 = s.nextId(1) != a
        #expect(r17)
        let r18 = s.nextId(2) == a
        #expect(r18, "another connection starts its own")
    }
}
