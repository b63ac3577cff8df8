// Sources/RongPeer/Model/PeerModel.swift - the server's semantics, without I/O

import RongCodec
import RongEnvelope
import SwiftProtobuf

/// A connection's number, unique for the life of a peer.
public typealias ConnectionID = Int

/// What the peer does in answer to an input: packets to write and connections to end. The
/// model computes them; ``PeerServer`` performs them (and applies fault injection on the way).
public enum PeerOutput: Sendable, Hashable {
    /// Write a packet to a connection.
    case packet(ConnectionID, Packet)
    /// Write DISCONNECT with this status, then close.
    case disconnect(ConnectionID, status: UInt8)
    /// Close after what was written (a refused CONNACK).
    case close(ConnectionID)
}

/// The peer's state and rules: who is online, inboxes (offline queue and own-message sync),
/// history, unread counts, chatrooms, expansions, receipts and the push log. Pure: every input
/// returns the ``PeerOutput``s to perform, so the rules can be tested without sockets. Not
/// thread-safe; ``PeerServer`` serialises access.
public struct PeerModel: Sendable {
    /// Users, groups, chatrooms and app settings.
    public private(set) var fixture: PeerFixture
    /// Where the model reads the time.
    public let clock: any PeerClock
    var tokens: [String: (user: String, expired: Bool)]
    var uids: MessageUIDAllocator

    // Connections.
    var sessions: [ConnectionID: Session] = [:]
    /// Online connections per user, oldest first.
    var online: [String: [ConnectionID]] = [:]

    // Messages.
    var messages: [String: StoredMessage] = [:]
    var inboxes: [String: [InboxEntry]] = [:]
    /// Per user: the highest inbox time a device confirmed (pull request or QUERYCON).
    var delivered: [String: Int64] = [:]
    var history: [String: [String]] = [:]
    var chatrooms: [String: Chatroom] = [:]
    var unread: [String: [String: UnreadState]] = [:]
    /// Per message UID (and `private:A→B`): each reader's read time.
    var receipts: [String: [String: ReadMark]] = [:]
    /// Per user: pin and do-not-disturb by conversation (`TYPE:channelId`), PEER-QUERY-002.
    var conversationStatus: [String: [String: KeptState]] = [:]
    /// Per user: their conversation tags (`addSeTag`), PEER-CONV-007.
    var tagLists: [String: TagList] = [:]
    /// Per user: conversations removed from the list (`delRelation`) → when; one comes back with a
    /// newer message.
    var removedConversations: [String: [String: Int64]] = [:]
    /// Per user: messages deleted from their cloud history (`delMsg`), and per history key the
    /// time up to which it was cleared (`clean…Msg`); other users' history keeps them.
    var deletedFromHistory: [String: Set<String>] = [:]
    var historyClearedUpTo: [String: [String: Int64]] = [:]
    var receiptRequests: [String: String] = [:]
    /// (sender, clientUniqueId) → the first result, so a resend after a lost PUBACK is idempotent.
    var sendResults: [String: SendResult] = [:]
    var pushLog: [PushRecord] = []
    var pushCount = 0
    /// Pushes do-not-disturb held back (in the log with `skipped`, not in `pushCount`).
    var pushSkipped = 0
    var events: [String] = []
    /// Counters (also in ``snapshot(user:)``).
    public internal(set) var stats = Stats()
    var lastTime: Int64 = 0
    /// The last arrival number handed out: changes that share a millisecond are ordered by it
    /// (PEER-ORDER-001).
    var lastArrival: UInt64 = 0
    var messagesSinceCompaction = 0

    /// How many push records and events /state keeps.
    static let pushLogLimit = 1000
    static let eventLimit = 200
    /// The longest event line kept, in bytes (a longer one is cut, with `…`).
    static let eventBytes = 512
    /// Largest page of a pull (000:5224: offline messages come in packages of at most 200).
    public static let pullPageLimit = 200
    /// Largest pull, chatroom pull or history reply in bytes (about: content, push text and
    /// expansion of each message plus a fixed allowance); a reply always has at least one
    /// message. A page cut short says `finished: false` (`hasMsg` 1), so the client asks again.
    public var maxReplyBytes = 2 << 20

