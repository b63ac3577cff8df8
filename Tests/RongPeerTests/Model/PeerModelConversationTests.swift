// Tests/RongPeerTests/Model/PeerModelConversationTests.swift - PEER-HIST, UNREAD, RECEIPT, RECALL, EXP, CHRM, UG, PUSH on the model
//
// Each test states the core rule of one requirement of spec/peer.md; the scenarios in
// vectors/scenarios test the same rules over a WebSocket.

import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

@Suite("PeerModel: history, unread, receipts, recall, expansion, chatrooms, ultragroups, push")
struct PeerModelConversationTests {
    typealias H = ModelHarness

    // MARK: PEER-HIST

    @Test("PEER-HIST-001: order 0 lists messages before time, newest first; order 1 after it, oldest first; hasMsg while more remain")
    func hist001() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        var times: [Int64] = []
        for i in 0..<5 { times.append(try #require(h.text(a, to: "bob", "m\(i)")).time) }
        let b = h.connect("bob")
        let newest = try #require(h.history(b, "qryPMsg", target: "alice", count: 2).page)
        #expect(newest.list.map(\.dataTime) == [times[4], times[3]])
        #expect(newest.hasMsg_p == 1 && newest.syncTime == times[3])
        let older = try #require(h.history(b, "qryPMsg", target: "alice", time: newest.syncTime, count: 20).page)
        #expect(older.list.map(\.dataTime) == [times[2], times[1], times[0]] && older.hasMsg_p == 0)
        let forward = try #require(h.history(b, "qryPMsg", target: "alice", time: times[1], count: 20, order: 1).page)
        #expect(forward.list.map(\.dataTime) == [times[2], times[3], times[4]])
        let d = h.connect("dave")
        #expect(h.history(d, "qryGMsg", target: "team").status == 22406, "group history is for members only")
    }

    @Test("PEER-HIST-002: history keeps messages for historyRetention; history: false answers 25102")
    func hist002() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        _ = h.text(a, to: "bob", "old")
        h.clock.advance(by: 180 * 86_400_000 + 1)
        let recent = try #require(h.text(a, to: "bob", "new"))
        h.model.compact()
        #expect(h.history(a, "qryPMsg", target: "bob").page?.list.map(\.msgID) == [recent.uid])
        let off = ModelHarness { $0.app.history = false }
        let a2 = off.connect("alice")
        #expect(off.history(a2, "qryPMsg", target: "bob").status == 25102)
    }

    // MARK: PEER-UNREAD, PEER-RECEIPT

