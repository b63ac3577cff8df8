// Sources/RongPeer/Client/ClientStateMachine.swift - the client's rules as a state machine, without I/O

import RongCodec
import RongEnvelope

/// A request's number, unique for the life of a client: how an answer finds who waits for it.
typealias RequestToken = Int

/// A QUERYACK's status and payload.
typealias QueryAnswer = (status: UInt16, payload: [UInt8])

/// Everything a ``PeerClient`` knows and the rules it follows, without sockets, timers or
/// promises: each input is a transition that returns the ``ClientAction``s to perform, in order
/// (``ClientDriver`` performs them on the client's event loop). The connection's life is the
/// explicit ``ConnectionState``; what outlives a connection (cursors, seen UIDs, unacknowledged
/// sends) is kept beside it, so it carries over a reconnect.
struct ClientStateMachine {
    /// Where the connection stands. Every transport gets an attempt number; events of any other
    /// attempt than the current one are ignored.
    enum ConnectionState {
        /// ``open(timeoutMillis:)`` was not called yet.
        case idle
        /// A transport is opening, upgrading to WebSocket, then waiting for CONNACK.
        /// `callerWaits`: the first attempt, whose outcome ``PeerClient/connect(_:on:timeoutMillis:)``
        /// awaits; reconnects have nobody waiting.
        case connecting(attempt: Int, callerWaits: Bool)
        /// CONNACK refused the attempt; the server closes the transport next.
        case refused(attempt: Int, status: UInt8)
        /// CONNACK 0 came: packets flow.
        case connected(Session)
        /// The user closed: a WebSocket close was sent and the transport ends soon. Packets that
        /// still arrive are handled as when connected.
        case closing(Session)
        /// The transport dropped; attempt `attempt` starts after a pause.
        case awaitingReconnect(attempt: Int)
        /// Over for good.
        case closed(EndReason)
    }

    /// Why the client stopped.
    enum EndReason: Equatable {
        /// ``PeerClient/close()``.
        case byUser
        /// The first attempt failed (TCP, the upgrade, or no CONNACK in time).
        case failed
        /// CONNACK refused with this status.
        case refused(UInt8)
        /// The transport ended and no reconnect follows: reconnecting is off, the server sent a
        /// terminal DISCONNECT (kick, ban), or a reconnect attempt ended before its CONNACK.
        case lost
    }

    /// One accepted connection (CONNACK 0).
    struct Session {
        let attempt: Int
        /// Sync messages (the user's own, from another device) waiting for the server's PUBACK,
        /// oldest first. Their ids are the server's, so they can equal a pending PUBLISH's id.
        var pendingEchoes: [(id: UInt16, message: PeerReceivedMessage)] = []
        /// The id of the sync message that was the last packet received, if it was one: the
        /// PUBACK right after it with the same id is its completion (the peer writes the two
        /// together).
        var echoJustReceived: UInt16?
        /// The id of a synced notice (a read time from another device) that was the last packet
        /// received: the PUBACK right after it with that id completes it.
        var noticeJustReceived: UInt16?
    }

    /// Who waits for a QUERY's answer.
    enum QueryOwner: Equatable {
        /// A caller (``PeerClient/query(topic:targetId:payload:)`` and what is built on it).
        case caller
        /// The inbox pull loop.
        case pull
        /// A chatroom's pull loop.
        case chatroomPull(String)
        /// A chatroom joined again after a reconnect (nobody waits).
        case rejoin
        /// The ultragroup pull loop (`pullUgMsg`; `online` for the pull at connect, whose list
        /// is dropped).
        case ultragroupPull(online: Bool)
    }

    struct PendingPublish {
        var token: RequestToken
        var topic: Topic
        var targetId: String
        var payload: [UInt8]
        var sentAt: UInt64
    }

    struct PendingQuery {
        var token: RequestToken
        var owner: QueryOwner
        var topic: Topic
        var targetId: String
        var payload: [UInt8]
        var sentAt: UInt64
    }

    /// A request the driver times out after ``PeerClientOptions/requestTimeoutMillis``.
    enum RequestTimeout: Equatable {
        case publish(id: UInt16, token: RequestToken)
        case query(id: UInt16, token: RequestToken)
    }

    static let pendingEchoLimit = 64
    static let reconnectDelayMillis: Int64 = 30

    let options: PeerClientOptions
    private(set) var state = ConnectionState.idle
    var ids: MessageIDAllocator
    private var nextToken = 1
    /// The user id the server confirmed in the latest CONNACK.
    var userId = ""
    /// The DISCONNECT status of the current (or last) connection, if one came.
    var disconnectStatus: UInt8?
    var reconnects = 0

    // In flight. Pending requests by kind, then id: a PUBLISH and a QUERY may be in flight with
    // one id (ENV-MSGID-001).
    var pendingPublishes: [UInt16: PendingPublish] = [:]
    var pendingQueries: [UInt16: PendingQuery] = [:]
    var pingWaiters: [RequestToken] = []
    var pullWaiters: [RequestToken] = []
    var lastPing: UInt64 = 0