    /// The reply budget for a connection limit of `maxQueuedBytes`: a quarter of it, at most 2 MB
    /// and at least 64 KB, so a few unread replies already reach the limit.
    public static func replyByteLimit(maxQueuedBytes: Int) -> Int {
        min(2 << 20, max(64 << 10, maxQueuedBytes / 4))
    }

    /// A model with no connections and no messages; `seed` determines the UIDs.
    public init(fixture: PeerFixture, clock: any PeerClock = SystemClock(), seed: UInt64 = 0) {
        self.fixture = fixture
        self.clock = clock
        tokens = fixture.tokenIndex()
        uids = MessageUIDAllocator(seed: seed)
        for id in fixture.chatrooms { chatrooms[id] = Chatroom(persistent: true, maxMembers: fixture.chatroomMaxMembers[id]) }
    }

    var app: PeerFixture.AppSettings { fixture.app }

    // MARK: Types

    struct Session: Sendable {
        var user: String
        var params: ConnectParams
        var connectedAt: Int64
        var ids = MessageIDAllocator()
        /// Pull replies waiting for QUERYCON: message id → the reply's syncTime.
        var awaitingCon: [UInt16: Int64] = [:]
        /// When an s_ntf was last sent and not yet followed by a pull (coalescing).
        var notifiedAt: Int64?
        /// The newest message time an inbox `s_ntf` told this connection about: a finished pull's
        /// `syncTime` reaches it, or ENGINE pulls again at once (lines 6045-6050).
        var notifiedUpTo: Int64 = 0
        var chatroomNotifiedAt: [String: Int64] = [:]
        /// Times of the connection's sends within the last second (for `sendRate`).
        var recentSends: [Int64] = []
    }

    enum Direction: Sendable { case received, sent }

    struct InboxEntry: Sendable {
        var time: Int64
        var uid: String
        var direction: Direction
        /// The connection that sent it (sent entries only): it is not echoed back there.
        var origin: ConnectionID?
    }

    struct StoredMessage: Sendable {
        var uid: String
        var time: Int64
        var sender: String
        var type: ConversationType
        /// The receiver (private) or the group, chatroom or ultragroup id.
        var target: String
        var topic: String
        var up: Modules_UpStreamMessage
        var flag: PersistenceFlag
        var expansion: [String: String]?
        var recalled: Recall?
        var origin: ConnectionID

        var canIncludeExpansion: Bool { SessionIdBits(rawValue: up.sessionID).contains(.canIncludeExpansion) }
        var disablesNotification: Bool { SessionIdBits(rawValue: up.sessionID).disablesNotification }
    }

    struct Recall: Sendable {
        var operatorId: String
        var actionTime: Int64
    }

    struct Chatroom: Sendable {
        /// A fixture room stays when its last member leaves; a room created by a join goes, with
        /// its KV (PEER-CHRM-005).
        var persistent = false
        /// Members at most (the fixture's `maxMembers`); nil: no limit (PEER-CHRM-005).
        var maxMembers: Int?
        /// Member → join time and order.
        var members: [String: Membership] = [:]
        /// Muted members → until when (ms; `Int64.max`: until unmuted) (PEER-CHRM-010).
        var muted: [String: Int64] = [:]
        /// Banned users → until when (ms) (PEER-CHRM-011).
        var banned: [String: Int64] = [:]
        /// Messages are acknowledged and go nowhere (PEER-CHRM-012).
        var distributionStopped = false
        /// The latest messages, oldest first (at most `chatroomRecent`).
        var recent: [String] = []
        /// KV entries by key, removed ones kept (status bit 0x04) so an incremental pull reports
        /// the removal (PEER-CHRM-004).
        var entries: [String: KVEntry] = [:]
        /// What the room dispatched and discarded (PEER-PRIO-*).
        var dispatch = ChatroomDispatchState()
    }

    /// A chatroom member's join: its time and its arrival number (PEER-ORDER-002).
    struct Membership: Sendable {
        var joined: Int64
        var order: UInt64
    }

