// Sources/RongPeer/Client/PeerClient.swift - a small RMTP-over-WebSocket client

import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import RongCodec
import RongEnvelope
import Synchronization
import RongSupport

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
    let driver: NIOLoopBound<ClientDriver>
    /// The group this client created (nil when the caller gave a loop).
    let ownedGroup: MultiThreadedEventLoopGroup?

    /// The user id the server confirmed in CONNACK.
    public let userId: String

    private init(options: PeerClientOptions, loop: EventLoop, driver: NIOLoopBound<ClientDriver>, ownedGroup: MultiThreadedEventLoopGroup?, userId: String) {
        self.options = options
        self.loop = loop
        self.driver = driver
        self.ownedGroup = ownedGroup
        self.userId = userId
    }

    /// Connects and waits for CONNACK. A refusal throws ``PeerClientError/refused(_:)``.
    public static func connect(_ options: PeerClientOptions, on loop: EventLoop? = nil, timeoutMillis: Int64 = 10_000) async throws -> PeerClient {
        let group = loop == nil ? MultiThreadedEventLoopGroup(numberOfThreads: 1) : nil
        let el = loop ?? group!.next()
        do {
            let endpoint = try options.endpoint()
            let driver = try await el.submit { NIOLoopBound(ClientDriver(options: options, endpoint: endpoint, loop: el), eventLoop: el) }.get()
            let user = try await el.flatSubmit { driver.value.open(timeoutMillis: timeoutMillis) }.get()
            return PeerClient(options: options, loop: el, driver: driver, ownedGroup: group, userId: user)
        } catch {
            try? await group?.shutdownGracefully()
            throw error
        }
    }

    /// Runs `body` on the client's event loop with its driver.
    @discardableResult
    func onLoop<T: Sendable>(_ body: @escaping @Sendable (ClientDriver) -> T) async -> T {
        let driver = self.driver
        return try! await loop.submit { body(driver.value) }.get()
    }

    /// Sends a message. Returns the server's PUBACK, or nil for a STATUS message (no PUBACK is
    /// sent for those).
    @discardableResult
    public func send(_ message: OutboundMessage) async throws -> PeerSendResult? {
        var m = message
        if m.clientUniqueId == nil && !m.effectivePersistence.isStatus { m.clientUniqueId = Self.uniqueId() }
        let packet = try m.packet(messageId: 0)
        guard case .publish(let p) = packet.body else { return nil }
        return try await publish(topic: p.topic, targetId: p.targetId.text, payload: p.payload, expectAck: m.expectsAck)
    }

    /// Sends a PUBLISH with a ready payload (an UpStreamMessage).
    public func publish(topic: Topic, targetId: String, payload: [UInt8], expectAck: Bool = true) async throws -> PeerSendResult? {
        let driver = self.driver
        let future = try await loop.submit { () -> EventLoopFuture<PeerSendResult?> in
            driver.value.publish(topic: topic, targetId: targetId, payload: payload, expectAck: expectAck)
        }.get()
        return try await future.get()
    }

    /// Sends a QUERY and returns the QUERYACK's status and payload.
    public func query(topic: Topic, targetId: String, payload: [UInt8]) async throws -> (status: UInt16, payload: [UInt8]) {
        let driver = self.driver
        let future = try await loop.submit { driver.value.query(topic: topic, targetId: targetId, payload: payload) }.get()
        return try await future.get()
    }

    /// Pulls until the server says `finished` (and again if a notification came meanwhile).
    public func pull() async throws {
        let driver = self.driver
        let future = try await loop.submit { driver.value.pullUntilIdle() }.get()
        try await future.get()
    }

    /// Joins a chatroom (`joinChrm`, which creates a room the server does not have; with
    /// `existing`, `joinChrmR`, which does not) and returns the QUERYACK status. With `history`
    /// 0 or more it then pulls the join history (`chrmPull` with `syncTime` 0 and `count`
    /// `history`: 0 is the server's default, 10); -1 pulls none. Later pulls start at the join
    /// time the reply carries.
    public func joinChatroom(_ room: String, history: Int = -1, existing: Bool = false) async throws -> UInt16 {
        let ack = try await query(topic: existing ? .joinChrmR : .joinChrm, targetId: room, payload: ClientQueryBodies.chatroomInput)
        guard ack.status == 0 else { return ack.status }
        let joinTime = ClientQueryBodies.joinTime(ack.payload) ?? 0
        _ = await onLoop { c in
            if joinTime > 0 { c.machine.chatroomCursors[room] = max(c.machine.chatroomCursors[room] ?? 0, joinTime - 1) }
            return c.machine.joinedChatrooms.insert(room).inserted
        }
        if history >= 0 {
            let body = ClientQueryBodies.chatroomPull(syncTime: 0, count: Int32(clamping: history))
            let r = try await query(topic: .chrmPull, targetId: room, payload: body)
            if r.status == 0 {
                let payload = r.payload
                await onLoop { $0.step { $0.chatroomHistory(room: room, payload: payload) } }
            }
        }
        return 0
    }

    /// Pulls a chatroom now, as its notification (`s_ntf` type 2) would: catches up after a
    /// notification that was lost. The messages surface through the message handler.
    public func pullChatroom(_ room: String) async {
        await onLoop { $0.step { $0.chatroomPull(room, now: monotonicNanos()) } }
    }

    /// Leaves a chatroom.
    public func quitChatroom(_ room: String) async throws -> UInt16 {
        _ = await onLoop { $0.machine.joinedChatrooms.remove(room) != nil }
        return try await query(topic: .exitChrm, targetId: room, payload: ClientQueryBodies.chatroomInput).status
    }

    /// A history query (`Topic.qryPMsg`, `.qryGMsg`, `.qryCHMsg`, ...).
    public func history(topic: Topic, targetId: String, time: Int64 = 0, count: Int32 = 20, order: Int32 = 0) async throws
        -> (status: UInt16, messages: [InboundMessage], hasMore: Bool)
    {
        let body = ClientQueryBodies.history(targetId: targetId, time: time, count: count, order: order)
        let r = try await query(topic: topic, targetId: targetId, payload: body)
        guard r.status == 0 else { return (r.status, [], false) }
        do throws(CodecError) {
            let out = try ClientQueryBodies.history(r.payload, currentUserId: userId)
            return (0, out.messages, out.hasMore)
        } catch {
            throw PeerClientError.invalidPayload("HistoryMsgOuput: \(error.reason)")
        }
    }

    /// Everything surfaced so far, in order.
    public func messages() async -> [PeerReceivedMessage] { await onLoop { $0.machine.received } }

    /// The server PUBLISHes that were not messages (`s_cmd`, `s_opNtf`, a synced read time, …), in
    /// arrival order.
    public func notices() async -> [PeerNotice] { await onLoop { $0.machine.notices } }

    /// The message id the latest CONNACK gave (a version-4 CONNACK's flag bit 3), if any.
    public func connAckMessageId() async -> UInt16? { await onLoop { $0.machine.connAckMessageId } }

    /// Messages that arrived again with a UID already surfaced (suppressed by the dedup).
    public func duplicatesSuppressed() async -> Int { await onLoop { $0.machine.duplicatesSuppressed } }

    /// PINGRESPs received so far (PEER-CONN-004).
    public func pongs() async -> Int { await onLoop { $0.machine.pongs } }

    /// Server PUBACKs that matched no pending PUBLISH and no sync message: a PUBACK for a
    /// STATUS message (which gets none), or a second PUBACK for one PUBLISH.
    public func strayAcks() async -> Int { await onLoop { $0.machine.strayAcks } }

    /// The latest stray PUBACKs (at most 16), described, for failure messages.
    public func strayAckLog() async -> [String] { await onLoop { $0.machine.strayAckLog } }

    /// Sends PINGREQ and waits for PINGRESP; throws ``PeerClientError/timeout(_:)`` when none
    /// comes in time. The peer answers packets in order, so after this returns, every answer to
    /// what the client sent before has arrived.
    public func ping(timeoutMillis: Int64 = 5_000) async throws {
        let driver = self.driver
        let future = try await loop.submit { driver.value.ping() }.get()
        let timeout = loop.scheduleTask(in: .milliseconds(timeoutMillis)) {
            driver.value.step { $0.pingTimedOut() }
        }
        defer { timeout.cancel() }
        try await future.get()
    }

    /// The DISCONNECT status the server sent, if any.
    public func disconnectStatus() async -> UInt8? { await onLoop { $0.machine.disconnectStatus } }

    /// Whether the connection is open.
    public func isConnected() async -> Bool { await onLoop { $0.machine.isConnected && $0.channel?.isActive == true } }

    /// Waits until at least `count` messages were surfaced, or the timeout.
    public func waitForMessages(count: Int, timeoutMillis: Int64) async -> Bool {
        let deadline = monotonicNanos() + UInt64(timeoutMillis) * 1_000_000
        while monotonicNanos() < deadline {
            if await onLoop({ $0.machine.received.count }) >= count { return true }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return await onLoop({ $0.machine.received.count }) >= count
    }

    /// Called on the client's loop for each surfaced message (set before traffic starts).
    public func setMessageHandler(_ handler: @escaping @Sendable (PeerReceivedMessage) -> Void) async {
        await onLoop { $0.onMessage = handler }
    }

    /// Sends raw bytes as one binary WebSocket message (for hostile-client tests).
    public func sendRaw(_ bytes: [UInt8]) async {
        await onLoop { $0.writeRaw(bytes) }
    }

    /// Sends `payload` as one binary WebSocket message, made and written a chunk at a time
    /// (scenario `raw` steps); returns when it is written or the connection failed.
    func sendRaw(_ payload: ScenarioRawPayload) async {
        let driver = self.driver
        let future = try? await loop.submit { driver.value.writeRaw(streaming: payload) }.get()
        try? await future?.get()
    }

    /// Sends a text WebSocket message, which RMTP never uses (for hostile-client tests).
    public func sendText(_ text: String) async {
        await onLoop { $0.writeRaw(Array(text.utf8), opcode: .text) }
    }

    /// How many times the client connected again after losing its connection.
    public func reconnects() async -> Int { await onLoop { $0.machine.reconnects } }

    /// Closes the connection (a WebSocket close; no DISCONNECT) and stops reconnecting.
    public func close() async {
        let driver = self.driver
        let future = try? await loop.submit { driver.value.shutdown() }.get()
        try? await future?.get()
        try? await ownedGroup?.shutdownGracefully()
    }

    /// A client unique id: random 62 bits from the time and a process-wide counter, so two
    /// clients never share one and a resend keeps its own.
    static func uniqueId() -> Int64 {
        var r = SplitMix64(seed: monotonicNanos() &+ UInt64(clientCounter.add(1, ordering: .relaxed).newValue) &* 0x9E37_79B9)
        return Int64(bitPattern: r.next() >> 2)
    }
}

