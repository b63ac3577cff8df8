// Tests/RongPeerTests/Model/PeerModelSessionTests.swift - PEER-CONN-* and PEER-MSG-* on the model, without sockets
//
// Each test states the core rule of one requirement of spec/peer.md; the scenarios in
// vectors/scenarios test the same rules over a WebSocket.

import Foundation
import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

@Suite("PeerModel: connections and sending")
struct PeerModelSessionTests {
    typealias H = ModelHarness

    // MARK: PEER-CONN

    @Test("PEER-CONN-001: an accepted connection gets CONNACK 0 with the user id, a session id and the server time; /state lists the device")
    func conn001() throws {
        let h = ModelHarness()
        let (conn, out) = h.open(["appId": "rongwire-demo", "token": "alice-token", "platform": "iOS"])
        let ack = try #require(H.connAck(out, conn))
        #expect(ack.status == 0)
        let session = try #require(ack.session)
        #expect(session.userId.text == "alice")
        #expect(!session.sessionId.text.isEmpty)
        #expect(Int64(session.timestamp) == h.clock.nowMillis())
        #expect(h.count("alice", "online") == 1)
        #expect(h.user("alice")["devices"]?.arrayValue?.first?[path: "platform"]?.stringValue == "iOS")
    }

    static let refusals: [(query: [String: String], status: UInt8, why: String)] = [
        (["appId": "rongwire-demo", "token": "nobody-token"], 4, "unknown token"),
        (["appId": "rongwire-demo"], 4, "missing token"),
        (["appId": "other-app", "token": "alice-token"], 4, "appId other than the App Key"),
        (["appId": "rongwire-demo", "token": "bob-expired-token"], 10, "expired token"),
        (["appId": "rongwire-demo", "token": "mallory-token"], 9, "banned user"),
    ]

    @Test("PEER-CONN-002: a refused connection gets CONNACK with the status and is closed", arguments: refusals)
    func conn002(_ c: (query: [String: String], status: UInt8, why: String)) throws {
        let h = ModelHarness()
        let (conn, out) = h.open(c.query)
        #expect(H.connAck(out, conn)?.status == c.status, "\(c.why)")
        #expect(H.connAck(out, conn)?.session == nil)
        #expect(out.last == .close(conn), "\(c.why): \(out)")
        #expect(!h.model.isOnline("alice") && !h.model.isOnline("bob"))
    }

    @Test("PEER-CONN-002: a blocked app refuses with 8, a platform not enabled with 3")
    func conn002App() {
        let blocked = ModelHarness { $0.app.blocked = true }
        let (c1, o1) = blocked.open(["appId": "rongwire-demo", "token": "alice-token"])
        #expect(H.connAck(o1, c1)?.status == 8 && o1.last == .close(c1))
        let webOnly = ModelHarness { $0.app.platforms = ["web"] }
        let (c2, o2) = webOnly.open(["appId": "rongwire-demo", "token": "alice-token", "platform": "iOS"])
        #expect(H.connAck(o2, c2)?.status == 3 && o2.last == .close(c2))
        let (c3, o3) = webOnly.open(["appId": "rongwire-demo", "token": "alice-token"])
        #expect(H.connAck(o3, c3)?.status == 0, "Web is the default platform and is enabled")
    }

    @Test("PEER-CONN-003: a later login of the same platform class kicks the earlier with DISCONNECT 1; other classes coexist")
    func conn003() {
        let h = ModelHarness()
        let web = h.connect("alice")
        let ios = h.connect("alice", platform: "iOS")
        #expect(h.count("alice", "online") == 2, "Web and mobile coexist")
        let (android, out) = h.open(["appId": "rongwire-demo", "token": "alice-token", "platform": "Android"])
        #expect(H.connAck(out, android)?.status == 0)
        #expect(out.contains(.disconnect(ios, status: 1)), "\(out)")
        #expect(!out.contains(.disconnect(web, status: 1)))
        #expect(h.model.user(of: ios) == nil && h.model.user(of: web) == "alice")
    }