    /// A chatroom KV entry as set, with the arrival number of its last change.
    struct KVEntry: Sendable, Equatable {
        var entity: Modules_ChrmKVEntity
        var order: UInt64
    }

    /// A conversation's kept status, with the arrival number of its last change.
    struct KeptState: Sendable {
        var state: Modules_SessionState
        var order: UInt64
    }

    /// When a reader read a message, with the arrival number of that read.
    struct ReadMark: Sendable {
        var time: Int64
        var order: UInt64
    }

    struct UnreadState: Sendable {
        /// Counted messages not yet read: (time, uid), oldest first.
        var pending: [(time: Int64, uid: String)] = []
        var readTime: Int64 = 0
    }

    struct SendResult: Sendable {
        var uid: String
        var time: Int64
    }

    /// One remote push the service would have sent to a receiver with no device online.
    public struct PushRecord: Sendable, Hashable {
        /// When the message was stored, ms.
        public var time: Int64
        /// Who would get the push.
        public var receiver: String
        /// Who sent the message.
        public var sender: String
        /// The conversation type.
        public var conversationType: ConversationType
        /// The conversation as the receiver sees it (`rc.tId`).
        public var targetId: String
        /// `rc.oName`.
        public var objectName: String
        /// `rc.id`.
        public var messageUId: String
        /// The notification text (`aps.alert`).
        public var pushText: String
        /// `appData`.
        public var pushData: String?
        /// For the push of a recall: the recalled message (`rc-dlt-identifier`).
        public var recalledUId: String?
        /// Why do-not-disturb held this push back (`quietHours`, `conversationMuted`); nil when
        /// it went out (PEER-CONV-004, PEER-CONV-005).
        public var skipped: String? = nil
    }

    /// Counters shown in /state.
    public struct Stats: Sendable, Hashable {
        /// CONNACK 0 sent.
        public var connectionsAccepted = 0
        /// Refusing CONNACKs sent.
        public var connectionsRefused = 0
        /// Connections ended by a later login (DISCONNECT 1).
        public var kicked = 0
        /// Messages accepted (status messages included).
        public var published = 0
        /// PUBLISHes answered with an error status.
        public var rejected = 0
        /// Resends answered with the first PUBACK (PEER-MSG-005).
        public var resendsDeduplicated = 0
        /// Status (and not offline-cached) deliveries to an online receiver.
        public var statusDelivered = 0
        /// Such deliveries dropped because the receiver was offline.
        public var statusDropped = 0
        /// `s_ntf` packets sent.
        public var notifies = 0
        /// `pullMsg` and `chrmPull` queries.
        public var pulls = 0
        /// PINGREQs answered.
        public var pings = 0
        /// History queries.
        public var historyQueries = 0
        /// Connections ended for malformed packets.
        public var malformed = 0
        /// Connections ended for oversized packets.
        public var oversized = 0
        /// Connections cut for not reading.
        public var slowConsumers = 0
        /// Connections ended for packets a client does not send.
        public var unexpected = 0
        /// Sends refused (or STATUS messages dropped) for going over `sendRate`.
        public var rateLimited = 0
    }

    // MARK: Time

    /// A fresh message time: the clock, made strictly increasing so pull cursors (`syncTime`,
    /// "after this time") never skip a message that shares a millisecond with another.
    mutating func nextMessageTime() -> Int64 {
        lastTime = max(clock.nowMillis(), lastTime + 1)
        return lastTime
    }

    var now: Int64 { max(clock.nowMillis(), lastTime) }

    /// The next arrival number: the order in which the peer applied changes, which decides
    /// between changes of the same millisecond (PEER-ORDER-001).
    mutating func nextArrival() -> UInt64 {
        lastArrival += 1
        return lastArrival
    }

    mutating func log(_ text: String) {
        // Lines quote what clients sent (topics, ids): each is cut at eventBytes.
        var line = "\(clock.nowMillis()) \(text)"
        if line.utf8.count > Self.eventBytes {
            line = String(decoding: line.utf8.prefix(Self.eventBytes), as: UTF8.self) + "…"
        }
        events.append(line)
        if events.count > Self.eventLimit { events.removeFirst(events.count - Self.eventLimit) }
    }