// The String-topic API before `Topic`, kept for source compatibility (RongWire does not call it).
extension PeerClient {
    /// Sends a PUBLISH on a topic given as text.
    @available(*, deprecated, message: "pass a Topic: publish(topic: .ppMsgP, ...) or publish(topic: Topic(text), ...)")
    public func publish(topic: String, targetId: String, payload: [UInt8], expectAck: Bool = true) async throws -> PeerSendResult? {
        try await publish(topic: Topic(topic), targetId: targetId, payload: payload, expectAck: expectAck)
    }

    /// Sends a QUERY on a topic given as text.
    @available(*, deprecated, message: "pass a Topic: query(topic: .pullMsg, ...) or query(topic: Topic(text), ...)")
    public func query(topic: String, targetId: String, payload: [UInt8]) async throws -> (status: UInt16, payload: [UInt8]) {
        try await query(topic: Topic(topic), targetId: targetId, payload: payload)
    }

    /// A history query on a topic given as text.
    @available(*, deprecated, message: "pass a Topic: history(topic: .qryPMsg, ...) or history(topic: Topic(text), ...)")
    public func history(topic: String, targetId: String, time: Int64 = 0, count: Int32 = 20, order: Int32 = 0) async throws
        -> (status: UInt16, messages: [InboundMessage], hasMore: Bool)
    {
        try await history(topic: Topic(topic), targetId: targetId, time: time, count: count, order: order)
    }
}

/// A process-wide counter for ``PeerClient/uniqueId()``.
let clientCounter = Atomic<Int>(0)
