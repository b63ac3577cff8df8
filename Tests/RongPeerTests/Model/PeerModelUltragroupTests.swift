// Tests/RongPeerTests/Model/PeerModelUltragroupTests.swift - PEER-CONN-006, PEER-UG-*, PEER-RECEIPT-003 on the model
//
// Each test states the core rule of one requirement of spec/peer.md; the scenarios in
// vectors/scenarios (ultragroup-5x, receipts, connect, navigation) test the same rules over a
// WebSocket, and tools/sdk5x runs RongIMLib 5.7.2 against them.

import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

@Suite("PeerModel: protocol 4, ultragroups, read receipts v2")
struct PeerModelUltragroupTests {
    typealias H = ModelHarness

    /// The demo fixture with navigation `ugMsg` 1 and channels ch1, ch2 for `guild`.
    static func harness(ugMsg: Bool = true, _ configure: @escaping (inout PeerFixture) -> Void = { _ in }) -> ModelHarness {
        ModelHarness { f in
            f.app.navigation.ugMsg = ugMsg
            f.ultragroups["guild"]?.channels = ["ch1", "ch2"]
            configure(&f)
        }
    }

    /// Sends a text to `guild`'s channel.
    @discardableResult
    static func ug(_ h: H, _ conn: ConnectionID, _ channel: String = "ch1", _ text: String = "hi", _ adjust: (inout OutboundMessage) -> Void = { _ in })
        -> (uid: String, time: Int64)?
    {
        h.text(conn, .ultragroup, to: "guild", text) { m in
            m.channelId = channel
            adjust(&m)
        }
    }

    /// An RC:TxtMsg mentioning `mention` (JSON of MentionedInfo) in `guild`'s `channel`.
    static func mention(_ h: H, _ conn: ConnectionID, _ channel: String, _ mention: String) -> (uid: String, time: Int64)? {
        H.accepted(h.content(conn, .ultragroup, to: "guild", "RC:TxtMsg", #"{"content":"@","mentionedInfo":\#(mention)}"#) { m in
            m.channelId = channel
            m.isMentioned = true
        }, conn)
    }

    /// The `s_cmd` NotifyMsgs `out` writes to `conn`.
    static func commands(_ out: [PeerOutput], to conn: ConnectionID) -> [Modules_NotifyMsg] {
        H.serverPublishes(out, to: conn, topic: "s_cmd").compactMap { try? parseBody($0.publish.payload, as: Modules_NotifyMsg.self) }
    }

    /// A client PUBLISH with a body that is not a message.
    static func publish(_ h: H, _ conn: ConnectionID, _ topic: Topic, target: String, _ payload: [UInt8]) -> [PeerOutput] {
        h.model.receive(Packet(.publish(.init(topic: topic, targetId: RMTPString(target), messageId: h.messageId(), payload: payload)), qos: .atLeastOnce), from: conn)
    }

    static func pullUgMsg(_ h: H, _ conn: ConnectionID, as user: String, after syncTime: Int64) -> Modules_DownStreamMessages? {
        var r = Modules_UltraGrpPullMsg()
        r.syncTime = syncTime
        return h.query(conn, "pullUgMsg", target: user, protoBytes(r)).flatMap { try? parseBody($0.ack.payload, as: Modules_DownStreamMessages.self) }
    }

    static func pullUgSes(_ h: H, _ conn: ConnectionID, as user: String, after syncTime: Int64 = 0) -> Modules_RelationsOutput? {
        var r = Modules_UltraGrpPullSes()
        r.syncTime = syncTime
        return h.query(conn, "pullUgSes", target: user, protoBytes(r)).flatMap { try? parseBody($0.ack.payload, as: Modules_RelationsOutput.self) }
    }

    static func change(_ uid: String, time: Int64, content: String, from user: String) -> [UInt8] {
        var r = Modules_MsgChangeReq()
        r.fromUserID = user
        r.targetID = "guild"
        r.type = .ultragroup
        r.msgUid = uid
        r.msgTime = time
        r.busChannel = "ch1"
        r.content = content
        return protoBytes(r)
    }

