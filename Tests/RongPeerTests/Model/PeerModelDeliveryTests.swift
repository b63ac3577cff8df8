// Tests/RongPeerTests/Model/PeerModelDeliveryTests.swift - PEER-FLAG-*, PEER-TYPING-001, PEER-PULL-*, PEER-SYNC-* on the model
//
// Each test states the core rule of one requirement of spec/peer.md; the scenarios in
// vectors/scenarios test the same rules over a WebSocket.

import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

@Suite("PeerModel: flags, delivery, pull and sync")
struct PeerModelDeliveryTests {
    typealias H = ModelHarness

    /// What one flag does to an offline receiver under one profile.
    struct FlagCase: Sendable, CustomTestStringConvertible {
        let requirement: String
        let profile: PersistenceProfile
        let flag: PersistenceFlag
        let offlineCached: Bool
        let inHistory: Bool
        let counted: Bool
        var testDescription: String { "\(requirement): \(flag) under \(profile.rawValue)" }
    }

    static let flagCases: [FlagCase] = [
        FlagCase(requirement: "PEER-FLAG-002", profile: .current, flag: .isCounted, offlineCached: true, inHistory: true, counted: true),
        FlagCase(requirement: "PEER-FLAG-003", profile: .current, flag: .isPersisted, offlineCached: true, inHistory: true, counted: false),
        FlagCase(requirement: "PEER-FLAG-004", profile: .current, flag: .none, offlineCached: true, inHistory: false, counted: false),
        FlagCase(requirement: "PEER-FLAG-005", profile: .legacy2021, flag: .none, offlineCached: false, inHistory: true, counted: false),
    ]

    @Test("PEER-FLAG-001..005: each flag's offline cache, history and unread count, under its profile", arguments: flagCases)
    func flags(_ c: FlagCase) throws {
        let h = ModelHarness { $0.app.profile = c.profile }
        let a = h.connect("alice")
        #expect(h.text(a, to: "bob") { $0.persistence = c.flag } != nil)
        #expect(h.count("bob", "inbox") == (c.offlineCached ? 1 : 0))
        #expect(h.count("bob", "unreadTotal") == (c.counted ? 1 : 0))
        #expect(h.state[path: "history", "private:alice:bob"]?.numberValue?.int64Value ?? 0 == (c.inHistory ? 1 : 0))
        // The offline receiver gets it at its next login exactly when it is offline-cached.
        let b = h.connect("bob")
        #expect(h.pull(b, as: "bob")?.page.list.count == (c.offlineCached ? 1 : 0))
    }

