// Tests/RongPeerTests/Model/PeerModelLiveRoomTests.swift - a live room's pulls and notices on the model: the room notice interval, pull pages, shared encodings

import RongCodec
import RongEnvelope
import RongSupport
import Testing

@testable import RongPeer

/// The rules the live-room work of issue 34 touched, on the model: PEER-CHRM-014 (the room
/// notice interval), PEER-CHRM-002's pull pages (found by bisection in the room's own list), and
/// the encoding shared by every member, which must follow every change of the message.
@Suite("Live rooms: notice interval, pull pages, shared encodings")
struct PeerModelLiveRoomTests {
    typealias H = ModelHarness

    static func pullRequest(after syncTime: Int64, count: Int32 = 10) -> [UInt8] {
        var req = Modules_ChrmPullMsg()
        req.syncTime = syncTime
        req.count = count
        return protoBytes(req)
    }

    static func pull(_ h: ModelHarness, _ conn: ConnectionID, after syncTime: Int64) throws -> Modules_DownStreamMessages {
        let ack = try #require(h.query(conn, "chrmPull", target: "lobby", pullRequest(after: syncTime))?.ack)
        #expect(ack.status == 0)
        return try parseBody(ack.payload, as: Modules_DownStreamMessages.self)
    }

    /// alice, bob and carol in `lobby`, with the app's notice interval set to `interval` ms and
    /// the room keeping its `recent` latest messages.
    static func room(interval: Int64, recent: Int = 50) -> (ModelHarness, [ConnectionID]) {
        let h = ModelHarness {
            $0.app.chatroomNoticeInterval = PeerDuration(milliseconds: interval)!
            $0.app.chatroomRecent = recent
        }
        let conns = ["alice", "bob", "carol"].map { h.connect($0) }
        for c in conns { #expect(h.query(c, "joinChrm", target: "lobby")?.ack.status == 0) }
        h.clock.advance(by: 1)
        return (h, conns)
    }

    @Test("PEER-CHRM-014: app.chatroomNoticeInterval loads, is written only when set, and refuses what is not a duration of at most 10s",
          arguments: ["app: {chatroomNoticeInterval: 11s}\n", "app: {chatroomNoticeInterval: -1}\n", "app: {chatroomNoticeInterval: soon}\n", "app: {chatroomNoticeInterval: [1]}\n"])
    func noticeIntervalFixture(refused text: String) throws {
        let f = try PeerFixture.load(yaml: "app: {chatroomNoticeInterval: 100ms}\n", file: "f.yaml")
        #expect(f.app.chatroomNoticeInterval.milliseconds == 100)
        #expect(f.yamlText().contains("chatroomNoticeInterval: 100ms"))
        #expect(!PeerFixture().yamlText().contains("chatroomNoticeInterval"), "the default is not written")
        do {
            _ = try PeerFixture.load(yaml: text, file: "f.yaml")
            Issue.record("loaded: \(text)")
        } catch {
            #expect(error.message.contains("chatroomNoticeInterval"), "\(error)")
        }
    }

    @Test("PEER-CHRM-014: within the notice interval of the room's last announcement a message is held, then announced once with the newest held time")
    func noticeInterval() throws {
        let (h, c) = Self.room(interval: 100)
        let (a, b, carol) = (c[0], c[1], c[2])
        let first = h.send(a, OutboundMessage(.chatroom, targetId: "lobby", content: TextMessage(content: "one")))
        let one = try #require(H.accepted(first, a))
        #expect(H.notifies(first, to: b).map(\.time) == [one.time])
        #expect(H.notifies(first, to: carol).map(\.time) == [one.time])
        #expect(h.model.nextAnnouncement == nil, "nothing held")

        // bob pulls at once; carol does not.
        #expect(try Self.pull(h, b, after: one.time - 1).list.map(\.msgID) == [one.uid])
        h.clock.advance(by: 10)
        let second = h.send(a, OutboundMessage(.chatroom, targetId: "lobby", content: TextMessage(content: "two")))
        #expect(H.notifies(second, to: b).isEmpty, "within 100 ms of the last announcement: held")
        h.clock.advance(by: 10)
        let third = h.send(a, OutboundMessage(.chatroom, targetId: "lobby", content: TextMessage(content: "three")))
        let three = try #require(H.accepted(third, a))
        #expect(H.notifies(third, to: b).isEmpty)
        let due = try #require(h.model.nextAnnouncement)
        #expect(due == one.time + 100, "the room announced at the first message's time")

        h.clock.advance(by: 50)
        #expect(h.model.releaseAnnouncements().isEmpty, "not due yet")
        h.clock.advance(by: 30)
        let released = h.model.releaseAnnouncements()
        #expect(H.notifies(released, to: b).map(\.time) == [three.time], "one notice, for the newest held message")
        #expect(H.notifies(released, to: b).first?.chrmID == "lobby")
        #expect(H.notifies(released, to: carol).isEmpty, "carol has not pulled since her notice (coalesced)")
        #expect(h.model.nextAnnouncement == nil)
        #expect(try Self.pull(h, b, after: one.time).list.count == 2, "one pull fetches both held messages")

        // Past the interval, a message is announced at once again.
        h.clock.advance(by: 200)
        let fourth = h.send(a, OutboundMessage(.chatroom, targetId: "lobby", content: TextMessage(content: "four")))
        let four = try #require(H.accepted(fourth, a))
        #expect(H.notifies(fourth, to: b).map(\.time) == [four.time])
    }

    @Test("without a notice interval a member that pulled is notified of the next message at once")
    func noInterval() throws {
        let (h, c) = Self.room(interval: 0)
        let one = try #require(H.accepted(h.send(c[0], OutboundMessage(.chatroom, targetId: "lobby", content: TextMessage(content: "one"))), c[0]))
        _ = try Self.pull(h, c[1], after: one.time - 1)
        h.clock.advance(by: 1)
        let out = h.send(c[0], OutboundMessage(.chatroom, targetId: "lobby", content: TextMessage(content: "two")))
        #expect(H.notifies(out, to: c[1]).count == 1)
        #expect(h.model.nextAnnouncement == nil)
    }

    /// What a pull returns, computed from what the test sent: of the `recent` latest, the
    /// messages after `syncTime` not sent from the puller's own connection, oldest first, a
    /// page of at most ``PeerModel/pullPageLimit``.
    @Test("PEER-CHRM-002: a pull returns the kept messages after its syncTime not sent from its own connection, oldest first, a page at most",
          arguments: [1, 2, 3], [50, 300])
    func pullPages(seed: UInt64, recent: Int) throws {
        let (h, c) = Self.room(interval: 0, recent: recent)
        var rng = SplitMix64(seed: seed)
        var sent: [(uid: String, time: Int64, conn: ConnectionID)] = []
        let total = 260
        for i in 0..<total {
            let from = c[Int(rng.next() % 3)]
            if rng.next() % 4 == 0 { h.clock.advance(by: Int64(rng.next() % 3)) }
            let m = try #require(H.accepted(h.send(from, OutboundMessage(.chatroom, targetId: "lobby", content: TextMessage(content: "m\(i)"))), from))
            sent.append((m.uid, m.time, from))
        }
        for _ in 0..<20 {
            let puller = c[Int(rng.next() % 3)]
            let after = sent[Int(rng.next() % UInt64(sent.count))].time - Int64(rng.next() % 2)
            let expected = sent.suffix(recent).filter { $0.time > after && $0.conn != puller }
            let page = try Self.pull(h, puller, after: after)
            let limit = PeerModel.pullPageLimit
            #expect(page.list.map(\.msgID) == expected.prefix(limit).map(\.uid), "seed \(seed), recent \(recent): after \(after)")
            #expect(page.finished == (expected.count <= limit))
            #expect(page.syncTime == (expected.prefix(limit).last?.time ?? after))
        }
    }

    @Test("the encoding every member shares follows the message: a recall is served as RC:RcNtf to a member who pulled it before")
    func sharedEncodingFollowsRecall() throws {
        let (h, c) = Self.room(interval: 0)
        let (a, b, carol) = (c[0], c[1], c[2])
        let one = try #require(H.accepted(h.send(a, OutboundMessage(.chatroom, targetId: "lobby", content: TextMessage(content: "oops"))), a))
        let before = try Self.pull(h, b, after: one.time - 1)
        #expect(before.list.map(\.classname) == ["RC:TxtMsg"])
        #expect(try Self.pull(h, carol, after: one.time - 1).list.map(\.content) == before.list.map(\.content), "the same bytes for carol")

        var recall = OutboundMessage(.chatroom, targetId: "lobby", content: RecallCommandMessage(messageUId: one.uid, conversationType: 4, targetId: "lobby", sentTime: one.time))
        recall.topic = .recallMsg
        recall.persistence = .isPersisted
        #expect(H.pubAck(h.send(a, recall), a)?.status == 0)
        let after = try Self.pull(h, b, after: one.time - 1)
        #expect(after.list.first(where: { $0.msgID == one.uid })?.classname == RecallNotificationMessage.objectName)
    }
}
