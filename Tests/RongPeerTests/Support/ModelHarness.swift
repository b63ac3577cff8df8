// Tests/RongPeerTests/Support/ModelHarness.swift - a PeerModel driven directly, without sockets

import RongCodec
import RongEnvelope
import Synchronization
import Testing

@testable import RongPeer

/// A clock that moves only when told: every message of a test gets a time the test can predict.
final class TestClock: PeerClock {
    private let millis: Atomic<Int64>

    init(_ start: Int64 = 1_700_000_000_000) { millis = Atomic(start) }

    func nowMillis() -> Int64 { millis.load(ordering: .relaxed) }

    func advance(by ms: Int64) { millis.add(ms, ordering: .relaxed) }
}

/// A ``PeerModel`` with the demo fixture (alice, bob, carol, dave; group team; chatroom lobby;
/// ultragroup guild) and a ``TestClock``, and the steps a client would take, each returning what
/// the model writes. The tests of each PEER requirement's core rule use it; the scenarios test
/// the same rules over sockets. A class, so tests can call its steps inside `#expect`.
final class ModelHarness {
    var model: PeerModel
    let clock: TestClock
    private var nextConnection = 1
    private var nextMessageId: UInt16 = 1

    init(seed: UInt64 = 0, _ configure: (inout PeerFixture) -> Void = { _ in }) {
        var fixture = PeerFixture.demo
        configure(&fixture)
        clock = TestClock()
        model = PeerModel(fixture: fixture, clock: clock, seed: seed)
    }

    // MARK: Connections

    /// Opens a connection with these URL parameters; returns its number and the model's outputs.
    func open(_ query: [String: String]) -> (ConnectionID, [PeerOutput]) {
        let conn = nextConnection
        nextConnection += 1
        return (conn, model.connect(conn, params: ConnectParams(query: query)))
    }