    @Test("PEER-FLAG-005: NONE under legacy2021 is pushed directly on s_msg, with its UID, to an online receiver")
    func flag005Online() throws {
        let h = ModelHarness { $0.app.profile = .legacy2021 }
        let a = h.connect("alice")
        let b = h.connect("bob")
        var m = OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "now"))
        m.persistence = PersistenceFlag.none
        let out = h.send(a, m)
        let uid = try #require(H.accepted(out, a)).uid
        let pushed = H.directPushes(out, to: b)
        #expect(pushed.count == 1 && pushed.first?.msgID == uid)
        #expect(H.notifies(out, to: b).isEmpty)
    }

    @Test("PEER-FLAG-006: STATUS gets no PUBACK, reaches online receivers on s_msg without msgId, is never stored and is dropped for offline ones")
    func flag006() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let b = h.connect("bob")
        var m = OutboundMessage(.group, targetId: "team", objectName: "App:Ping", contentBytes: Array(#"{"n":1}"#.utf8), persistence: .status)
        m.topic = .pgMsgS
        let out = h.send(a, m)
        #expect(H.pubAck(out, a) == nil)
        let pushed = H.directPushes(out, to: b)
        #expect(pushed.count == 1 && !pushed[0].hasMsgID && pushed[0].classname == "App:Ping")
        #expect(h.count("bob", "inbox") == 0 && h.count("carol", "inbox") == 0, "carol is offline: dropped")
        #expect(h.model.eventLog.pushes.isEmpty && h.count("bob", "unreadTotal") == 0)
        #expect(h.state[path: "history", "group:team"] == nil)
    }

    @Test("PEER-FLAG-007: a delivered message carries the receive-side bits (persisted, counted, notification off, mentioned)")
    func flag007() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        _ = h.content(a, .group, to: "team", "RC:TxtMsg", #"{"content":"all","mentionedInfo":{"type":1}}"#) { $0.isMentioned = true }
        _ = h.text(a, .group, to: "team", "quiet") { $0.disableNotification = true }
        _ = h.text(a, .group, to: "team", "kept") { $0.persistence = .isPersisted }
        let b = h.connect("bob")
        let list = try #require(h.pull(b, as: "bob")?.page.list)
        try #require(list.count == 3)
        #expect(list[0].status & 0x40 != 0, "mentioned")
        #expect(list[0].status & 0x20 != 0, "counted")
        #expect(list[1].status & 0x100 != 0, "notification disabled")
        #expect(list[1].status & 0x40 == 0, "not mentioned")
        #expect(list[2].status & 0x10 != 0 && list[2].status & 0x20 == 0, "persisted, not counted")
    }

    @Test("PEER-TYPING-001: RC:TypSts reaches an online receiver and never an offline one")
    func typing001() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let typing = OutboundMessage(.private, targetId: "bob", content: TypingStatusMessage(typingContentType: "RC:TxtMsg"))
        #expect(h.send(a, typing).isEmpty, "offline bob: nothing, and no PUBACK")
        let b = h.connect("bob")
        #expect(h.pull(b, as: "bob")?.page.list.isEmpty == true)
        let out = h.send(a, typing)
        #expect(H.directPushes(out, to: b).first?.classname == "RC:TypSts")
    }

    // MARK: PEER-PULL

    @Test("PEER-PULL-001: an offline-cached message goes to the inbox; online devices get s_ntf type 1; pullMsg returns it")
    func pull001() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let b1 = h.connect("bob")
        let b2 = h.connect("bob", platform: "iOS")
        let out = h.send(a, OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "hi")))
        let sent = try #require(H.accepted(out, a))
        for b in [b1, b2] {
            let n = H.notifies(out, to: b)
            #expect(n.count == 1 && n.first?.type == 1 && n.first?.time == sent.time)
        }
        let page = try #require(h.pull(b1, as: "bob")?.page)
        #expect(page.list.map(\.msgID) == [sent.uid])
        #expect(page.list.first?.fromUserID == "alice")
    }

    @Test("PEER-PULL-002: a pull returns entries after syncTime, oldest first, at most 200; finished is false while more remain")
    func pull002() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        var times: [Int64] = []
        for i in 0..<250 { times.append(try #require(h.text(a, to: "bob", "m\(i)")).time) }
        let b = h.connect("bob")
        let first = try #require(h.pull(b, as: "bob")?.page)
        #expect(first.list.count == 200 && !first.finished)
        #expect(first.list.map(\.dataTime) == Array(times.prefix(200)))
        #expect(first.syncTime == times[199])
        let second = try #require(h.pull(b, as: "bob", after: first.syncTime)?.page)
        #expect(second.list.map(\.dataTime) == Array(times.suffix(50)) && second.finished)
        let empty = try #require(h.pull(b, as: "bob", after: second.syncTime)?.page)
        #expect(empty.list.isEmpty && empty.finished && empty.syncTime == second.syncTime, "no entry: syncTime unchanged")
    }

    @Test("PEER-PULL-003: the pullMsg QUERYACK has QoS 1; QUERYCON marks the entries delivered")
    func pull003() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        _ = h.text(a, to: "bob")
        _ = h.text(a, to: "bob")
        let b = h.connect("bob")
        let pulled = try #require(h.pull(b, as: "bob"))
        #expect(pulled.packet.qos == .atLeastOnce)
        #expect(h.count("bob", "offlineQueue") == 2)
        #expect(h.model.receive(Packet(.queryCon(messageId: pulled.ack.messageId)), from: b).isEmpty)
        #expect(h.count("bob", "offlineQueue") == 0)
    }

    @Test("PEER-PULL-004: offline messages wait for the next connection, until offlineRetention has passed")
    func pull004() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let kept = try #require(h.text(a, to: "bob", "day 1"))
        h.clock.advance(by: 7 * 86_400_000 - 10)
        let fresh = try #require(h.text(a, to: "bob", "day 7"))
        h.clock.advance(by: 20)
        let b = h.connect("bob")
        let list = try #require(h.pull(b, as: "bob")?.page.list)
        #expect(list.map(\.msgID) == [fresh.uid], "\(kept.uid) is older than 7 days")
    }

    // MARK: PEER-SYNC

    @Test("PEER-SYNC-001: the sender's other devices get the message as a dup QoS 1 PUBLISH, followed at once by a PUBACK with its UID")
    func sync001() throws {
        let h = ModelHarness()
        let web = h.connect("alice")
        let ios = h.connect("alice", platform: "iOS")
        let out = h.send(web, OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "mine")))
        let sent = try #require(H.accepted(out, web))
        let echoed = H.packets(out, to: ios)
        try #require(echoed.count == 2, "\(echoed)")
        guard case .serverPublish(let p) = echoed[0].body, case .serverPubAck(let ack) = echoed[1].body else {
            Issue.record("not PUBLISH then PUBACK: \(echoed)")
            return
        }
        #expect(echoed[0].dup && echoed[0].qos == .atLeastOnce)
        #expect(p.topic.text == "ppMsgP" && p.targetId.text == "bob")
        #expect(ack.messageId == p.messageId && ack.messageUId.text == sent.uid)
        #expect(H.packets(out, to: web).count == 1, "the sending device gets only its PUBACK")
        let off = ModelHarness { $0.app.multiDeviceSync = false }
        let w2 = off.connect("alice")
        let i2 = off.connect("alice", platform: "iOS")
        #expect(H.packets(off.send(w2, OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "x"))), to: i2).isEmpty)
    }

    @Test("PEER-SYNC-002: own messages wait for the other devices: isPullSend returns them with direction 1, never to the sending connection")
    func sync002() throws {
        let h = ModelHarness()
        let web = h.connect("alice")
        let sent = try #require(h.text(web, to: "bob"))
        let ios = h.connect("alice", platform: "iOS")
        let page = try #require(h.pull(ios, as: "alice", sent: 0)?.page)
        #expect(page.list.map(\.msgID) == [sent.uid])
        #expect(page.list.first?.direction == 1 && page.list.first?.groupID == "bob")
        #expect(h.pull(web, as: "alice", sent: 0)?.page.list.isEmpty == true)
    }

    @Test("PEER-SYNC-003: STATUS messages are not synced to the sender's other devices")
    func sync003() {
        let h = ModelHarness()
        let web = h.connect("alice")
        let ios = h.connect("alice", platform: "iOS")
        _ = h.connect("bob")
        let out = h.send(web, OutboundMessage(.private, targetId: "bob", content: TypingStatusMessage(typingContentType: "RC:TxtMsg")))
        #expect(H.packets(out, to: ios).isEmpty)
        #expect(h.pull(ios, as: "alice", sent: 0)?.page.list.isEmpty == true)
    }
}
