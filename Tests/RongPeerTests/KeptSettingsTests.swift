// Tests/RongPeerTests/KeptSettingsTests.swift - chatroom KV, conversation status and the conversation list as ENGINE 0.1.0 uses them

import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

/// PEER-CHRM-004, PEER-QUERY-002 and PEER-QUERY-003 on the model: what `setKV`/`delKV` and `setSeAtt` write is
/// read back by `pullKV`/`pullSeAtts`, and the other connections get `s_cmd` (research note
/// § 4.1, § 5; ENGINE lines 5895-5907).
@Suite("Kept settings: chatroom KV, conversation status and list")
struct KeptSettingsTests {
    typealias E = EngineCompatibilityTests

    /// The `s_cmd` bodies written to `conn`.
    static func commands(_ out: [PeerOutput], to conn: ConnectionID) throws -> [Modules_NotifyMsg] {
        var list: [Modules_NotifyMsg] = []
        for case .packet(conn, let p) in out {
            if case .serverPublish(let s) = p.body, s.topic.text == "s_cmd" { list.append(try parseBody(s.payload, as: Modules_NotifyMsg.self)) }
        }
        return list
    }

    /// A SetChrmKV as ENGINE writes it for `setKV` and `delKV` (lines 3285-3322).
    static func entry(_ key: String, _ value: String, status: Int32, uid: String) -> [UInt8] {
        var e = Modules_ChrmKVEntity()
        e.key = key
        e.value = value
        e.status = status
        e.uid = uid
        var s = Modules_SetChrmKV()
        s.entry = e
        return protoBytes(s)
    }

    static func pull(_ m: inout PeerModel, _ conn: ConnectionID, since: Int64, id: UInt16) throws -> Modules_ChrmKVOutput {
        var q = Modules_QueryChrmKV()
        q.timestamp = since
        let ack = try #require(E.query(&m, conn, "pullKV", "lobby", protoBytes(q), id: id))
        #expect(ack.status == 0)
        return try parseBody(ack.payload, as: Modules_ChrmKVOutput.self)
    }

