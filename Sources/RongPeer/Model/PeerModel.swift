// Sources/RongPeer/Model/PeerModel.swift - the server's semantics, without I/O

import RongCodec
import RongEnvelope

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
///
/// The state lives in stores, each the only writer of its collections, with its rules as methods:
/// `SessionStore` (tokens, sessions, who is online), `MessageStore` (messages, inboxes,
/// history, deletions, resends, expansion, recall), `ConversationStore` (unread counts,
/// receipts, kept states, tags, removed conversations), `ChatroomStore` (members, KV, controls,
/// dispatch), `UltragroupStore` (channels, read times, default levels, message changes) and
/// `EventLog` (pushes and events). The model keeps the fixture, the clock, the
/// UIDs and the counters, and turns each packet into store changes and outputs.
public struct PeerModel: Sendable {
    /// Users, groups, chatrooms and app settings.
    public private(set) var fixture: PeerFixture
    /// Where the model reads the time.
    public let clock: any PeerClock
    var uids: MessageUIDAllocator
    /// Counters (also in ``snapshot(user:)``).
    public internal(set) var stats = Stats()
    /// The newest message time handed out (``nextMessageTime()``).
    var lastTime: Int64 = 0

    var sessions: SessionStore
    var messages = MessageStore()
    var conversations = ConversationStore()
    var chatrooms: ChatroomStore
    var ultragroupState: UltragroupStore
    var eventLog = EventLog()

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
        sessions = SessionStore(tokens: fixture.tokenIndex())
        uids = MessageUIDAllocator(seed: seed)
        chatrooms = ChatroomStore(fixtureRooms: fixture.chatrooms, maxMembers: fixture.chatroomMaxMembers)
        ultragroupState = UltragroupStore(fixture: fixture.ultragroups)
    }

    var app: PeerFixture.AppSettings { fixture.app }

    // MARK: Types

    typealias Direction = MessageStore.Direction
    typealias InboxEntry = MessageStore.InboxEntry
    typealias StoredMessage = MessageStore.StoredMessage

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
}

extension PeerModel {
    // MARK: Time

    /// A fresh message time: the clock, made strictly increasing so pull cursors (`syncTime`,
    /// "after this time") never skip a message that shares a millisecond with another.
    mutating func nextMessageTime() -> Int64 {
        lastTime = max(clock.nowMillis(), lastTime + 1)
        return lastTime
    }

    var now: Int64 { max(clock.nowMillis(), lastTime) }

    /// A line in `/state` `events`, stamped with the clock.
    mutating func recordEvent(_ text: String) {
        eventLog.recordEvent(text, at: clock.nowMillis())
    }

    func date(_ ms: Int64) -> (UInt32, UInt16) { (UInt32(truncatingIfNeeded: ms / 1000), UInt16(ms % 1000)) }

    // MARK: Packets

    /// One packet from an authenticated connection.
    public mutating func receive(_ packet: Packet, from conn: ConnectionID) -> [PeerOutput] {
        guard let session = sessions[conn] else { return [] }
        switch packet.body {
        case .publish(let p):
            return publish(p, from: conn)
        case .query(let q):
            return query(q, from: conn)
        case .queryCon(let id):
            if let t = sessions.confirm(conn, id: id) {
                messages.confirmDelivered(user: session.user, upTo: t)
            }
            return []
        case .pubAck:
            // The client acknowledges a server PUBLISH; delivery state is kept per pull.
            return []
        case .pingReq:
            stats.pings += 1
            return [.packet(conn, Packet(.pingResp))]
        case .disconnect:
            recordEvent("conn#\(conn) \(session.user) sent DISCONNECT")
            return [.close(conn)]
        default:
            recordViolation(conn, kind: .unexpected, detail: "\(packet.body.type.name) is not sent by a WebSocket client")
            return [.disconnect(conn, status: DisconnectStatus.closure)]
        }
    }

    /// The next server message id of a connection.
    mutating func nextId(_ conn: ConnectionID) -> UInt16 {
        sessions.nextId(conn)
    }

    // MARK: Maintenance

    /// Drops what retention has expired: inbox entries older than the offline period, history
    /// older than its period, and messages nothing refers to any more (with their receipts).
    public mutating func compact() {
        messages.compact(now: now, app)
        conversations.compact { [messages] uid in messages[uid] != nil }
        ultragroupState.compact(before: now - app.ultragroupRetention.milliseconds)
    }

    /// How long `key`'s history keeps a message, in ms.
    func retention(of key: HistoryKey) -> Int64 { MessageStore.retention(of: key, app) }
}
