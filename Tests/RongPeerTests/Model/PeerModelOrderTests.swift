// Tests/RongPeerTests/Model/PeerModelOrderTests.swift - lists keep one order when changes share a millisecond (PEER-ORDER-*)

import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

/// PEER-ORDER-001, -002 on the model with a clock that never moves: every change of a test
/// happens in the same millisecond, which a release build reaches often (issue 30: `pullKV` and
/// `pullSeAtts` came back in key order, or hash order, in some runs). Each list must come back in
/// the order the changes were made, which is never the order of the keys here.
@Suite("Order of lists within one millisecond")
struct PeerModelOrderTests {
    typealias K = KeptSettingsTests

    /// The harness joined to `lobby` by each user, in this order.
    static func room(_ users: [String]) -> (ModelHarness, [ConnectionID]) {
        let h = ModelHarness()
        let conns = users.map { h.connect($0) }
        for c in conns { #expect(h.query(c, "joinChrm", target: "lobby", chatroomInput)?.ack.status == 0) }
        return (h, conns)
    }

    static func kvKeys(_ h: ModelHarness, _ conn: ConnectionID, since: Int64 = 0) throws -> [String] {
        var q = Modules_QueryChrmKV()
        q.timestamp = since
        let ack = try #require(h.query(conn, "pullKV", target: "lobby", protoBytes(q))?.ack)
        return try parseBody(ack.payload, as: Modules_ChrmKVOutput.self).entries.map(\.key)
    }

    @Test("pullKV lists entries set in one millisecond in the order they were set")
    func kvOrder() throws {
        let (h, c) = Self.room(["alice", "bob"])
        for key in ["zeta", "alpha", "mid"] {
            #expect(h.query(c[0], "setKV", target: "lobby", K.entry(key, "v", status: 1, uid: "alice"))?.ack.status == 0)
        }
        #expect(h.query(c[1], "setKV", target: "lobby", K.entry("beta", "v", status: 0, uid: "bob"))?.ack.status == 0)
        #expect(try Self.kvKeys(h, c[1]) == ["zeta", "alpha", "mid", "beta"])
        // A change moves the key after the others of its millisecond.
        #expect(h.query(c[0], "setKV", target: "lobby", K.entry("zeta", "w", status: 1, uid: "alice"))?.ack.status == 0)
        #expect(try Self.kvKeys(h, c[1]) == ["alpha", "mid", "beta", "zeta"])
        // alice leaves (a millisecond later, so the pull below holds only the removals): her
        // auto-delete keys go, in the order she set them.
        h.clock.advance(by: 1)
        #expect(h.query(c[0], "exitChrm", target: "lobby", chatroomInput)?.ack.status == 0)
        #expect(try Self.kvKeys(h, c[1], since: h.clock.nowMillis()) == ["alpha", "mid", "zeta"])
        #expect(try Self.kvKeys(h, c[1]) == ["beta"])
    }

    static func state(_ type: Modules_ChannelType, _ id: String, silent: String) -> Modules_SessionState {
        var item = Modules_SessionStateItem()
        item.sessionStateType = .isSilent
        item.value = silent
        var s = Modules_SessionState()
        s.type = type
        s.channelID = id
        s.time = 1
        s.stateItem = [item]
        return s
    }

    static func pullStates(_ h: ModelHarness, _ conn: ConnectionID) throws -> [String] {
        var pull = Modules_SessionReq()
        pull.time = 0
        let ack = try #require(h.query(conn, "pullSeAtts", target: "alice", protoBytes(pull))?.ack)
        return try parseBody(ack.payload, as: Modules_SessionStates.self).state.map(\.channelID)
    }

    @Test("pullSeAtts lists states changed in one millisecond in the order they changed")
    func stateOrder() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        for (type, id) in [(Modules_ChannelType.person, "zed"), (.group, "team"), (.person, "bob")] {
            var req = Modules_SessionStateModifyReq()
            req.version = 1
            req.state = [Self.state(type, id, silent: "1")]
            #expect(h.query(a, "setSeAtt", target: "alice", protoBytes(req))?.ack.status == 0)
        }
        #expect(try Self.pullStates(h, a) == ["zed", "team", "bob"])
        var req = Modules_SessionStateModifyReq()
        req.version = 1
        req.state = [Self.state(.person, "zed", silent: "0")]
        #expect(h.query(a, "setSeAtt", target: "alice", protoBytes(req))?.ack.status == 0)
        #expect(try Self.pullStates(h, a) == ["team", "bob", "zed"])
    }

    @Test("pullUS lists tags created in one request in the request's order")
    func tagOrder() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        var add = Modules_SessionTagAddInput()
        add.version = 0
        add.tags = ["work", "home", "art"].map { id in
            var t = Modules_SessionTagItem()
            t.tagID = id
            t.name = id
            return t
        }
        #expect(h.query(a, "addSeTag", target: "alice", protoBytes(add))?.ack.status == 0)
        var us = Modules_PullUserSettingInput()
        us.version = 0
        let ack = try #require(h.query(a, "pullUS", target: "alice", protoBytes(us))?.ack)
        let items = try parseBody(ack.payload, as: Modules_PullUserSettingOutput.self).items
        #expect(items.first?.tags.map(\.tagID) == ["work", "home", "art"])
    }

    @Test("queryChrmI lists members who joined in one millisecond in join order, reversed with order 2")
    func memberOrder() throws {
        let (h, c) = Self.room(["carol", "alice", "bob"])
        for (order, want) in [(Int32(1), ["carol", "alice", "bob"]), (2, ["bob", "alice", "carol"])] {
            var q = Modules_QueryChatRoomInfoInput()
            q.count = 20
            q.order = order
            let ack = try #require(h.query(c[0], "queryChrmI", target: "lobby", protoBytes(q))?.ack)
            #expect(try parseBody(ack.payload, as: Modules_QueryChatRoomInfoOutput.self).userInfos.map(\.id) == want)
        }
    }

    @Test("a message in the millisecond of a delRelation brings the conversation back (PEER-CONV-002)")
    func removalThenMessage() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let b = h.connect("bob")
        #expect(h.text(b, to: "alice") != nil)
        // The clock moves past the last message time; then it stops.
        h.clock.advance(by: 5)
        var kind = Modules_RelationQryInput()
        kind.type = .person
        #expect(h.query(a, "delRelation", target: "bob", protoBytes(kind))?.ack.status == 0)
        func listed() throws -> [String] {
            let ack = try #require(h.query(a, "qryRelationR", target: "alice")?.ack)
            return try parseBody(ack.payload, as: Modules_RelationsOutput.self).info.map(\.userID)
        }
        #expect(try listed().isEmpty)
        let m = try #require(h.text(b, to: "alice", "again"))
        #expect(m.time == h.clock.nowMillis(), "the message has the removal's millisecond")
        #expect(try listed() == ["bob"])
    }
}
