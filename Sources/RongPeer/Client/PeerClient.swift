// Sources/RongPeer/Client/PeerClient.swift - a small RMTP-over-WebSocket client

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import RongCodec
import RongEnvelope
import SwiftProtobuf
import Synchronization

/// How a ``PeerClient`` connects and behaves.
public struct PeerClientOptions: Sendable {
    /// The WebSocket URL without query (`ws://127.0.0.1:PORT/websocket`).
    public var url: String
    /// The token, sent as `token`.
    public var token: String
    /// The App Key, sent as `appId`.
    public var appId: String?
    /// The `platform` URL parameter (its class decides the kick rule).
    public var platform: String? = "Web"
    /// Sent as `sdkVer`.
    public var sdkVersion = "5.9.0"
    /// Sent as `apiVer`.
    public var apiVersion = "normal"
    /// Pull on every `s_ntf` (ENGINE does).
    public var autoPull = true
    /// Ask for the user's own messages sent from other devices (`isPullSend`).
    public var pullSent = true
    /// Pull every so often even without a notification (WEBv2 pulls every 180 s); nil: never.
    public var pollMillis: Int64?
    /// Resend a PUBLISH (same clientUniqueId) or repeat a QUERY not answered in this time; nil:
    /// wait forever.
    public var retryMillis: Int64?
    /// Fail a PUBLISH or QUERY not answered in this time (retries included); nil: wait forever.
    public var requestTimeoutMillis: Int64?
    /// Send PINGREQ this often; nil: never.
    public var pingMillis: Int64?
    /// Connect again (and resend what was unacknowledged) when the connection drops, unless the
    /// server said DISCONNECT with a terminal status.
    public var autoReconnect = false
    /// Keep every surfaced message for ``PeerClient/messages()`` (a load run turns it off and
    /// only uses the handler).
    public var keepMessages = true
    /// Largest WebSocket message accepted from the server.
    public var maxFrameSize = 16 << 20
    /// The message id counter starts after this one (0: the first id is 1). A value near 65535
    /// makes the client's ids wrap to 1 early (ENV-MSGID-001), for tests.
    public var lastMessageId: UInt16 = 0

    /// Options for connecting to `url` with `token` (and `appId`).
    public init(url: String, token: String, appId: String? = nil) {
        self.url = url
        self.token = token
        self.appId = appId
    }

    /// Host, port and path of ``url``.
    func endpoint() throws(PeerClientError) -> (host: String, port: Int, path: String) {
        var rest = Substring(url)
        if rest.hasPrefix("ws://") { rest = rest.dropFirst(5) } else if rest.hasPrefix("http://") { rest = rest.dropFirst(7) }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let hostPort = rest[..<slash]
        let path = slash == rest.endIndex ? "/websocket" : String(rest[slash...].split(separator: "?", maxSplits: 1)[0])
        guard let colon = hostPort.lastIndex(of: ":"), let port = Int(hostPort[hostPort.index(after: colon)...]) else {
            throw PeerClientError.badURL(url)
        }
        return (String(hostPort[..<colon]), port, path)
    }

    /// The upgrade request's URI with the SDK's parameters.
    func requestURI(path: String) -> String {
        var q = "appId=\(percentEncode(appId ?? ""))&token=\(percentEncode(token))&sdkVer=\(percentEncode(sdkVersion))&apiVer=\(percentEncode(apiVersion))"
        if let platform { q += "&platform=\(percentEncode(platform))" }
        return path + "?" + q
    }
}