    static func changes(_ h: H, _ conn: ConnectionID, as user: String, after syncTime: Int64 = 0) -> Modules_MsgChangeList? {
        var r = Modules_QueryMsgChange()
        r.syncTime = syncTime
        return h.query(conn, "qryMsgChange", target: user, protoBytes(r)).flatMap { try? parseBody($0.ack.payload, as: Modules_MsgChangeList.self) }
    }

    // MARK: PEER-CONN-006

    @Test("PEER-CONN-006: protocolVer 4 gets the version-4 CONNACK with all four fields and message id 1000; 3 or none the version-3 tail; another value CONNACK 1")
    func protocolVersions() throws {
        let h = ModelHarness()
        let (c4, out4) = h.open(["appId": "rongwire-demo", "token": "alice-token", "protocolVer": "4"])
        let a4 = try #require(H.connAck(out4, c4))
        #expect(a4.status == 0 && a4.layout == .v4)
        #expect(a4.version4Fields?.flags == 0x0F)
        #expect(a4.userId?.text == "alice" && a4.messageId == PeerModel.connAckMessageIdSeed && a4.messageId == 1000)
        #expect(a4.timestamp == UInt64(h.clock.nowMillis()))
        for query in [["protocolVer": "3"], [:]] {
            let (c3, out3) = h.open(["appId": "rongwire-demo", "token": "bob-token", "platform": "iOS"].merging(query) { a, _ in a })
            let a3 = try #require(H.connAck(out3, c3))
            #expect(a3.layout == .v3 && a3.userId?.text == "bob" && a3.messageId == nil)
        }
        let (c5, out5) = h.open(["appId": "rongwire-demo", "token": "carol-token", "protocolVer": "5"])
        let a5 = try #require(H.connAck(out5, c5))
        #expect(a5.status == ConnectResult.unacceptableProtocolVersion.rawValue && a5.layout == nil)
        #expect(out5.contains(.close(c5)) && !h.model.isOnline("carol"))
    }

    // MARK: PEER-UG-001, -002

    @Test("PEER-UG-002: with ugMsg a message is announced by s_cmd 6 (not pushed) to the other members and the sender's other devices, coalesced until they pull")
    func announced() throws {
        let h = Self.harness()
        let a = h.connect("alice")
        let a2 = h.connect("alice", platform: "iOS")
        let b = h.connect("bob")
        let c = h.connect("carol")
        var m = OutboundMessage(.ultragroup, targetId: "guild", content: TextMessage(content: "hi"))
        m.channelId = "ch1"
        let out = h.send(a, m)
        let sent = try #require(H.accepted(out, a))
        #expect(H.directPushes(out, to: b).isEmpty)
        for conn in [b, c, a2] {
            #expect(Self.commands(out, to: conn).map(\.type) == [6], "conn#\(conn)")
            #expect(Self.commands(out, to: conn).first?.time == sent.time)
        }
        #expect(H.packets(out, to: a).count == 1, "the sending connection gets its PUBACK only")
        // bob has not pulled: no second s_cmd within a second; after his pull, one again.
        let second = h.send(a, m)
        #expect(Self.commands(second, to: b).isEmpty)
        _ = Self.pullUgMsg(h, b, as: "bob", after: sent.time - 1)
        #expect(Self.commands(h.send(a, m), to: b).map(\.type) == [6])
        h.clock.advance(by: 2_000)
        #expect(Self.commands(h.send(a, m), to: b).map(\.type) == [6], "a second later without a pull")
    }

    @Test("PEER-UG-001: without ugMsg the other members online get the message pushed on s_msg")
    func pushedWithoutSwitch() throws {
        let h = Self.harness(ugMsg: false)
        let a = h.connect("alice")
        let b = h.connect("bob")
        var m = OutboundMessage(.ultragroup, targetId: "guild", content: TextMessage(content: "hi"))
        m.channelId = "ch2"
        let out = h.send(a, m)
        let uid = try #require(H.accepted(out, a)).uid
        #expect(H.directPushes(out, to: b).map(\.msgID) == [uid])
        #expect(H.directPushes(out, to: b).first?.busChannel == "ch2")
        #expect(Self.commands(out, to: b).isEmpty)
    }