    @Test("setKV is kept, announced to the other members with s_cmd type 2, and pulled back; ownership and removal follow RUST's codes")
    func chatroomKV() throws {
        var m = E.connected(["alice", "bob"])
        for conn in [1, 2] { #expect(E.query(&m, conn, "joinChrm", "lobby", chatroomInput, id: 1)?.status == 0) }
        #expect(try Self.pull(&m, 2, since: 0, id: 2).entries.isEmpty)

        let set = m.receive(Packet(.query(.init(topic: .setKV, targetId: "lobby", messageId: 3, payload: Self.entry("topic", "news", status: 0, uid: "alice")))), from: 1)
        #expect(PeerUnitTests.queryAck(set)?.status == 0)
        let cmd = try Self.commands(set, to: 2)
        #expect(cmd.count == 1 && cmd.first?.type == 2 && cmd.first?.chrmID == "lobby")
        #expect(try Self.commands(set, to: 1).isEmpty, "the setter's own connection updates itself")

        let changes = try Self.pull(&m, 2, since: try #require(cmd.first).time, id: 4)
        #expect(changes.entries.map(\.key) == ["topic"] && changes.entries.first?.value == "news" && changes.entries.first?.uid == "alice")
        let full = try Self.pull(&m, 2, since: 0, id: 5)
        #expect(full.bFullUpdate && full.entries.map(\.value) == ["news"])

        // bob may not change alice's key without the overwrite bit (23424), may with it.
        #expect(E.query(&m, 2, "setKV", "lobby", Self.entry("topic", "mine", status: 0, uid: "bob"), id: 6)?.status == 23424)
        #expect(E.query(&m, 2, "setKV", "lobby", Self.entry("topic", "mine", status: 0x02, uid: "bob"), id: 7)?.status == 0)
        #expect(try Self.pull(&m, 1, since: 0, id: 8).entries.first?.value == "mine")

        // Removal (delKV carries SetChrmKV with bit 0x04): a full pull drops it, a pull of changes reports it.
        let before = try Self.pull(&m, 1, since: 0, id: 9).syncTime
        #expect(E.query(&m, 2, "delKV", "lobby", Self.entry("topic", "", status: 0x04, uid: "bob"), id: 10)?.status == 0)
        #expect(try Self.pull(&m, 1, since: 0, id: 11).entries.isEmpty)
        let removed = try Self.pull(&m, 1, since: before, id: 12).entries
        #expect(removed.count == 1 && (removed.first?.status ?? 0) & 0x04 != 0)
        #expect(E.query(&m, 2, "delKV", "lobby", Self.entry("topic", "", status: 0x04, uid: "bob"), id: 13)?.status == 23427)
    }

    @Test("a non-member can neither set nor pull a room's KV (23406)")
    func chatroomKVMembersOnly() throws {
        var m = E.connected(["alice"])
        #expect(E.query(&m, 1, "setKV", "lobby", Self.entry("k", "v", status: 0, uid: "alice"), id: 1)?.status == 23406)
        var q = Modules_QueryChrmKV()
        q.timestamp = 0
        #expect(E.query(&m, 1, "pullKV", "lobby", protoBytes(q), id: 2)?.status == 23406)
    }

    @Test("setSeAtt is kept per conversation, merged item by item, announced to the user's other devices with s_cmd type 3, and read by pullSeAtts")
    func conversationStatus() throws {
        var m = PeerModel(fixture: PeerFixture.demo, clock: ManualClock())
        _ = m.connect(1, params: ConnectParams(query: ["appId": "rongwire-demo", "token": "alice-token"]))
        _ = m.connect(2, params: ConnectParams(query: ["appId": "rongwire-demo", "token": "alice-token", "platform": "PC"]))
        _ = m.connect(3, params: ConnectParams(query: ["appId": "rongwire-demo", "token": "bob-token"]))
        func modify(_ items: [(Modules_SessionStateType, String)], id: UInt16) throws -> [PeerOutput] {
            var s = Modules_SessionState()
            s.type = .person
            s.channelID = "bob"
            s.time = 1
            s.stateItem = items.map { t, v in
                var i = Modules_SessionStateItem()
                i.sessionStateType = t
                i.value = v
                return i
            }
            var r = Modules_SessionStateModifyReq()
            r.version = 1
            r.state = [s]
            return m.receive(Packet(.query(.init(topic: .setSeAtt, targetId: "alice", messageId: id, payload: protoBytes(r)))), from: 1)
        }
        let first = try modify([(.isTop, "1")], id: 1)
        #expect(PeerUnitTests.queryAck(first)?.status == 0)
        let cmd = try Self.commands(first, to: 2)
        #expect(cmd.count == 1 && cmd.first?.type == 3)
        #expect(try Self.commands(first, to: 1).isEmpty && Self.commands(first, to: 3).isEmpty)
        _ = try modify([(.isSilent, "1")], id: 2)

        var req = Modules_SessionReq()
        req.time = 0
        let ack = try #require(E.query(&m, 2, "pullSeAtts", "alice", protoBytes(req), id: 3))
        let states = try parseBody(ack.payload, as: Modules_SessionStates.self).state
        #expect(states.count == 1 && states.first?.channelID == "bob" && states.first?.type == .person)
        #expect(states.first?.stateItem.map { "\($0.sessionStateType.rawValue)=\($0.value)" } == ["1=1", "2=1"], "both items, merged")
        req.time = try #require(states.first).time + 1
        let later = try #require(E.query(&m, 2, "pullSeAtts", "alice", protoBytes(req), id: 4))
        #expect(try parseBody(later.payload, as: Modules_SessionStates.self).state.isEmpty)
        req.time = 0
        let bobs = try #require(E.query(&m, 3, "pullSeAtts", "bob", protoBytes(req), id: 5))
        #expect(try parseBody(bobs.payload, as: Modules_SessionStates.self).state.isEmpty, "another user's status is not shared")
    }

    @Test("qryRelationR lists the user's private and group conversations newest first, each with its last message and unread count; delRelation removes one until a newer message")
    func conversationList() throws {
        var m = E.connected(["alice", "bob"])
        func send(_ o: OutboundMessage, from conn: ConnectionID, id: UInt16) throws {
            _ = m.receive(try o.packet(messageId: id), from: conn)
        }
        func list(id: UInt16) throws -> [Modules_RelationInfo] {
            var q = Modules_RelationQryInput()
            q.type = .person
            q.count = 300
            q.startTime = 0
            q.order = 0
            let ack = try #require(E.query(&m, 1, "qryRelationR", "alice", protoBytes(q), id: id))
            #expect(ack.status == 0)
            return try parseBody(ack.payload, as: Modules_RelationsOutput.self).info
        }
        try send(OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "one")), from: 1, id: 1)
        _ = (m.clock as? ManualClock)?.advance(by: PeerDuration(milliseconds: 5)!)
        try send(OutboundMessage(.group, targetId: "team", content: TextMessage(content: "two")), from: 1, id: 2)
        _ = (m.clock as? ManualClock)?.advance(by: PeerDuration(milliseconds: 5)!)
        try send(OutboundMessage(.private, targetId: "alice", content: TextMessage(content: "three")), from: 2, id: 3)
        let first = try list(id: 10)
        #expect(first.map(\.userID) == ["bob", "team"])
        #expect(first.map(\.type) == [.person, .group])
        #expect(first.first?.unreadCount == 1 && first.first?.msg.fromUserID == "bob")
        #expect(first.last?.msg.fromUserID == "alice" && first.last?.unreadCount == 0)

        var del = Modules_RelationQryInput()
        del.type = .person
        del.count = 0
        del.startTime = 0
        del.order = 0
        #expect(E.query(&m, 1, "delRelation", "bob", protoBytes(del), id: 11)?.status == 0)
        #expect(try list(id: 12).map(\.userID) == ["team"])
        _ = (m.clock as? ManualClock)?.advance(by: PeerDuration(milliseconds: 5)!)
        try send(OutboundMessage(.private, targetId: "alice", content: TextMessage(content: "four")), from: 2, id: 4)
        #expect(try list(id: 13).map(\.userID) == ["bob", "team"], "a newer message brings it back")
    }
}