/// Why a client operation failed.
public enum PeerClientError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The URL is not `ws://HOST:PORT[/PATH]` (the URL as given).
    case badURL(String)
    /// The server answered CONNACK with this status.
    case refused(UInt8)
    /// The WebSocket upgrade was declined.
    case notUpgraded
    /// The connection is closed (DISCONNECT status, if one came).
    case disconnected(UInt8?)
    /// No answer came in time (what was awaited: `CONNACK`, `PUBACK of ppMsgP`, …).
    case timeout(String)
    /// An answer arrived but its payload is not the protobuf it should be (why).
    case invalidPayload(String)

    /// One line for people.
    public var description: String {
        switch self {
        case .badURL(let u): "bad URL \(u) (ws://HOST:PORT/websocket)"
        case .refused(let s): "connection refused: CONNACK \(s) \(ConnectResult(rawValue: s))"
        case .notUpgraded: "the server did not upgrade to WebSocket"
        case .disconnected(let s): "disconnected" + (s.map { " (DISCONNECT \($0))" } ?? "")
        case .timeout(let what): "timed out waiting for \(what)"
        case .invalidPayload(let why): "invalid payload: \(why)"
        }
    }
}

/// A message the client surfaced to its user, once per UID.
public struct PeerReceivedMessage: Sendable {
    /// How it arrived.
    public enum Via: String, Sendable {
        /// A `pullMsg` reply.
        case pull
        /// A `chrmPull` reply.
        case chatroomPull
        /// An `s_msg` push.
        case push
        /// The user's own message from another device (dup bit), completed by the PUBACK.
        case sync
    }

    /// The message, decoded by ``RongEnvelope``.
    public var message: InboundMessage
    /// How it arrived.
    public var via: Via

    /// A surfaced message.
    public init(message: InboundMessage, via: Via) {
        self.message = message
        self.via = via
    }

    /// The content as a JSON value (canonical form), for matching and printing.
    public var content: JSONValue {
        (try? message.content.jsonBytes()).flatMap { try? JSONValue(parsing: $0) } ?? .null
    }
}

/// The outcome of a PUBLISH.
public struct PeerSendResult: Sendable, Hashable {
    /// 0 on success, else the peer's error status.
    public var status: UInt16
    /// The server-assigned UID (empty on error).
    public var messageUId: String
    /// The message's sent time, ms (date × 1000 + millisecond).
    public var sentTime: Int64
}

/// An RMTP client over WebSocket, enough to act as an SDK against the peer (or a real server
/// speaking the same framing): connects with URL parameters, sends messages and queries, pulls on
/// `s_ntf`, confirms QUERYACKs, completes sync messages with the server's PUBACK and surfaces
/// each message once (dedup by UID).
///
/// ```swift
/// let c = try await PeerClient.connect(PeerClientOptions(url: peer.url, token: "alice-token"))
/// let r = try await c.send(OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "hi")))
/// let got = await c.messages()
/// ```
public final class PeerClient: Sendable {
    /// How the client was set up.
    public let options: PeerClientOptions
    let loop: EventLoop
    let state: NIOLoopBound<ClientState>
    /// The group this client created (nil when the caller gave a loop).
    let ownedGroup: MultiThreadedEventLoopGroup?

    /// The user id the server confirmed in CONNACK.
    public let userId: String

    private init(options: PeerClientOptions, loop: EventLoop, state: NIOLoopBound<ClientState>, ownedGroup: MultiThreadedEventLoopGroup?, userId: String) {
        self.options = options
        self.loop = loop
        self.state = state
        self.ownedGroup = ownedGroup
        self.userId = userId
    }

    /// Connects and waits for CONNACK. A refusal throws ``PeerClientError/refused(_:)``.
    public static func connect(_ options: PeerClientOptions, on loop: EventLoop? = nil, timeoutMillis: Int64 = 10_000) async throws -> PeerClient {
        let group = loop == nil ? MultiThreadedEventLoopGroup(numberOfThreads: 1) : nil
        let el = loop ?? group!.next()
        do {
            let endpoint = try options.endpoint()
            let state = try await el.submit { NIOLoopBound(ClientState(options: options, endpoint: endpoint, loop: el), eventLoop: el) }.get()
            let user = try await el.flatSubmit { state.value.open(timeoutMillis: timeoutMillis) }.get()
            return PeerClient(options: options, loop: el, state: state, ownedGroup: group, userId: user)
        } catch {
            try? await group?.shutdownGracefully()
            throw error
        }
    }