    @Test("PEER-CONN-003: with kick: rejectNewer the later login gets CONNACK 13 and the earlier stays")
    func conn003RejectNewer() {
        let h = ModelHarness { $0.app.kick = .rejectNewer }
        let first = h.connect("alice", platform: "PC")
        let (second, out) = h.open(["appId": "rongwire-demo", "token": "alice-token", "platform": "MacOS"])
        #expect(H.connAck(out, second)?.status == 13)
        #expect(!out.contains { if case .disconnect = $0 { true } else { false } })
        #expect(h.model.user(of: first) == "alice")
    }

    @Test("PEER-CONN-004: PINGREQ is answered with PINGRESP")
    func conn004() {
        let h = ModelHarness()
        let a = h.connect("alice")
        #expect(h.model.receive(Packet(.pingReq), from: a) == [.packet(a, Packet(.pingResp))])
    }

    @Test("PEER-CONN-005: a client DISCONNECT closes the connection; the user is offline when none is left")
    func conn005() {
        let h = ModelHarness()
        let a = h.connect("alice")
        let b = h.connect("alice", platform: "iOS")
        #expect(h.model.receive(Packet(.disconnect(.init(status: 0))), from: a) == [.close(a)])
        h.model.disconnected(a)
        #expect(h.model.isOnline("alice"))
        h.model.disconnected(b)
        #expect(!h.model.isOnline("alice"))
        #expect(h.count("alice", "online") == 0)
    }

    // MARK: PEER-MSG

