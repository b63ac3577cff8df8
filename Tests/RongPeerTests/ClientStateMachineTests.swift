// Tests/RongPeerTests/ClientStateMachineTests.swift - the client's connection states and their actions, without sockets

import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

@Suite("Client state machine")
struct ClientStateMachineTests {
    static func options(autoReconnect: Bool = false) -> PeerClientOptions {
        var o = PeerClientOptions(url: "ws://127.0.0.1:1/websocket", token: "t")
        o.autoPull = false
        o.autoReconnect = autoReconnect
        return o
    }

    static func connAck(_ status: UInt8 = 0) -> Packet {
        let session = status == 0 ? Packet.ConnAck.Session(userId: "alice", sessionId: "s", timestamp: 1) : nil
        return Packet(.connAck(.init(status: status, session: session)), retain: true)
    }

    static func disconnect(_ status: UInt8) -> Packet { Packet(.disconnect(.init(status: status)), retain: true) }

    /// The packets among `actions`, by type.
    static func written(_ actions: [ClientAction]) -> [PacketType] {
        actions.compactMap { if case .write(let p) = $0 { p.body.type } else { nil } }
    }

    static func connected(autoReconnect: Bool = false) -> ClientStateMachine {
        var m = ClientStateMachine(options: options(autoReconnect: autoReconnect))
        _ = m.open(timeoutMillis: 1000)
        _ = m.receive(connAck(), now: 0)
        return m
    }

    @Test("open, then CONNACK 0: the caller hears the user id; the state is connected")
    func connects() {
        var m = ClientStateMachine(options: Self.options())
        let opened = m.open(timeoutMillis: 1000)
        guard case .openTransport(1) = opened.first, case .connecting(1, true) = m.state else {
            Issue.record("\(opened) \(m.state)")
            return
        }
        let acked = m.receive(Self.connAck(), now: 0)
        guard case .connectSucceeded("alice")? = acked.first else {
            Issue.record("\(acked)")
            return
        }
        #expect(m.isConnected && m.userId == "alice")
        #expect(m.connectTimedOut().isEmpty, "a late timeout changes nothing")
    }

    @Test("a refusing CONNACK fails the caller with its status; the close that follows ends the client for good")
    func refused() {
        var m = ClientStateMachine(options: Self.options(autoReconnect: true))
        _ = m.open(timeoutMillis: 1000)
        guard case .connectFailed(let e)? = m.receive(Self.connAck(4), now: 0).first else {
            Issue.record("no failure")
            return
        }
        #expect(e as? PeerClientError == .refused(4))
        let closed = m.transportClosed(attempt: 1)
        guard case .closed(.refused(4)) = m.state else {
            Issue.record("\(m.state)")
            return
        }
        #expect(!closed.contains { if case .scheduleReconnect = $0 { true } else { false } })
    }

    @Test("no CONNACK in time: the caller hears a timeout and the transport is closed")
    func connectTimeout() {
        var m = ClientStateMachine(options: Self.options())
        _ = m.open(timeoutMillis: 1000)
        let actions = m.connectTimedOut()
        guard case .connectFailed(let e)? = actions.first, case .closeTransport? = actions.dropFirst().first else {
            Issue.record("\(actions)")
            return
        }
        #expect(e as? PeerClientError == .timeout("CONNACK"))
        // The transport's own end afterwards is old news.
        #expect(m.transportClosed(attempt: 1).isEmpty)
    }

    @Test("a dropped connection with reconnect on: the next attempt resends what was not acknowledged; events of the old attempt are ignored")
    func reconnects() {
        var m = Self.connected(autoReconnect: true)
        let (token, sent) = m.publish(topic: .ppMsgP, targetId: "bob", payload: [1], expectAck: true, now: 0)
        #expect(Self.written(sent) == [.publish])
        guard case .scheduleReconnect(2, _)? = m.transportClosed(attempt: 1).first else {
            Issue.record("\(m.state)")
            return
        }
        // While waiting, a request is kept for the next connection.
        let (_, queued) = m.query(topic: .qryPMsg, targetId: "bob", payload: [], now: 0)
        #expect(Self.written(queued).isEmpty)
        #expect(m.reconnectDue(attempt: 1).isEmpty, "a stale timer")
        guard case .openTransport(2)? = m.reconnectDue(attempt: 2).first else {
            Issue.record("\(m.state)")
            return
        }
        #expect(m.transportClosed(attempt: 1).isEmpty, "the old transport's close")
        let acked = m.receive(Self.connAck(), now: 0)
        #expect(Self.written(acked) == [.publish, .query])
        #expect(m.reconnects == 1)
        #expect(!acked.contains { if case .connectSucceeded = $0 { true } else { false } }, "nobody waits on a reconnect")
        #expect(m.pendingPublishes.values.map(\.token) == [token])
    }

    @Test("DISCONNECT 1 (another device) is final: no reconnect, every request fails with it")
    func kicked() {
        var m = Self.connected(autoReconnect: true)
        let (token, _) = m.publish(topic: .ppMsgP, targetId: "bob", payload: [1], expectAck: true, now: 0)
        _ = m.receive(Self.disconnect(DisconnectStatus.otherDeviceLogin), now: 0)
        let actions = m.transportClosed(attempt: 1)
        guard case .closed(.lost) = m.state else {
            Issue.record("\(m.state)")
            return
        }
        let failed = actions.compactMap { a -> PeerClientError? in
            if case .publishAnswered(token, .failure(let e)) = a { e } else { nil }
        }
        #expect(failed == [.disconnected(DisconnectStatus.otherDeviceLogin)])
        let (_, late) = m.publish(topic: .ppMsgP, targetId: "bob", payload: [1], expectAck: true, now: 0)
        guard case .publishAnswered(_, .failure)? = late.first else {
            Issue.record("a closed client took a request: \(late)")
            return
        }
    }

    @Test("close: a WebSocket close, then the transport's end fails what is still pending")
    func closes() {
        var m = Self.connected()
        let (_, ping) = m.ping(now: 0)
        #expect(Self.written(ping) == [.pingReq])
        let closing = m.close()
        guard case .closing = m.state, closing.contains(where: { if case .closeGracefully = $0 { true } else { false } }) else {
            Issue.record("\(closing)")
            return
        }
        let ended = m.transportClosed(attempt: 1)
        guard case .closed(.byUser) = m.state, case .waiterAnswered(_, .failure(.disconnected(nil)))? = ended.first else {
            Issue.record("\(ended)")
            return
        }
    }

    @Test("a request times out only while it is the one pending under its id")
    func requestTimeout() {
        var m = Self.connected()
        let (first, _) = m.publish(topic: .ppMsgP, targetId: "bob", payload: [1], expectAck: true, now: 0)
        let id = m.ids.last
        #expect(m.requestTimedOut(.publish(id: id, token: first + 100)).isEmpty)
        guard case .publishAnswered(first, .failure(.timeout("PUBACK of ppMsgP")))? = m.requestTimedOut(.publish(id: id, token: first)).first else {
            Issue.record("no timeout")
            return
        }
        #expect(m.pendingPublishes.isEmpty)
    }
}