    /// Runs `body` on the client's event loop with its state.
    @discardableResult
    func onLoop<T: Sendable>(_ body: @escaping @Sendable (ClientState) -> T) async -> T {
        let state = self.state
        return try! await loop.submit { body(state.value) }.get()
    }

    /// Sends a message. Returns the server's PUBACK, or nil for a STATUS message (no PUBACK is
    /// sent for those).
    @discardableResult
    public func send(_ message: OutboundMessage) async throws -> PeerSendResult? {
        var m = message
        if m.clientUniqueId == nil && !m.effectivePersistence.isStatus { m.clientUniqueId = Self.uniqueId() }
        let packet = try m.packet(messageId: 0)
        guard case .publish(let p) = packet.body else { return nil }
        return try await publish(topic: p.topic.text, targetId: p.targetId.text, payload: p.payload, expectAck: m.expectsAck)
    }

    /// Sends a PUBLISH with a ready payload (an UpStreamMessage).
    public func publish(topic: String, targetId: String, payload: [UInt8], expectAck: Bool = true) async throws -> PeerSendResult? {
        let state = self.state
        let future = try await loop.submit { () -> EventLoopFuture<PeerSendResult?> in
            state.value.publish(topic: topic, targetId: targetId, payload: payload, expectAck: expectAck)
        }.get()
        return try await future.get()
    }

    /// Sends a QUERY and returns the QUERYACK's status and payload.
    public func query(topic: String, targetId: String, payload: [UInt8]) async throws -> (status: UInt16, payload: [UInt8]) {
        let state = self.state
        let future = try await loop.submit { state.value.query(topic: topic, targetId: targetId, payload: payload) }.get()
        return try await future.get()
    }

    /// Pulls until the server says `finished` (and again if a notification came meanwhile).
    public func pull() async throws {
        let state = self.state
        let future = try await loop.submit { state.value.pullUntilIdle() }.get()
        try await future.get()
    }

    /// Joins a chatroom; with `history` > 0 pulls that many of its latest messages.
    public func joinChatroom(_ room: String, history: Int = -1) async throws -> UInt16 {
        let ack = try await query(topic: "joinChrm", targetId: room, payload: [])
        guard ack.status == 0 else { return ack.status }
        _ = await onLoop { $0.joinedChatrooms.insert(room).inserted }
        if history > 0 {
            var req = Modules_ChrmPullMsg()
            req.syncTime = 0
            req.count = Int32(history)
            let r = try await query(topic: "chrmPull", targetId: room, payload: protoBytes(req))
            if r.status == 0 {
                let payload = r.payload
                _ = await onLoop { $0.acceptChatroomPull(room: room, payload: payload) }
            }
        }
        return 0
    }

    /// Leaves a chatroom.
    public func quitChatroom(_ room: String) async throws -> UInt16 {
        _ = await onLoop { $0.joinedChatrooms.remove(room) != nil }
        return try await query(topic: "exitChrm", targetId: room, payload: []).status
    }

    /// A history query (`qryPMsg`, `qryGMsg`, `qryCHMsg`).
    public func history(topic: String, targetId: String, time: Int64 = 0, count: Int32 = 20, order: Int32 = 0) async throws
        -> (status: UInt16, messages: [InboundMessage], hasMore: Bool)
    {
        var req = Modules_HistoryMsgInput()
        req.targetID = targetId
        req.time = time
        req.count = count
        req.order = order
        let r = try await query(topic: topic, targetId: targetId, payload: protoBytes(req))
        guard r.status == 0 else { return (r.status, [], false) }
        let out: Modules_HistoryMsgOuput
        do throws(CodecError) {
            out = try parseBody(r.payload, as: Modules_HistoryMsgOuput.self)
        } catch {
            throw PeerClientError.invalidPayload("HistoryMsgOuput: \(error.reason)")
        }
        return (0, out.list.compactMap { try? InboundMessage($0) }, out.hasMsg_p != 0)
    }