    // Sync state.
    var inboxCursor: Int64 = 0
    var sendCursor: Int64 = 0
    var chatroomCursors: [String: Int64] = [:]
    var joinedChatrooms: Set<String> = []
    /// Chatrooms being pulled; true when a notification came meanwhile (pull again).
    var chatroomPulling: [String: Bool] = [:]
    var pulling = false
    var pullAgain = false
    var lastPull: UInt64 = 0
    /// `pullUgMsg`'s cursor, and whether a pull runs (true in `ultragroupPullAgain` when an
    /// `s_cmd` 6 came meanwhile).
    var ultragroupCursor: Int64 = 0
    var ultragroupPulling = false
    var ultragroupPullAgain = false

    // What surfaced.
    var seen: Set<String> = []
    var received: [PeerReceivedMessage] = []
    var receivedCount = 0
    var duplicatesSuppressed = 0
    var decodeErrors = 0
    /// PINGRESPs received.
    var pongs = 0
    /// Server PUBACKs that answered nothing pending (a PUBACK for a STATUS message, a second
    /// PUBACK for one PUBLISH), and the latest few described.
    var strayAcks = 0
    var strayAckLog: [String] = []
    /// Server PUBLISHes that are not messages, in arrival order (when ``PeerClientOptions/keepMessages``).
    var notices: [PeerNotice] = []
    /// The message id the latest CONNACK gave (version 4, flag bit 3), if any.
    var connAckMessageId: UInt16?

    init(options: PeerClientOptions) {
        self.options = options
        ids = MessageIDAllocator(last: options.lastMessageId)
    }

    /// Whether CONNACK 0 came and the connection has not ended.
    var isConnected: Bool {
        if case .connected = state { return true }
        return false
    }

    /// Whether a request is taken: when connected, or (to be sent on the next connection) while
    /// reconnecting is on and the client is not closed.
    var acceptsRequests: Bool {
        switch state {
        case .connected: true
        case .closing, .closed: false
        case .idle, .connecting, .refused, .awaitingReconnect: options.autoReconnect
        }
    }

    mutating func newToken() -> RequestToken {
        defer { nextToken += 1 }
        return nextToken
    }

    // MARK: Connection

    /// The first connection: CONNACK within `timeoutMillis`, or the caller learns why not.
    mutating func open(timeoutMillis: Int64) -> [ClientAction] {
        guard case .idle = state else { return [] }
        state = .connecting(attempt: 1, callerWaits: true)
        var actions: [ClientAction] = [.openTransport(attempt: 1), .armConnectTimeout(afterMillis: timeoutMillis)]
        if options.retryMillis != nil || options.pollMillis != nil || options.pingMillis != nil {
            actions.append(.startTicking(everyMillis: max(1, options.tickMillis)))
        }
        return actions
    }

    /// No CONNACK in time for the first attempt.
    mutating func connectTimedOut() -> [ClientAction] {
        guard case .connecting(_, callerWaits: true) = state else { return [] }
        state = .closed(.failed)
        return [.connectFailed(PeerClientError.timeout("CONNACK")), .closeTransport, .stopTicking]
    }

    /// The transport of `attempt` failed before it was a WebSocket (TCP, or the upgrade).
    mutating func transportFailed(attempt: Int, error: any Error) -> [ClientAction] {
        guard case .connecting(attempt, let callerWaits) = state else { return [] }
        if callerWaits {
            state = .closed(.failed)
            return [.connectFailed(error), .stopTicking]
        }
        // A reconnect attempt: try again.
        state = .awaitingReconnect(attempt: attempt + 1)
        return [.scheduleReconnect(attempt: attempt + 1, afterMillis: Self.reconnectDelayMillis)]
    }

    /// The WebSocket of `attempt` closed (either side).
    mutating func transportClosed(attempt: Int) -> [ClientAction] {
        let error = PeerClientError.disconnected(disconnectStatus)
        switch state {
        case .connecting(attempt, let callerWaits):
            state = .closed(.lost)
            return (callerWaits ? [.connectFailed(error)] : []) + failAll(error) + [.stopTicking]
        case .refused(attempt, let status):
            state = .closed(.refused(status))
            return failAll(error) + [.stopTicking]
        case .connected(let session) where session.attempt == attempt:
            // A kick (1) or a ban (5) is final, as for the SDKs; anything else may reconnect.
            let terminal = disconnectStatus == DisconnectStatus.otherDeviceLogin || disconnectStatus == DisconnectStatus.block
            if options.autoReconnect && !terminal {
                state = .awaitingReconnect(attempt: attempt + 1)
                return [.scheduleReconnect(attempt: attempt + 1, afterMillis: Self.reconnectDelayMillis)]
            }
            state = .closed(.lost)
            return failAll(error) + [.stopTicking]
        case .closing(let session) where session.attempt == attempt:
            state = .closed(.byUser)
            return failAll(error)
        default:
            return []
        }
    }