    // MARK: Connections

    /// A WebSocket connection was upgraded with these URL parameters: CONNACK, and the kick of an
    /// older login of the same class (PEER-CONN-*).
    public mutating func connect(_ conn: ConnectionID, params: ConnectParams) -> [PeerOutput] {
        func refuse(_ code: ConnectResult, _ why: String) -> [PeerOutput] {
            stats.connectionsRefused += 1
            log("conn#\(conn) refused: \(code) (\(why))")
            return [.packet(conn, Packet(.connAck(.init(status: code.rawValue)), retain: true)), .close(conn)]
        }
        if app.blocked { return refuse(.appBlockOrDelete, "app blocked") }
        if let key = app.appKey, params.appId != key { return refuse(.tokenIncorrect, "appId \(params.appId ?? "missing") is not \(key)") }
        if let allowed = app.platforms, !allowed.contains((params.platform ?? "web").lowercased()) {
            return refuse(.serverUnavailable, "platform \(params.platform ?? "web") not enabled")
        }
        guard let token = params.token, !token.isEmpty, let entry = tokens[token] else {
            return refuse(.tokenIncorrect, "unknown token")
        }
        if entry.expired { return refuse(.tokenExpire, "expired token of \(entry.user)") }
        if fixture.users[entry.user]?.blocked == true { return refuse(.block, "user \(entry.user) is blocked") }

        var out: [PeerOutput] = []
        let cls = params.platformClass
        let same = (online[entry.user] ?? []).filter { sessions[$0]?.params.platformClass == cls }
        if !same.isEmpty {
            switch app.kick {
            case .rejectNewer:
                return refuse(.hasOtherSameClientOnline, "\(entry.user) already online on \(cls)")
            case .kickOlder:
                for old in same {
                    stats.kicked += 1
                    log("conn#\(old) \(entry.user) kicked by conn#\(conn) (\(cls))")
                    removeSession(old, leaveChatrooms: false)
                    out.append(.disconnect(old, status: DisconnectStatus.otherDeviceLogin))
                }
            }
        }
        let t = now
        sessions[conn] = Session(user: entry.user, params: params, connectedAt: t)
        online[entry.user, default: []].append(conn)
        stats.connectionsAccepted += 1
        log("conn#\(conn) \(entry.user) connected (\(params.platform ?? "web"))")
        let session = Packet.ConnAck.Session(userId: RMTPString(entry.user), sessionId: RMTPString("peer-\(conn)"), timestamp: UInt64(t))
        out.insert(.packet(conn, Packet(.connAck(.init(status: 0, session: session)), retain: true)), at: 0)
        return out
    }

    /// The connection ended (either side). A user with no connection left is offline: later
    /// messages wait in the inbox and produce push records; chatrooms are left. Returns what the
    /// rooms' other members get (KV changes, member notices; PEER-CHRM-003).
    @discardableResult
    public mutating func disconnected(_ conn: ConnectionID) -> [PeerOutput] {
        guard let s = sessions[conn] else { return [] }
        log("conn#\(conn) \(s.user) disconnected")
        return removeSession(conn, leaveChatrooms: true)
    }

    @discardableResult
    mutating func removeSession(_ conn: ConnectionID, leaveChatrooms: Bool) -> [PeerOutput] {
        guard let s = sessions.removeValue(forKey: conn) else { return [] }
        online[s.user]?.removeAll { $0 == conn }
        var out: [PeerOutput] = []
        if online[s.user]?.isEmpty == true {
            online[s.user] = nil
            // Chatrooms keep no offline members (000:12539-12550 kicks them; the peer at once).
            if leaveChatrooms {
                for id in chatrooms.keys.sorted() where chatrooms[id]?.members[s.user] != nil {
                    leaveChatroom(id, user: s.user, reason: "disconnected", into: &out)
                }
            }
        }
        return out
    }

    /// The user behind a connection.
    public func user(of conn: ConnectionID) -> String? { sessions[conn]?.user }

    /// Whether a user has a connection.
    public func isOnline(_ user: String) -> Bool { !(online[user] ?? []).isEmpty }