    /// Connects `user` with its demo token; records an issue unless CONNACK 0 comes back.
    func connect(_ user: String, platform: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> ConnectionID {
        var query = ["appId": "rongwire-demo", "token": "\(user)-token"]
        query["platform"] = platform
        let (conn, out) = open(query)
        let status = Self.connAck(out, conn)?.status
        #expect(status == 0, "CONNACK for \(user): \(out)", sourceLocation: sourceLocation)
        return conn
    }

    /// The CONNACK among `out` for `conn`.
    static func connAck(_ out: [PeerOutput], _ conn: ConnectionID) -> Packet.ConnAck? {
        for case .packet(conn, let p) in out {
            if case .connAck(let a) = p.body { return a }
        }
        return nil
    }

    // MARK: Sending

    /// The next client message id.
    func messageId() -> UInt16 {
        defer { nextMessageId = nextMessageId == .max ? 1 : nextMessageId + 1 }
        return nextMessageId
    }

    /// Sends `message` from `conn` as its client PUBLISH.
    func send(_ conn: ConnectionID, _ message: OutboundMessage) -> [PeerOutput] {
        let packet: Packet
        do {
            packet = try message.packet(messageId: messageId())
        } catch {
            Issue.record("cannot build the PUBLISH: \(error)")
            return []
        }
        return model.receive(packet, from: conn)
    }

    /// Sends an RC:TxtMsg; returns the PUBACK's UID and time (nil without a PUBACK of status 0).
    @discardableResult
    func text(
        _ conn: ConnectionID, _ type: ConversationType = .private, to target: String, _ text: String = "hi",
        _ adjust: (inout OutboundMessage) -> Void = { _ in }
    ) -> (uid: String, time: Int64)? {
        var m = OutboundMessage(type, targetId: target, content: TextMessage(content: text))
        adjust(&m)
        return Self.accepted(send(conn, m), conn)
    }

    /// Sends content given as JSON text under `objectName`.
    func content(
        _ conn: ConnectionID, _ type: ConversationType = .private, to target: String, _ objectName: String, _ json: String,
        _ adjust: (inout OutboundMessage) -> Void = { _ in }
    ) -> [PeerOutput] {
        var m = OutboundMessage(type, targetId: target, objectName: objectName, contentBytes: Array(json.utf8))
        adjust(&m)
        return send(conn, m)
    }

    /// The server PUBACK for `conn` among `out`.
    static func pubAck(_ out: [PeerOutput], _ conn: ConnectionID) -> Packet.ServerPubAck? {
        for case .packet(conn, let p) in out {
            if case .serverPubAck(let a) = p.body { return a }
        }
        return nil
    }

    /// UID and time of a PUBACK with status 0 for `conn` (time from its date and millisecond).
    static func accepted(_ out: [PeerOutput], _ conn: ConnectionID) -> (uid: String, time: Int64)? {
        guard let a = pubAck(out, conn), a.status == 0 else { return nil }
        return (a.messageUId.text, Int64(a.date) * 1000 + Int64(a.millisecond))
    }

    // MARK: What a connection gets

    /// The packets `out` writes to `conn`, in order.
    static func packets(_ out: [PeerOutput], to conn: ConnectionID) -> [Packet] {
        out.compactMap { if case .packet(conn, let p) = $0 { p } else { nil } }
    }

    /// The server PUBLISHes on `topic` that `out` writes to `conn`.
    static func serverPublishes(_ out: [PeerOutput], to conn: ConnectionID, topic: String) -> [(packet: Packet, publish: Packet.ServerPublish)] {
        packets(out, to: conn).compactMap { p in
            if case .serverPublish(let s) = p.body, s.topic.text == topic { (p, s) } else { nil }
        }
    }

    /// The DownStreamMessages pushed directly (`s_msg`) to `conn`.
    static func directPushes(_ out: [PeerOutput], to conn: ConnectionID) -> [Modules_DownStreamMessage] {
        serverPublishes(out, to: conn, topic: "s_msg").compactMap { try? parseBody($0.publish.payload, as: Modules_DownStreamMessage.self) }
    }

    /// The `s_ntf` notifications to `conn`.
    static func notifies(_ out: [PeerOutput], to conn: ConnectionID) -> [Modules_NotifyMsg] {
        serverPublishes(out, to: conn, topic: "s_ntf").compactMap { try? parseBody($0.publish.payload, as: Modules_NotifyMsg.self) }
    }

    // MARK: Queries

    /// A QUERY from `conn`; returns the QUERYACK packet and its body.
    func query(_ conn: ConnectionID, _ topic: String, target: String, _ payload: [UInt8] = []) -> (packet: Packet, ack: Packet.QueryAck)? {
        let id = messageId()
        let out = model.receive(Packet(.query(.init(topic: Topic(topic), targetId: RMTPString(target), messageId: id, payload: payload))), from: conn)
        for case .packet(conn, let p) in out {
            if case .queryAck(let a) = p.body, a.messageId == id { return (p, a) }
        }
        return nil
    }

    /// `pullMsg` from `conn` (as user `user`); returns the QUERYACK packet and the page.
    func pull(
        _ conn: ConnectionID, as user: String, after syncTime: Int64 = 0, sent sendBoxSyncTime: Int64? = nil
    ) -> (packet: Packet, ack: Packet.QueryAck, page: Modules_DownStreamMessages)? {
        var req = Modules_SyncRequestMsg()
        req.syncTime = syncTime
        req.ispolling = false
        if let sendBoxSyncTime {
            req.isPullSend = true
            req.sendBoxSyncTime = sendBoxSyncTime
        }
        guard let (packet, ack) = query(conn, "pullMsg", target: user, protoBytes(req)),
            let page = try? parseBody(ack.payload, as: Modules_DownStreamMessages.self)
        else { return nil }
        return (packet, ack, page)
    }

    /// A history query (`qryPMsg`, `qryGMsg`, `qryCHMsg`); returns the status and the page.
    func history(
        _ conn: ConnectionID, _ topic: String, target: String, time: Int64 = 0, count: Int32? = nil, order: Int32 = 0
    ) -> (status: UInt16, page: Modules_HistoryMsgOuput?) {
        var h = Modules_HistoryMsgInput()
        h.targetID = target
        h.time = time
        if let count { h.count = count }
        h.order = order
        guard let (_, ack) = query(conn, topic, target: target, protoBytes(h)) else { return (UInt16.max, nil) }
        return (ack.status, try? parseBody(ack.payload, as: Modules_HistoryMsgOuput.self))
    }

    // MARK: State

    /// `/state`'s object for `user`.
    func user(_ user: String) -> JSONObject {
        model.snapshot(user: user).objectValue?["users"]?.objectValue?[user]?.objectValue ?? JSONObject()
    }

    /// `/state` member `key` of `user` as an integer.
    func count(_ user: String, _ key: String) -> Int64? {
        self.user(user)[key]?.numberValue?.int64Value
    }

    /// `/state` (`state[path: "users", "bob", "inbox"]`).
    var state: JSONValue { model.snapshot() }
}

extension JSONValue {
    /// An object member by a path of keys.
    subscript(path keys: String...) -> JSONValue? {
        var v: JSONValue? = self
        for k in keys { v = v?.objectValue?[k] }
        return v
    }
}