    @Test("PEER-UNREAD-001: ISCOUNTED messages count per receiver and conversation; chatroom messages never count")
    func unread001() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        _ = h.text(a, to: "bob")
        _ = h.text(a, to: "bob")
        _ = h.text(a, .group, to: "team")
        #expect(h.user("bob")["unread"]?[path: "private:alice"]?.numberValue?.int64Value == 2)
        #expect(h.user("bob")["unread"]?[path: "group:team"]?.numberValue?.int64Value == 1)
        #expect(h.count("bob", "unreadTotal") == 3 && h.count("carol", "unreadTotal") == 1 && h.count("alice", "unreadTotal") == 0)
        let b = h.connect("bob")
        #expect(h.query(a, "joinChrm", target: "lobby")?.ack.status == 0)
        #expect(h.query(b, "joinChrm", target: "lobby")?.ack.status == 0)
        _ = h.text(a, .chatroom, to: "lobby")
        #expect(h.count("bob", "unreadTotal") == 3)
    }

    @Test("PEER-UNREAD-002, PEER-RECEIPT-001: RC:ReadNtf marks the conversation read up to lastMessageSendTime, reaches the sender and is recorded")
    func unread002() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        _ = try #require(h.text(a, to: "bob", "1"))
        let second = try #require(h.text(a, to: "bob", "2"))
        _ = try #require(h.text(a, to: "bob", "3"))
        let b = h.connect("bob")
        let read = #"{"lastMessageSendTime":\#(second.time),"messageUId":"\#(second.uid)","type":1}"#
        let out = h.content(b, to: "alice", "RC:ReadNtf", read)
        #expect(H.accepted(out, b) != nil)
        #expect(h.count("bob", "unreadTotal") == 1, "the third message still counts")
        #expect(h.state[path: "receipts", "private:alice→bob", "bob"]?.numberValue?.int64Value == second.time)
        #expect(H.notifies(out, to: a).count == 1, "the receipt is a NONE message delivered to alice")
        // RC:SRSMsg (from another device of the reader) does the same.
        let last = try #require(h.text(a, to: "bob", "4"))
        _ = h.content(b, to: "alice", "RC:SRSMsg", #"{"lastMessageSendTime":\#(last.time)}"#)
        #expect(h.count("bob", "unreadTotal") == 0)
    }

    @Test("PEER-RECEIPT-002: a group receipt response directed at the requester reaches only it and is recorded per UID and reader")
    func receipt002() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let b = h.connect("bob")
        let c = h.connect("carol")
        let m = try #require(h.text(a, .group, to: "team", "read me"))
        #expect(H.accepted(h.content(a, .group, to: "team", "RC:RRReqMsg", #"{"messageUId":"\#(m.uid)"}"#), a) != nil)
        let out = h.content(b, .group, to: "team", "RC:RRRspMsg", #"{"receiptMessageDic":{"alice":["\#(m.uid)"]}}"#) { $0.directedUserIds = ["alice"] }
        #expect(H.accepted(out, b) != nil)
        #expect(H.notifies(out, to: a).count == 1 && H.notifies(out, to: c).isEmpty)
        #expect(h.state[path: "receipts", m.uid, "bob"] != nil)
        #expect(h.state[path: "receipts", m.uid, "carol"] == nil)
    }

    // MARK: PEER-RECALL

    /// Recalls `original` (sent by `sender` to `target`, private) from `conn` as `user`.
    static func recall(_ h: ModelHarness, _ conn: ConnectionID, as user: String, _ original: (uid: String, time: Int64), sender: String, target: String) -> [PeerOutput] {
        let peer = user == sender ? target : sender
        var m = OutboundMessage(.private, targetId: user, content: RecallCommandMessage(messageUId: original.uid, conversationType: 1, targetId: peer, sentTime: original.time))
        m.topic = .recallMsg
        m.persistence = .isPersisted
        return h.send(conn, m)
    }

    @Test("PEER-RECALL-001/002: a recall is acked with its own UID, reaches the other side, and the message is served as RC:RcNtf and no longer counts")
    func recall001() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let m = try #require(h.text(a, to: "bob", "oops"))
        #expect(h.count("bob", "unreadTotal") == 1)
        let out = Self.recall(h, a, as: "alice", m, sender: "alice", target: "bob")
        let cmd = try #require(H.accepted(out, a))
        #expect(cmd.uid != m.uid && MessageUIDAllocator.isWellFormed(cmd.uid))
        #expect(h.count("bob", "unreadTotal") == 0)
        #expect(h.state[path: "recalled"]?.arrayValue == [.string(m.uid)])
        #expect(h.model.eventLog.pushes.last?.recalledUId == m.uid, "offline bob gets a push record naming the recalled UID")
        let b = h.connect("bob")
        let list = try #require(h.pull(b, as: "bob")?.page.list)
        #expect(list.map(\.classname) == ["RC:RcNtf", "RC:RcCmd"])
        #expect(list.first?.msgID == m.uid && list.first?.dataTime == m.time)
        let history = try #require(h.history(b, "qryPMsg", target: "alice").page?.list)
        #expect(history.map(\.classname) == ["RC:RcNtf"], "the command is not kept in history, the slot is")
    }

    @Test("PEER-RECALL-003: recalling an unknown, already recalled or foreign message gets 25101; senderOnly refuses others with 25107")
    func recall003() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let d = h.connect("dave")
        let m = try #require(h.text(a, to: "bob"))
        #expect(H.pubAck(Self.recall(h, a, as: "alice", ("ZZZZ-ZZZZ-ZZZZ-ZZZZ", 1), sender: "alice", target: "bob"), a)?.status == 25101)
        #expect(H.pubAck(Self.recall(h, d, as: "dave", m, sender: "alice", target: "bob"), d)?.status == 25101, "dave is not in the conversation")
        #expect(H.pubAck(Self.recall(h, a, as: "alice", m, sender: "alice", target: "bob"), a)?.status == 0)
        #expect(H.pubAck(Self.recall(h, a, as: "alice", m, sender: "alice", target: "bob"), a)?.status == 25101, "already recalled")
        let strict = ModelHarness { $0.app.recall = .senderOnly }
        let a2 = strict.connect("alice")
        let b2 = strict.connect("bob")
        let m2 = try #require(strict.text(a2, to: "bob"))
        #expect(H.pubAck(Self.recall(strict, b2, as: "bob", m2, sender: "alice", target: "bob"), b2)?.status == 25107)
    }

    // MARK: PEER-EXP

    @Test("PEER-EXP-001/002: an expandable message keeps its expansion (status 0x400); RC:MsgExMsg updates it for pulls and /state")
    func exp001() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let m = try #require(h.text(a, to: "bob") { $0.canIncludeExpansion = true; $0.expansion = ["k1": "v1"] })
        let upd = h.content(a, to: "bob", "RC:MsgExMsg", #"{"mid":"\#(m.uid)","put":{"k2":"v2"},"del":["k1"]}"#)
        #expect(H.accepted(upd, a) != nil)
        #expect(h.state[path: "expansions", m.uid, "k2"] == .string("v2"))
        #expect(h.state[path: "expansions", m.uid, "k1"] == nil)
        let b = h.connect("bob")
        let list = try #require(h.pull(b, as: "bob")?.page.list)
        let original = try #require(list.first { $0.msgID == m.uid })
        #expect(original.status & 0x400 != 0)
        #expect(original.extraContent.contains("k2") && !original.extraContent.contains("k1"))
        #expect(list.contains { $0.classname == "RC:MsgExMsg" }, "the update is delivered to the conversation")
    }

    @Test("PEER-EXP-003: expansion refusals: 22201 no message, 22202 not expandable, 22203 bad key, 22204 outsider")
    func exp003() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let d = h.connect("dave")
        let plain = try #require(h.text(a, to: "bob"))
        let open = try #require(h.text(a, to: "bob") { $0.canIncludeExpansion = true })
        func update(_ conn: ConnectionID, _ json: String) -> UInt16? { H.pubAck(h.content(conn, to: "bob", "RC:MsgExMsg", json), conn)?.status }
        #expect(update(a, #"{"mid":"ZZZZ-ZZZZ-ZZZZ-ZZZZ","put":{"k":"v"}}"#) == 22201)
        #expect(update(a, #"{"mid":"\#(plain.uid)","put":{"k":"v"}}"#) == 22202)
        #expect(update(a, #"{"mid":"\#(open.uid)","put":{"bad key":"v"}}"#) == 22203)
        #expect(update(a, #"{"mid":"\#(open.uid)","put":{"k":"\#(String(repeating: "v", count: 4097))"}}"#) == 22203)
        #expect(update(d, #"{"mid":"\#(open.uid)","put":{"k":"v"}}"#) == 22204)
        #expect(h.state[path: "expansions", open.uid] == nil, "no refused update changed anything")
    }

    // MARK: PEER-CHRM

    @Test("PEER-CHRM-001: joinChrm joins (joinChrmR: 23410 for an unknown room); one room more than chatroomsPerUser leaves the earliest; exitChrm leaves")
    func chrm001() throws {
        let h = ModelHarness { $0.chatrooms.insert("hall") }
        let a = h.connect("alice")
        #expect(h.query(a, "joinChrmR", target: "nowhere")?.ack.status == 23410)
        #expect(h.query(a, "joinChrm", target: "lobby")?.ack.status == 0)
        #expect(h.state[path: "chatrooms", "lobby", "members"]?.arrayValue == [.string("alice")])
        h.clock.advance(by: 1)
        #expect(h.query(a, "joinChrmR", target: "hall")?.ack.status == 0)
        #expect(h.state[path: "chatrooms", "lobby", "members"]?.arrayValue == [], "chatroomsPerUser 1: lobby left")
        #expect(h.query(a, "exitChrm", target: "hall")?.ack.status == 0)
        #expect(h.state[path: "chatrooms", "hall", "members"]?.arrayValue == [])
    }

    @Test("PEER-CHRM-002: a chatroom message notifies the members with chrmId and is pulled with chrmPull; no inbox, push or count")
    func chrm002() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let b = h.connect("bob")
        for c in [a, b] { #expect(h.query(c, "joinChrm", target: "lobby")?.ack.status == 0) }
        let out = h.send(a, OutboundMessage(.chatroom, targetId: "lobby", content: TextMessage(content: "hello room")))
        let sent = try #require(H.accepted(out, a))
        #expect(H.notifies(out, to: b).first?.chrmID == "lobby")
        var req = Modules_ChrmPullMsg()
        req.syncTime = 0
        req.count = 10
        let ack = try #require(h.query(b, "chrmPull", target: "lobby", protoBytes(req))?.ack)
        let page = try parseBody(ack.payload, as: Modules_DownStreamMessages.self)
        #expect(page.list.map(\.msgID) == [sent.uid])
        #expect(h.count("bob", "inbox") == 0 && h.count("bob", "unreadTotal") == 0 && h.model.eventLog.pushes.isEmpty)
    }

    @Test("PEER-CHRM-003: a user whose last connection closes leaves every chatroom")
    func chrm003() throws {
        let h = ModelHarness()
        let b1 = h.connect("bob")
        let b2 = h.connect("bob", platform: "iOS")
        #expect(h.query(b1, "joinChrm", target: "lobby")?.ack.status == 0)
        h.model.disconnected(b1)
        #expect(h.state[path: "chatrooms", "lobby", "members"]?.arrayValue == [.string("bob")], "bob still has a connection")
        h.model.disconnected(b2)
        #expect(h.state[path: "chatrooms", "lobby", "members"]?.arrayValue == [])
        let b3 = h.connect("bob")
        var req = Modules_ChrmPullMsg()
        req.syncTime = 1
        req.count = 10
        #expect(h.query(b3, "chrmPull", target: "lobby", protoBytes(req))?.ack.status == 23406)
    }

    // MARK: PEER-UG

    @Test("PEER-UG-001: an ultragroup message reaches online members directly; there is no offline cache")
    func ug001() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let b = h.connect("bob")
        let out = h.send(a, OutboundMessage(.ultragroup, targetId: "guild", content: TextMessage(content: "guild news")))
        let sent = try #require(H.accepted(out, a))
        #expect(H.directPushes(out, to: b).map(\.msgID) == [sent.uid])
        #expect(h.count("carol", "inbox") == 0 && h.model.eventLog.pushes.isEmpty, "offline carol: no inbox entry, no push")
        #expect(h.state[path: "history", "ultragroup:guild"]?.numberValue?.int64Value == 1, "kept for ultragroupRetention")
    }

    // MARK: PEER-PUSH

    @Test("PEER-PUSH-001: a push is recorded for an offline receiver, with the text's precedence; not for …N topics, disabled notification, chatrooms or custom content without pushContent")
    func push001() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        _ = h.text(a, to: "bob", "plain")
        _ = h.text(a, to: "bob", "with push") { $0.pushContent = "custom push" }
        _ = h.text(a, to: "bob", "silent topic") { $0.topic = .ppMsgN }
        _ = h.text(a, to: "bob", "muted") { $0.disableNotification = true }
        _ = h.content(a, to: "bob", "App:Custom", #"{"x":1}"#)
        _ = h.content(a, .group, to: "team", "RC:TxtMsg", #"{"content":"@bob","mentionedInfo":{"type":2,"userIdList":["bob"],"mentionedContent":"you were mentioned"}}"#) {
            $0.isMentioned = true
        }
        let texts = h.model.eventLog.pushes.filter { $0.receiver == "bob" }.map(\.pushText)
        #expect(texts == ["plain", "custom push", "you were mentioned"])
        #expect(h.model.eventLog.pushes.filter { $0.receiver == "carol" }.map(\.pushText) == ["@bob"], "carol is not mentioned")
        let b = h.connect("bob")
        _ = b
        _ = h.text(a, to: "bob", "online now")
        #expect(h.model.eventLog.pushes.filter { $0.receiver == "bob" }.count == 3, "an online receiver gets no push")
    }
}
