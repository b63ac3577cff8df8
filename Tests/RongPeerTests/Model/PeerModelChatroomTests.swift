// Tests/RongPeerTests/Model/PeerModelChatroomTests.swift - chatroom join, KV limits and member controls on the model

import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

/// PEER-CHRM-005 to -012 on the model, where a scenario cannot look: every refused KV request
/// leaves the room's entries exactly as they were; a malformed join body ends the connection;
/// leaving by disconnect removes auto-delete keys and ends a created room.
@Suite("Chatrooms: join, KV limits, member controls")
struct PeerModelChatroomTests {
    typealias E = EngineCompatibilityTests
    typealias K = KeptSettingsTests

    static func batch(_ keys: [String], value: String = "x") -> [UInt8] {
        var s = Modules_SetChrmKVS()
        s.entry = keys.map { k in
            var e = Modules_ChrmKVEntity()
            e.key = k
            e.value = value
            return e
        }
        return protoBytes(s)
    }

    /// alice (1) and bob (2) in `lobby`, which holds 100 keys alice set.
    static func fullRoom() -> PeerModel {
        var m = E.connected(["alice", "bob"])
        for conn in [1, 2] { _ = E.query(&m, conn, "joinChrm", "lobby", chatroomInput, id: 1) }
        for b in 0..<10 {
            let ack = E.query(&m, 1, "setKVS", "lobby", batch((0..<10).map { "k\(b * 10 + $0)" }), id: UInt16(2 + b))
            precondition(ack?.status == 0)
        }
        return m
    }

    struct Refusal: Sendable, CustomStringConvertible {
        var description: String
        var conn: ConnectionID
        var topic: String
        var room = "lobby"
        var body: [UInt8]
        var status: UInt16
    }

    static let refusals: [Refusal] = [
        Refusal(description: "a key with a space", conn: 1, topic: "setKV", body: K.entry("a b", "v", status: 0, uid: "alice"), status: 23412),
        Refusal(description: "a key of 129 characters", conn: 1, topic: "setKV", body: K.entry(String(repeating: "k", count: 129), "v", status: 0, uid: "alice"), status: 23412),
        Refusal(description: "an empty key", conn: 1, topic: "setKV", body: K.entry("", "v", status: 0, uid: "alice"), status: 23412),
        Refusal(description: "a value of 4097 characters", conn: 1, topic: "setKV", body: K.entry("k1", String(repeating: "v", count: 4097), status: 0, uid: "alice"), status: 23412),
        Refusal(description: "a 101st key", conn: 2, topic: "setKV", body: K.entry("new", "v", status: 0, uid: "bob"), status: 23423),
        Refusal(description: "another user's key changed", conn: 2, topic: "setKV", body: K.entry("k1", "mine", status: 0, uid: "bob"), status: 23424),
        Refusal(description: "another user's key removed", conn: 2, topic: "delKV", body: K.entry("k1", "", status: 4, uid: "bob"), status: 23424),
        Refusal(description: "a key the room does not hold removed", conn: 1, topic: "delKV", body: K.entry("nope", "", status: 4, uid: "alice"), status: 23427),
        Refusal(description: "a batch of 11", conn: 1, topic: "setKVS", body: batch((0..<11).map { "k\($0)" }, value: "changed"), status: 23429),
        Refusal(description: "a batch removing 11", conn: 1, topic: "delKVS", body: batch((0..<11).map { "k\($0)" }, value: ""), status: 23429),
        Refusal(description: "a batch all refused", conn: 2, topic: "setKVS", body: batch(["k1", "k2"], value: "mine"), status: 23428),
        Refusal(description: "an unknown room", conn: 1, topic: "setKV", room: "nowhere", body: K.entry("k", "v", status: 0, uid: "alice"), status: 23410),
    ]

    @Test("a refused KV request gets its code and changes nothing", arguments: refusals)
    func refusalChangesNothing(_ r: Refusal) throws {
        var m = Self.fullRoom()
        let before = try #require(m.chatrooms["lobby"]).entries
        #expect(before.count == 100)
        let ack = try #require(E.query(&m, r.conn, r.topic, r.room, r.body, id: 50))
        #expect(ack.status == r.status)
        #expect(m.chatrooms["lobby"]?.entries == before)
        #expect(m.chatrooms["nowhere"] == nil)
    }