    /// The pause after a drop is over: open the next transport.
    mutating func reconnectDue(attempt: Int) -> [ClientAction] {
        guard case .awaitingReconnect(attempt) = state else { return [] }
        state = .connecting(attempt: attempt, callerWaits: false)
        disconnectStatus = nil
        return [.openTransport(attempt: attempt)]
    }

    /// The user closes (a WebSocket close, no DISCONNECT); no reconnect follows.
    mutating func close() -> [ClientAction] {
        switch state {
        case .connected(let session):
            state = .closing(session)
            return [.stopTicking, .closeGracefully]
        case .closing, .closed:
            return []
        case .idle, .awaitingReconnect:
            state = .closed(.byUser)
            return [.stopTicking] + failAll(.disconnected(nil))
        case .connecting, .refused:
            state = .closed(.byUser)
            return [.stopTicking, .closeTransport] + failAll(.disconnected(nil))
        }
    }

    /// One packet from the server.
    mutating func receive(_ packet: Packet, now: UInt64) -> [ClientAction] {
        switch state {
        case .connecting(let attempt, let callerWaits):
            // Before CONNACK only CONNACK and DISCONNECT mean anything (the server speaks first).
            switch packet.body {
            case .connAck(let a): return connAck(a, attempt: attempt, callerWaits: callerWaits, now: now)
            case .disconnect(let d): disconnectStatus = d.status
            default: break
            }
            return []
        case .connected(var session):
            let actions = receive(packet, in: &session, now: now)
            if case .connected = state { state = .connected(session) }
            return actions
        case .closing(var session):
            let actions = receive(packet, in: &session, now: now)
            if case .closing = state { state = .closing(session) }
            return actions
        case .idle, .refused, .awaitingReconnect, .closed:
            if case .disconnect(let d) = packet.body { disconnectStatus = d.status }
            return []
        }
    }

    /// CONNACK on the attempt being made.
    private mutating func connAck(_ a: Packet.ConnAck, attempt: Int, callerWaits: Bool, now: UInt64) -> [ClientAction] {
        guard a.status == 0 else {
            state = .refused(attempt: attempt, status: a.status)
            return callerWaits ? [.connectFailed(PeerClientError.refused(a.status))] : []
        }
        if !callerWaits { reconnects += 1 }
        state = .connected(Session(attempt: attempt))
        if let u = a.userId?.text { userId = u }
        connAckMessageId = a.messageId
        // RongIMLib 5.x seeds its counter from a version-4 CONNACK (first request: seed + 1);
        // ids still in flight from before a reconnect keep theirs, so then the counter goes on.
        if let seed = a.messageId, pendingPublishes.isEmpty, pendingQueries.isEmpty { ids = MessageIDAllocator(last: seed) }
        var actions: [ClientAction] = callerWaits ? [.connectSucceeded(userId: userId)] : []
        let unacknowledged = pendingPublishes.keys.sorted()
        let unanswered = pendingQueries.keys.sorted()
        if options.autoReconnect {
            // ENGINE rejoins with `joinChrmR` and ChrmInput{nothing: 1} (lines 5845, 6295-6325).
            // First: a chatroom message sent again needs the membership the cut ended.
            for room in joinedChatrooms.sorted() {
                actions += startQuery(.rejoin, topic: .joinChrmR, targetId: room, payload: ClientQueryBodies.chatroomInput, now: now).actions
            }
        }
        // After a reconnect: send again what was not acknowledged, then catch up.
        for id in unacknowledged { actions.append(.write(publishPacket(id))) }
        for id in unanswered { actions.append(.write(queryPacket(id))) }
        // Like the SDKs: sync on every connect (offline messages come this way).
        if options.autoPull { actions += startPull(now: now) }
        // 5.x with `ugMsg`: the "online" ultragroup pull (tools/sdk5x/FINDINGS.md § 3.1).
        if options.ultragroupPull { actions += startUltragroupPull(online: true, now: now) }
        return actions
    }

    /// Fails every request, pull and ping waiting for an answer.
    mutating func failAll(_ error: PeerClientError) -> [ClientAction] {
        let publishes = pendingPublishes
        let queries = pendingQueries
        let waiters = pullWaiters + pingWaiters
        pendingPublishes = [:]
        pendingQueries = [:]
        pullWaiters = []
        pingWaiters = []
        pulling = false
        ultragroupPulling = false
        var actions: [ClientAction] = []
        for id in publishes.keys.sorted() { actions.append(.publishAnswered(publishes[id]!.token, .failure(error))) }
        for id in queries.keys.sorted() { actions += queryFinished(queries[id]!, .failure(error), now: 0) }
        for w in waiters { actions.append(.waiterAnswered(w, .failure(error))) }
        return actions
    }
}