    @Test("PEER-MSG-001/002/003: PUBACK with the same id, status 0, the arrival time and a well-formed UID; times strictly increase")
    func msg001() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        var m = OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "hi"))
        m.topic = .ppMsgP
        let out = h.model.receive(try m.packet(messageId: 77), from: a)
        let ack = try #require(H.pubAck(out, a))
        #expect(ack.messageId == 77 && ack.status == 0)
        let now = h.clock.nowMillis()
        #expect(Int64(ack.date) == now / 1000 && Int64(ack.millisecond) == now % 1000)
        #expect(MessageUIDAllocator.isWellFormed(ack.messageUId.text))
        // Same millisecond: consecutive times, never equal (a pull cursor must not skip one).
        let second = try #require(h.text(a, to: "bob"))
        let third = try #require(h.text(a, to: "bob"))
        #expect(second.time == now + 1 && third.time == now + 2)
        #expect(Set([ack.messageUId.text, second.uid, third.uid]).count == 3)
    }

    @Test("PEER-MSG-001: every messaging topic is acked", arguments: ["ppMsgP", "ppMsgN", "pgMsgP", "pgMsgN", "chatMsg", "ugMsg"])
    func msg001Topics(_ topic: String) throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let type: ConversationType = topic.hasPrefix("pp") ? .private : topic.hasPrefix("pg") ? .group : topic == "chatMsg" ? .chatroom : .ultragroup
        let target = ["pp": "bob", "pg": "team", "ch": "lobby", "ug": "guild"][String(topic.prefix(2))]!
        if type == .chatroom { #expect(h.query(a, "joinChrm", target: "lobby")?.ack.status == 0) }
        let ok = h.text(a, type, to: target) { $0.topic = Topic(topic) }
        #expect(ok != nil, "\(topic)")
    }

    static let refusedSends: [(type: ConversationType, target: String, topic: String?, status: UInt16, why: String)] = [
        (.group, "team", nil, 22406, "dave is not in group team"),
        (.chatroom, "lobby", nil, 23406, "dave has not joined lobby"),
        (.ultragroup, "guild", nil, 24406, "dave is not in ultragroup guild"),
        (.private, "bob", "ppMsgX", 20109, "a topic the peer does not serve"),
    ]

    @Test("PEER-MSG-004: a refused message gets an error PUBACK with an empty UID and goes nowhere", arguments: refusedSends)
    func msg004(_ c: (type: ConversationType, target: String, topic: String?, status: UInt16, why: String)) throws {
        let h = ModelHarness()
        let d = h.connect("dave")
        let b = h.connect("bob")
        var m = OutboundMessage(c.type, targetId: c.target, content: TextMessage(content: "x"))
        m.topic = c.topic.map { Topic($0) }
        let out = h.send(d, m)
        let ack = try #require(H.pubAck(out, d), "\(c.why)")
        #expect(ack.status == c.status, "\(c.why)")
        #expect(ack.messageUId.text.isEmpty)
        #expect(H.packets(out, to: b).isEmpty, "\(c.why): nothing reaches anyone")
        #expect(h.count("bob", "unreadTotal") == 0)
    }

    @Test("PEER-MSG-004: content above 131,072 bytes gets 30016")
    func msg004TooLarge() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        // OutboundMessage refuses such content itself (sizeLimit), so the body is edited after.
        let small = try OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "x")).packet(messageId: 9)
        guard case .publish(var publish) = small.body else {
            Issue.record("not a PUBLISH: \(small)")
            return
        }
        var up = try parseBody(publish.payload, as: Modules_UpStreamMessage.self)
        up.content = Data(Array(#"{"content":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 131_072) + Array(#""}"#.utf8))
        publish.payload = protoBytes(up)
        let out = h.model.receive(Packet(.publish(publish), qos: .atLeastOnce), from: a)
        #expect(H.pubAck(out, a)?.status == 30016)
        #expect(h.count("bob", "inbox") == 0)
    }

    @Test("PEER-MSG-005: a resend with the same clientUniqueId gets the first UID and time and is not delivered again")
    func msg005() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let first = try #require(h.text(a, to: "bob") { $0.clientUniqueId = 42 })
        h.clock.advance(by: 500)
        let again = try #require(h.text(a, to: "bob") { $0.clientUniqueId = 42 })
        #expect(again.uid == first.uid && again.time == first.time)
        #expect(h.count("bob", "inbox") == 1)
        let other = try #require(h.text(a, to: "bob") { $0.clientUniqueId = 43 })
        #expect(other.uid != first.uid)
        #expect(h.count("bob", "inbox") == 2)
    }

    @Test("PEER-MSG-006: a directed group message reaches only the listed users and is not in history")
    func msg006() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        #expect(h.text(a, .group, to: "team") { $0.directedUserIds = ["bob"] } != nil)
        #expect(h.count("bob", "inbox") == 1)
        #expect(h.count("carol", "inbox") == 0)
        let b = h.connect("bob")
        #expect(h.history(b, "qryGMsg", target: "team").page?.list.isEmpty == true)
    }

    @Test("PEER-MSG-007: a private message to an id not in the fixture gets 20109 and nothing is stored; unknownUsers: accept takes it")
    func msg007() throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        let out = h.content(a, to: "nobody", "RC:TxtMsg", #"{"content":"x"}"#)
        #expect(H.pubAck(out, a)?.status == 20109)
        #expect(h.state[path: "users", "nobody"] == nil)
        #expect(h.model.eventLog.pushes.isEmpty)
        let open = ModelHarness { $0.app.unknownUsers = .accept }
        let a2 = open.connect("alice")
        #expect(open.text(a2, to: "nobody") != nil)
        #expect(open.count("nobody", "inbox") == 1)
    }

    @Test("PEER-MSG-008: with sendRate N the next message within the second gets 20604 and goes nowhere; a second later it passes")
    func msg008() throws {
        let h = ModelHarness { $0.app.sendRate = 2 }
        let a = h.connect("alice")
        #expect(h.text(a, to: "bob") != nil)
        #expect(h.text(a, to: "bob") != nil)
        let out = h.content(a, to: "bob", "RC:TxtMsg", #"{"content":"third"}"#)
        #expect(H.pubAck(out, a)?.status == 20604)
        #expect(h.count("bob", "inbox") == 2)
        #expect(h.model.stats.rateLimited == 1)
        h.clock.advance(by: 1001)
        #expect(h.text(a, to: "bob") != nil)
    }
}