    @Test("PEER-UG-001: channels, membership and directed messages")
    func channelsAndMembers() throws {
        let h = Self.harness()
        let a = h.connect("alice")
        let d = h.connect("dave")
        #expect(Self.status(h, d, "ch1") == PeerStatus.notInUltragroup)
        #expect(Self.status(h, a, "ch9") == PeerStatus.ultragroupChannelNotExist)
        #expect(Self.status(h, a, String(repeating: "c", count: 21)) == PeerStatus.ultragroupParameterInvalid)
        #expect(Self.status(h, a, "") == 0)
        let b = h.connect("bob")
        let c = h.connect("carol")
        let directed = try #require(Self.ug(h, a) { $0.directedUserIds = ["bob"] })
        let bobs = try #require(Self.pullUgMsg(h, b, as: "bob", after: directed.time - 1))
        let carols = try #require(Self.pullUgMsg(h, c, as: "carol", after: directed.time - 1))
        #expect(bobs.list.map(\.msgID) == [directed.uid] && carols.list.isEmpty)
    }

    /// The PUBACK status of a text to `guild`'s `channel` from `conn`.
    static func status(_ h: H, _ conn: ConnectionID, _ channel: String) -> UInt16? {
        var m = OutboundMessage(.ultragroup, targetId: "guild", content: TextMessage(content: "x"))
        m.channelId = channel
        return H.pubAck(h.send(conn, m), conn)?.status
    }

    @Test("PEER-UG-002: pullUgMsg 0 returns nothing and the newest time; from a cursor the messages after it, oldest first, without the connection's own, paged at 200")
    func pull() throws {
        let h = Self.harness()
        let a = h.connect("alice")
        let first = try #require(Self.ug(h, a, "ch1", "one"))
        let second = try #require(Self.ug(h, a, "ch2", "two"))
        let b = h.connect("bob")
        let online = try #require(Self.pullUgMsg(h, b, as: "bob", after: 0))
        #expect(online.list.isEmpty && online.syncTime == second.time && online.finished)
        let after = try #require(Self.pullUgMsg(h, b, as: "bob", after: first.time - 1))
        #expect(after.list.map(\.msgID) == [first.uid, second.uid])
        #expect(after.list.map(\.busChannel) == ["ch1", "ch2"] && after.list.allSatisfy { $0.type == .ultragroup && $0.groupID == "guild" })
        #expect(after.syncTime == second.time && after.finished)
        // alice's own connection: skipped, the cursor still moves past them.
        let own = try #require(Self.pullUgMsg(h, a, as: "alice", after: first.time - 1))
        #expect(own.list.isEmpty && own.syncTime == second.time)
        let a2 = h.connect("alice", platform: "iOS")
        let other = try #require(Self.pullUgMsg(h, a2, as: "alice", after: first.time - 1))
        #expect(other.list.map(\.direction) == [1, 1], "the other device gets them as sent")
        for i in 0..<(PeerModel.pullPageLimit + 5) { Self.ug(h, a, "ch1", "m\(i)") }
        let page = try #require(Self.pullUgMsg(h, b, as: "bob", after: second.time))
        #expect(page.list.count == PeerModel.pullPageLimit && !page.finished)
        let rest = try #require(Self.pullUgMsg(h, b, as: "bob", after: page.syncTime))
        #expect(rest.list.count == 5 && rest.finished)
    }

    // MARK: PEER-UG-003, -004, -007