    /// Records a protocol violation seen by the transport (oversized frame, malformed packet).
    public mutating func recordViolation(_ conn: ConnectionID, kind: Violation, detail: String) {
        switch kind {
        case .malformed: stats.malformed += 1
        case .oversized: stats.oversized += 1
        case .slowConsumer: stats.slowConsumers += 1
        case .unexpected: stats.unexpected += 1
        }
        log("conn#\(conn) \(sessions[conn]?.user ?? "?") \(kind.rawValue): \(detail)")
    }

    /// Kinds of hostile or broken client behaviour.
    public enum Violation: String, Sendable {
        /// A packet that does not decode, or a body that is not its protobuf (DISCONNECT 2).
        case malformed
        /// A packet or WebSocket frame above the limit (DISCONNECT 2).
        case oversized
        /// A client that does not read: its queue went over a limit, and it was cut.
        case slowConsumer
        /// A packet a WebSocket client does not send, or a text message (DISCONNECT 2).
        case unexpected
    }

    // MARK: Packets

    /// One packet from an authenticated connection.
    public mutating func receive(_ packet: Packet, from conn: ConnectionID) -> [PeerOutput] {
        guard sessions[conn] != nil else { return [] }
        switch packet.body {
        case .publish(let p):
            return publish(p, from: conn)
        case .query(let q):
            return query(q, from: conn)
        case .queryCon(let id):
            if let t = sessions[conn]!.awaitingCon.removeValue(forKey: id) {
                confirmDelivered(user: sessions[conn]!.user, upTo: t)
            }
            return []
        case .pubAck:
            // The client acknowledges a server PUBLISH; delivery state is kept per pull.
            return []
        case .pingReq:
            stats.pings += 1
            return [.packet(conn, Packet(.pingResp))]
        case .disconnect:
            log("conn#\(conn) \(sessions[conn]!.user) sent DISCONNECT")
            return [.close(conn)]
        default:
            recordViolation(conn, kind: .unexpected, detail: "\(packet.body.type.name) is not sent by a WebSocket client")
            return [.disconnect(conn, status: DisconnectStatus.closure)]
        }
    }

    mutating func confirmDelivered(user: String, upTo t: Int64) {
        if t > delivered[user, default: 0] { delivered[user] = t }
    }

    /// The next server message id of a connection.
    mutating func nextId(_ conn: ConnectionID) -> UInt16 {
        sessions[conn]!.ids.next()
    }

    func date(_ ms: Int64) -> (UInt32, UInt16) { (UInt32(truncatingIfNeeded: ms / 1000), UInt16(ms % 1000)) }

    // MARK: Maintenance

    /// Drops what retention has expired: inbox entries older than the offline period, history
    /// older than its period, and messages nothing refers to any more.
    public mutating func compact() {
        let t = now
        let offlineCut = t - app.offlineRetention.milliseconds
        for user in inboxes.keys {
            let n = inboxes[user]!.prefix { $0.time < offlineCut }.count
            if n > 0 { inboxes[user]!.removeFirst(n) }
        }
        for key in history.keys {
            let cut = t - retention(ofHistoryKey: key)
            let n = history[key]!.prefix { (messages[$0]?.time ?? 0) < cut }.count
            if n > 0 { history[key]!.removeFirst(n) }
        }
        let longest = max(app.offlineRetention, app.historyRetention, app.chatroomHistoryRetention, app.ultragroupRetention).milliseconds
        messages = messages.filter { $0.value.time >= t - longest }
        sendResults = sendResults.filter { $0.value.time >= offlineCut }
        // Receipts go with their messages; private read times (`private:A→B`) stay.
        receiptRequests = receiptRequests.filter { messages[$0.key] != nil }
        receipts = receipts.filter { $0.key.hasPrefix("private:") || messages[$0.key] != nil }
        messagesSinceCompaction = 0
    }

    func retention(ofHistoryKey key: String) -> Int64 {
        if key.hasPrefix("chatroom:") { return app.chatroomHistoryRetention.milliseconds }
        if key.hasPrefix("ultragroup:") { return app.ultragroupRetention.milliseconds }
        return app.historyRetention.milliseconds
    }
}