    @Test("a key of 128 characters of the allowed set and a value of 4096 characters are accepted")
    func limitsInclusive() throws {
        var m = E.connected(["alice"])
        _ = E.query(&m, 1, "joinChrm", "lobby", chatroomInput, id: 1)
        let key = String(repeating: "Az09+=_-", count: 16)
        #expect(E.query(&m, 1, "setKV", "lobby", K.entry(key, String(repeating: "é", count: 4096), status: 0, uid: "alice"), id: 2)?.status == 0)
        #expect(m.chatrooms["lobby"]?.entries[key]?.value.unicodeScalars.count == 4096)
    }

    @Test("a join whose body is not ChrmInput is a malformed packet (DISCONNECT 2)")
    func malformedJoin() {
        var m = E.connected(["alice"])
        let out = m.receive(Packet(.query(.init(topic: .joinChrm, targetId: "lobby", messageId: 1, payload: [0xFF, 0xFF]))), from: 1)
        #expect(out.contains(.disconnect(1, status: DisconnectStatus.closure)))
        #expect(m.chatrooms["lobby"]?.members.isEmpty == true)
    }

    @Test("a disconnect removes the user's auto-delete keys, tells the members with s_cmd type 2, and ends a room a join created")
    func disconnectLeaves() throws {
        var m = E.connected(["alice", "bob"])
        for conn in [1, 2] { #expect(E.query(&m, conn, "joinChrm", "party", chatroomInput, id: 1)?.status == 0) }
        #expect(E.query(&m, 1, "setKV", "party", K.entry("seat", "1", status: 0x01, uid: "alice"), id: 2)?.status == 0)
        #expect(E.query(&m, 1, "setKV", "party", K.entry("title", "t", status: 0, uid: "alice"), id: 3)?.status == 0)
        let out = m.disconnected(1)
        #expect(try K.commands(out, to: 2).map(\.type) == [2])
        #expect(m.chatrooms["party"]?.entries["seat"].map { $0.status & 0x04 != 0 } == true)
        #expect(m.chatrooms["party"]?.entries["title"]?.value == "t")
        m.disconnected(2)
        #expect(m.chatrooms["party"] == nil)
        #expect(m.chatrooms["lobby"] != nil, "a fixture room stays")
    }

    @Test("a banned user is refused (23409) until the peer's clock passes the ban's end, then joins again")
    func banOnClock() throws {
        let clock = ManualClock()
        var m = PeerModel(fixture: PeerFixture.demo, clock: clock)
        _ = m.connect(1, params: ConnectParams(query: ["appId": "rongwire-demo", "token": "bob-token"]))
        #expect(E.query(&m, 1, "joinChrm", "lobby", chatroomInput, id: 1)?.status == 0)
        _ = try m.banChatroomMember(room: "lobby", user: "bob", minutes: 1)
        #expect(m.chatrooms["lobby"]?.members["bob"] == nil)
        #expect(E.query(&m, 1, "joinChrm", "lobby", chatroomInput, id: 2)?.status == 23409)
        // The manual clock also runs with the system's: margins of seconds.
        #expect(clock.advance(by: PeerDuration(milliseconds: 50_000)!))
        #expect(E.query(&m, 1, "joinChrmR", "lobby", chatroomInput, id: 3)?.status == 23409)
        #expect(clock.advance(by: PeerDuration(milliseconds: 10_000)!))
        #expect(E.query(&m, 1, "joinChrmR", "lobby", chatroomInput, id: 4)?.status == 0)
        #expect(throws: ChatroomControlRefusal.self) { try m.banChatroomMember(room: "lobby", user: "bob", minutes: 0) }
    }
}

extension PeerModelChatroomTests {
    @Test("a room remembers at most 1000 removed keys, the newest, however many distinct keys come and go")
    func removedEntriesBounded() throws {
        var m = E.connected(["alice"])
        _ = E.query(&m, 1, "joinChrm", "lobby", chatroomInput, id: 1)
        let clock = try #require(m.clock as? ManualClock)
        for i in 0..<1010 {
            let key = "k\(i)"
            #expect(clock.advance(by: PeerDuration(milliseconds: 1)!))
            #expect(E.query(&m, 1, "setKV", "lobby", K.entry(key, "v", status: 0, uid: "alice"), id: 2)?.status == 0)
            #expect(E.query(&m, 1, "delKV", "lobby", K.entry(key, "", status: 4, uid: "alice"), id: 3)?.status == 0)
        }
        let entries = try #require(m.chatrooms["lobby"]).entries
        #expect(entries.count == 1000)
        #expect(entries["k1009"] != nil && entries["k9"] == nil)
    }
}