    @Test("PEER-UG-003, -007: pullUgSes counts unread and mentions after the read time; updUgRTime moves it, syncs to the other devices and never goes back")
    func conversationsAndRead() throws {
        let h = Self.harness()
        let a = h.connect("alice")
        let u1 = try #require(Self.ug(h, a, "ch1", "one"))
        let u2 = try #require(Self.mention(h, a, "ch1", #"{"type":2,"userIdList":["bob"]}"#))
        let u3 = try #require(Self.ug(h, a, "ch2", "three"))
        let b = h.connect("bob")
        let b2 = h.connect("bob", platform: "Android")
        let list = try #require(Self.pullUgSes(h, b, as: "bob"))
        #expect(list.info.map(\.busChannel) == ["ch1", "ch2"] && list.isFinished)
        #expect(list.info.map(\.unreadCount) == [2, 1] && list.info.map(\.remindCount) == [1, 0])
        #expect(list.info.map(\.versionTime) == [u2.time, u3.time])
        #expect(list.info[0].msgInfo.msgID == u1.uid && list.info[0].msg.msgID == u2.uid)
        #expect(try #require(Self.pullUgSes(h, b, as: "bob", after: u2.time)).info.map(\.busChannel) == ["ch2"])
        var read = Modules_SessionMsgReadInput()
        read.type = .ultragroup
        read.msgTime = u2.time
        read.channelID = "guild"
        read.busChannel = "ch1"
        let out = Self.publish(h, b, .updUgRTime, target: "bob", protoBytes(read))
        #expect(H.pubAck(out, b)?.status == 0)
        let sync = H.serverPublishes(out, to: b2, topic: "updUgRTime")
        #expect(sync.count == 1 && sync.first?.packet.dup == true && sync.first?.packet.qos == .atLeastOnce)
        #expect(H.pubAck(out, b2)?.messageId == sync.first?.publish.messageId)
        #expect((try? parseBody(sync.first!.publish.payload, as: Modules_SessionMsgReadInput.self))?.msgTime == u2.time)
        let after = try #require(Self.pullUgSes(h, b, as: "bob"))
        #expect(after.info.map(\.busChannel) == ["ch2", "ch1"], "the read made ch1's version the newest")
        #expect(after.info[1].unreadCount == 0 && after.info[1].readMsgTime == u2.time && !after.info[1].hasMsgInfo)
        read.msgTime = u1.time
        _ = Self.publish(h, b2, .updUgRTime, target: "bob", protoBytes(read))
        #expect(h.model.ultragroupState.readMark(user: "bob", UltragroupChannelKey(group: "guild", channel: "ch1"))?.time == u2.time)
        // Refusals are PUBACK statuses; the connection stays.
        let d = h.connect("dave")
        let refused = Self.publish(h, d, .updUgRTime, target: "dave", protoBytes(read))
        #expect(H.pubAck(refused, d)?.status == PeerStatus.notInUltragroup && !refused.contains { if case .disconnect = $0 { true } else { false } })
    }