    /// Everything surfaced so far, in order.
    public func messages() async -> [PeerReceivedMessage] { await onLoop { $0.received } }

    /// Messages that arrived again with a UID already surfaced (suppressed by the dedup).
    public func duplicatesSuppressed() async -> Int { await onLoop { $0.duplicatesSuppressed } }

    /// PINGRESPs received so far (PEER-CONN-004).
    public func pongs() async -> Int { await onLoop { $0.pongs } }

    /// Server PUBACKs that matched no pending PUBLISH and no sync message: a PUBACK for a
    /// STATUS message (which gets none), or a second PUBACK for one PUBLISH.
    public func strayAcks() async -> Int { await onLoop { $0.strayAcks } }

    /// The latest stray PUBACKs (at most 16), described, for failure messages.
    public func strayAckLog() async -> [String] { await onLoop { $0.strayAckLog } }

    /// Sends PINGREQ and waits for PINGRESP; throws ``PeerClientError/timeout(_:)`` when none
    /// comes in time. The peer answers packets in order, so after this returns, every answer to
    /// what the client sent before has arrived.
    public func ping(timeoutMillis: Int64 = 5_000) async throws {
        let state = self.state
        let future = try await loop.submit { state.value.ping() }.get()
        let timeout = loop.scheduleTask(in: .milliseconds(timeoutMillis)) {
            let s = state.value
            let waiters = s.pingWaiters
            s.pingWaiters = []
            for w in waiters { w.fail(PeerClientError.timeout("PINGRESP")) }
        }
        defer { timeout.cancel() }
        try await future.get()
    }

    /// The DISCONNECT status the server sent, if any.
    public func disconnectStatus() async -> UInt8? { await onLoop { $0.disconnectStatus } }

    /// Whether the connection is open.
    public func isConnected() async -> Bool { await onLoop { $0.channel?.isActive ?? false } }

    /// Waits until at least `count` messages were surfaced, or the timeout.
    public func waitForMessages(count: Int, timeoutMillis: Int64) async -> Bool {
        let deadline = monotonicNanos() + UInt64(timeoutMillis) * 1_000_000
        while monotonicNanos() < deadline {
            if await onLoop({ $0.received.count }) >= count { return true }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return await onLoop({ $0.received.count }) >= count
    }

    /// Called on the client's loop for each surfaced message (set before traffic starts).
    public func setMessageHandler(_ handler: @escaping @Sendable (PeerReceivedMessage) -> Void) async {
        await onLoop { $0.onMessage = handler }
    }

    /// Sends raw bytes as one binary WebSocket message (for hostile-client tests).
    public func sendRaw(_ bytes: [UInt8]) async {
        await onLoop { $0.writeRaw(bytes) }
    }

    /// Sends a text WebSocket message, which RMTP never uses (for hostile-client tests).
    public func sendText(_ text: String) async {
        await onLoop { $0.writeRaw(Array(text.utf8), opcode: .text) }
    }

    /// How many times the client connected again after losing its connection.
    public func reconnects() async -> Int { await onLoop { $0.reconnects } }

    /// Closes the connection (a WebSocket close; no DISCONNECT) and stops reconnecting.
    public func close() async {
        let state = self.state
        let future = try? await loop.submit { state.value.shutdown() }.get()
        try? await future?.get()
        try? await ownedGroup?.shutdownGracefully()
    }

    /// A client unique id: random 62 bits from the time and a process-wide counter, so two
    /// clients never share one and a resend keeps its own.
    static func uniqueId() -> Int64 {
        var r = SeededRandom(seed: monotonicNanos() &+ UInt64(clientCounter.add(1, ordering: .relaxed).newValue) &* 0x9E37_79B9)
        return Int64(bitPattern: r.next() >> 2)
    }
}

/// A process-wide counter for ``PeerClient/uniqueId()``.
let clientCounter = Atomic<Int>(0)