    @Test("PEER-UG-003: unread counts stop at 999; more than 100 conversations come in pages by versionTime")
    func conversationLimits() throws {
        let h = Self.harness { f in
            for g in ["g1", "g2", "g3"] { f.ultragroups[g] = PeerFixture.Group(id: g, members: ["alice", "bob"]) }
        }
        let a = h.connect("alice")
        for g in ["g1", "g2", "g3"] {
            for i in 0..<40 { #expect(h.text(a, .ultragroup, to: g) { $0.channelId = "c\(i)" } != nil) }
        }
        for _ in 0..<1_000 { Self.ug(h, a, "ch1") }
        let b = h.connect("bob")
        let first = try #require(Self.pullUgSes(h, b, as: "bob"))
        #expect(first.info.count == PeerModel.ultragroupConversationPage && !first.isFinished)
        let next = try #require(Self.pullUgSes(h, b, as: "bob", after: first.info.last!.versionTime))
        #expect(next.info.count == 21 && next.isFinished)
        let all = first.info + next.info
        #expect(Set(all.map { "\($0.userID)/\($0.busChannel)" }).count == 121, "every conversation once")
        #expect(all.map(\.versionTime) == all.map(\.versionTime).sorted())
        #expect(all.last?.unreadCount == PeerModel.ultragroupUnreadCap)
    }

    @Test("PEER-UG-004: qryUgUal lists unread mentions of the user, newest first, within size and msgTime")
    func mentions() throws {
        let h = Self.harness()
        let a = h.connect("alice")
        let m1 = try #require(Self.mention(h, a, "ch1", #"{"type":2,"userIdList":["bob"]}"#))
        _ = try #require(Self.mention(h, a, "ch1", #"{"type":2,"userIdList":["carol"]}"#))
        let m3 = try #require(Self.mention(h, a, "ch1", #"{"type":1}"#))
        let b = h.connect("bob")
        var r = Modules_QryRemindListReq()
        r.groupID = "guild"
        r.busChannel = "ch1"
        r.msgTime = 0
        r.size = 20
        let all = try #require(h.query(b, "qryUgUal", target: "bob", protoBytes(r)).flatMap { try? parseBody($0.ack.payload, as: Modules_QryRemindListResp.self) })
        #expect(all.msgInfo.map(\.msgID) == [m3.uid, m1.uid] && all.msgInfo.map(\.remindType) == [1, 2])
        r.msgTime = m3.time - 1
        r.size = 1
        let before = try #require(h.query(b, "qryUgUal", target: "bob", protoBytes(r)).flatMap { try? parseBody($0.ack.payload, as: Modules_QryRemindListResp.self) })
        #expect(before.msgInfo.map(\.msgID) == [m1.uid])
        let d = h.connect("dave")
        #expect(h.query(d, "qryUgUal", target: "dave", protoBytes(r))?.ack.status == PeerStatus.notInUltragroup)
    }

    // MARK: PEER-UG-005

    @Test("PEER-UG-005: modifyMsg, upMsgEx and a recall are changes announced by s_cmd 7; qryMsgChange and qryMsg read them")
    func changes() throws {
        let h = Self.harness()
        let a = h.connect("alice")
        let b = h.connect("bob")
        let m = try #require(Self.ug(h, a, "ch1", "typo") { $0.canIncludeExpansion = true })
        _ = Self.pullUgMsg(h, b, as: "bob", after: m.time - 1)
        let modify = h.model.receive(
            Packet(.query(.init(topic: .modifyMsg, targetId: "guild", messageId: h.messageId(), payload: Self.change(m.uid, time: m.time, content: #"{"content":"fixed"}"#, from: "alice"))), qos: .atLeastOnce),
            from: a)
        #expect(Self.commands(modify, to: b).map(\.type) == [7] && Self.commands(modify, to: a).isEmpty)
        let ex = h.query(b, "upMsgEx", target: "guild", Self.change(m.uid, time: m.time, content: #"{"mid":"\#(m.uid)","put":{"k":"v"},"clear":0}"#, from: "bob"))
        #expect(ex?.ack.status == 0 && ex?.ack.payload.isEmpty == true)
        let log = try #require(Self.changes(h, b, as: "bob"))
        #expect(log.list.map(\.changeType) == [2, 1] && log.list.map(\.operatorID) == ["alice", "bob"] && !log.hasNext_p)
        #expect(log.syncTime == log.list.last?.time && log.list.allSatisfy { $0.msgUid == m.uid && $0.msgTime == m.time && $0.busChannel == "ch1" })
        #expect(try #require(Self.changes(h, b, as: "bob", after: log.syncTime)).list.isEmpty)
        var q = Modules_MsgQuery()
        q.targetID = "guild"
        q.type = .ultragroup
        var info = Modules_MessageQueryInfo()
        info.msgUid = m.uid
        info.msgTime = m.time
        q.query = [info]
        let now = try #require(h.query(b, "qryMsg", target: "bob", protoBytes(q)).flatMap { try? parseBody($0.ack.payload, as: Modules_MsgQueryAck.self) })
        #expect(String(decoding: now.list.first.map { Array($0.content) } ?? [], as: UTF8.self) == #"{"content":"fixed"}"#)
        #expect(now.list.first?.extStatus == 4 && now.list.first?.extraContent == #"{"k":{"v":"v"}}"#)
        q.query = Array(repeating: info, count: PeerModel.messagesPerQuery + 1)
        #expect(h.query(b, "qryMsg", target: "bob", protoBytes(q))?.ack.status == PeerStatus.invalidParameter)
        // A recall is a change of type 3.
        var cmd = RecallCommandMessage(messageUId: m.uid)
        cmd.conversationType = ConversationType.ultragroup.rawValue
        cmd.targetId = "guild"
        cmd.sentTime = m.time
        var recall = OutboundMessage(.ultragroup, targetId: "alice", content: cmd)
        recall.topic = .recallMsg
        _ = h.send(a, recall)
        #expect(try #require(Self.changes(h, b, as: "bob", after: log.syncTime)).list.map(\.changeType) == [3])
    }

    @Test("PEER-UG-005: refusals 22201-22204; 5.2.1's PUBLISH forms answered by PUBACK status, and qryMsgChange by a QUERYACK")
    func changeRefusals() throws {
        let h = Self.harness()
        let a = h.connect("alice")
        let b = h.connect("bob")
        let plain = try #require(Self.ug(h, a))
        let cases: [(ConnectionID, String, String, UInt16)] = [
            (b, plain.uid, "modifyMsg", PeerStatus.expansionNotAuthorized),
            (a, "AAAA-BBBB-CCCC-DDDD", "modifyMsg", PeerStatus.originalMessageNotExist),
            (a, plain.uid, "upMsgEx", PeerStatus.messageNotExpandable),
        ]
        for (conn, uid, topic, status) in cases {
            #expect(h.query(conn, topic, target: "guild", Self.change(uid, time: plain.time, content: #"{"content":"x","put":{"k":"v"}}"#, from: "x"))?.ack.status == status, "\(topic) \(uid)")
        }
        #expect(h.query(a, "modifyMsg", target: "guild", Self.change(plain.uid, time: plain.time, content: "[1]", from: "alice"))?.ack.status == PeerStatus.expansionFormat)
        let group = try #require(h.text(a, .group, to: "team"))
        #expect(h.query(a, "modifyMsg", target: "team", Self.change(group.uid, time: group.time, content: #"{"content":"x"}"#, from: "alice"))?.ack.status == PeerStatus.messageNotExpandable)
        let published = Self.publish(h, a, .modifyMsg, target: "guild", Self.change(plain.uid, time: plain.time, content: #"{"content":"y"}"#, from: "alice"))
        #expect(H.pubAck(published, a)?.status == 0 && Self.commands(published, to: b).map(\.type) == [7])
        var since = Modules_QueryMsgChange()
        since.syncTime = 0
        let asked = Self.publish(h, b, .qryMsgChange, target: "bob", protoBytes(since))
        let ack = try #require(H.packets(asked, to: b).compactMap { if case .queryAck(let q) = $0.body { q } else { nil } }.first)
        #expect(try parseBody(ack.payload, as: Modules_MsgChangeList.self).list.map(\.changeType) == [2])
        #expect(H.pubAck(asked, b) == nil)
    }

    @Test("PEER-UG-005: the change log pages at 100 and goes with the ultragroup retention")
    func changeLogLimits() throws {
        let h = Self.harness()
        let a = h.connect("alice")
        let m = try #require(Self.ug(h, a))
        for i in 0...PeerModel.ultragroupChangePage {
            _ = h.query(a, "modifyMsg", target: "guild", Self.change(m.uid, time: m.time, content: #"{"content":"v\#(i)"}"#, from: "alice"))
        }
        let first = try #require(Self.changes(h, a, as: "alice"))
        #expect(first.list.count == PeerModel.ultragroupChangePage && first.hasNext_p)
        #expect(try #require(Self.changes(h, a, as: "alice", after: first.syncTime)).list.count == 1)
        // Message times run a little ahead of the test clock (PEER-MSG-003): past all of them.
        h.clock.advance(by: h.model.fixture.app.ultragroupRetention.milliseconds + 1_000)
        h.model.compact()
        #expect(h.model.ultragroupState.changes.isEmpty)
    }

    // MARK: PEER-UG-006, -008

    @Test("PEER-UG-006: a channel's default level is set for every member, read back, carried as groupUnpush")
    func defaultLevel() throws {
        let h = Self.harness()
        let a = h.connect("alice")
        let b = h.connect("bob")
        var set = Modules_GroupUnpushSet()
        set.busChannel = "ch1"
        set.unpushLevel = 5
        #expect(h.query(b, "ugUnpushSet", target: "guild", protoBytes(set))?.ack.status == 0)
        set.unpushLevel = 3
        #expect(h.query(b, "ugUnpushSet", target: "guild", protoBytes(set))?.ack.status == PeerStatus.invalidParameter)
        var get = Modules_GroupUnpushQuery()
        get.busChannel = "ch1"
        let r = try #require(h.query(a, "ugUnpushQuery", target: "guild", protoBytes(get)).flatMap { try? parseBody($0.ack.payload, as: Modules_GroupUnpushResult.self) })
        #expect(r.groupID == "guild" && r.busChannel == "ch1" && r.unpushLevel == 5)
        let m = try #require(Self.ug(h, a))
        #expect(Self.pullUgMsg(h, b, as: "bob", after: m.time - 1)?.list.first?.groupUnpush == 5)
        get.busChannel = "ch2"
        #expect(h.query(a, "ugUnpushQuery", target: "guild", protoBytes(get)).flatMap { try? parseBody($0.ack.payload, as: Modules_GroupUnpushResult.self) }?.unpushLevel == 0)
    }

    @Test("PEER-UG-008: operate gets PUBACK 0 and s_opNtf to the other members' connections; refusals are statuses, never a disconnect")
    func typing() throws {
        let h = Self.harness()
        let a = h.connect("alice")
        let a2 = h.connect("alice", platform: "iOS")
        let b = h.connect("bob")
        var op = Modules_OperateStatus()
        op.targetID = "guild"
        op.type = .ultragroup
        op.opType = 0
        op.busChannel = "ch1"
        let out = Self.publish(h, a, .operate, target: "guild", protoBytes(op))
        #expect(H.pubAck(out, a)?.status == 0)
        let notes = H.serverPublishes(out, to: b, topic: "s_opNtf").compactMap { try? parseBody($0.publish.payload, as: Modules_OperateStatusNotify.self) }
        #expect(notes.count == 1 && notes.first?.notifyType == 1 && notes.first?.info.map(\.userID) == ["alice"] && notes.first?.info.first?.busChannel == "ch1")
        #expect(H.serverPublishes(out, to: a2, topic: "s_opNtf").isEmpty)
        let d = h.connect("dave")
        let refused = Self.publish(h, d, .operate, target: "guild", protoBytes(op))
        #expect(H.pubAck(refused, d)?.status == PeerStatus.notInUltragroup)
        op.busChannel = "nope"
        #expect(H.pubAck(Self.publish(h, a, .operate, target: "guild", protoBytes(op)), a)?.status == PeerStatus.ultragroupChannelNotExist)
        #expect(h.model.stats.malformed == 0 && h.model.isOnline("dave"))
    }

    // MARK: PEER-RECEIPT-003

    @Test("PEER-RECEIPT-003: rrMsg records the first read and sends RC:RRMsg to the sender; rrList lists the readers; refusals")
    func receiptsV2() throws {
        let h = ModelHarness { $0.app.navigation.grpRRVer = true }
        let a = h.connect("alice")
        let b = h.connect("bob")
        let c = h.connect("carol")
        let m = try #require(h.text(a, .group, to: "team", "read me"))
        var rr = Modules_GrpReadReceiptMsg()
        rr.msgID = [m.uid, m.uid, "AAAA-BBBB-CCCC-DDDD"]
        let out = h.model.receive(Packet(.query(.init(topic: .rrMsg, targetId: "team", messageId: h.messageId(), payload: protoBytes(rr)))), from: b)
        let notices = H.directPushes(out, to: a)
        #expect(notices.count == 1 && notices.first?.classname == "RC:RRMsg" && notices.first?.fromUserID == "bob" && notices.first?.status == 0)
        let content = try #require(try? JSONValue(parsing: notices.first!.content))
        #expect(content == ["msgId": .string(m.uid), "rrn": 1, "tmn": 3])
        _ = h.query(b, "rrMsg", target: "team", protoBytes(rr))
        _ = h.query(c, "rrMsg", target: "team", protoBytes(rr))
        var list = Modules_GrpReadReceiptMsg()
        list.msgID = [m.uid]
        let readers = try #require(h.query(a, "rrList", target: "team", protoBytes(list)).flatMap { try? parseBody($0.ack.payload, as: Modules_GrpReadReceiptQryResp.self) })
        #expect(readers.totalMemberNum == 3 && readers.list.map(\.userID) == ["bob", "carol"])
        let d = h.connect("dave")
        #expect(h.query(d, "rrMsg", target: "team", protoBytes(rr))?.ack.status == PeerStatus.notInGroup)
        rr.msgID = Array(repeating: m.uid, count: PeerModel.receiptsPerRequest + 1)
        #expect(h.query(b, "rrMsg", target: "team", protoBytes(rr))?.ack.status == PeerStatus.invalidParameter)
        let own = h.model.receive(Packet(.query(.init(topic: .rrMsg, targetId: "team", messageId: h.messageId(), payload: protoBytes(list)))), from: a)
        #expect(H.directPushes(own, to: a).isEmpty, "the sender's own read is no reader")
    }
}
