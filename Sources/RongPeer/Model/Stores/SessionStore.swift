// Sources/RongPeer/Model/Stores/SessionStore.swift - who is connected: tokens, sessions and each user's connections

import RongEnvelope

/// The peer's connections (PEER-CONN-*): the fixture's tokens, a session per connection and each
/// user's connections, oldest first. The only writer of them; a login, a logout and what a
/// connection's packets change about it (message ids, pulls awaiting QUERYCON, notices, the send
/// rate) go through its methods.
struct SessionStore: Sendable {
    /// One connection's state.
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
        /// When an `s_cmd` of a kind that asks for a pull (6 ultragroup messages, 7 their
        /// changes) was last sent and not yet followed by that pull.
        var commandNotifiedAt: [NotifyMsg.Kind: Int64] = [:]
        /// Times of the connection's sends within the last second (for `sendRate`).
        var recentSends: [Int64] = []
    }

    /// A token's user, and whether the token expired.
    struct TokenEntry: Sendable {
        var user: String
        var expired: Bool
    }

    /// Pull replies a connection keeps waiting for QUERYCON; older ones are forgotten.
    static let awaitedConfirmations = 64
    /// The shortest time between two notices to a connection that has not pulled since.
    static let noticeInterval: Int64 = 1000

    /// The fixture's tokens.
    private(set) var tokens: [String: TokenEntry]
    private(set) var sessions: [ConnectionID: Session] = [:]
    /// Online connections per user, oldest first.
    private(set) var online: [String: [ConnectionID]] = [:]

    init(tokens: [String: (user: String, expired: Bool)]) {
        self.tokens = tokens.mapValues { TokenEntry(user: $0.user, expired: $0.expired) }
    }

    // MARK: Reading

    subscript(_ conn: ConnectionID) -> Session? { sessions[conn] }

    /// The user behind a connection.
    func user(of conn: ConnectionID) -> String? { sessions[conn]?.user }

    /// The user's connections, oldest first.
    func connections(of user: String) -> [ConnectionID] { online[user] ?? [] }

    /// Whether the user has a connection.
    func isOnline(_ user: String) -> Bool { !(online[user] ?? []).isEmpty }

    /// The user's connections of a platform class (PEER-CONN-003), oldest first.
    func connections(of user: String, platformClass: String) -> [ConnectionID] {
        connections(of: user).filter { sessions[$0]?.params.platformClass == platformClass }
    }

    // MARK: Login and logout

    /// A login: the connection becomes the user's newest.
    mutating func open(_ conn: ConnectionID, user: String, params: ConnectParams, at time: Int64) {
        sessions[conn] = Session(user: user, params: params, connectedAt: time)
        online[user, default: []].append(conn)
    }

    /// A logout: the session, and whether it was the user's last connection; nil for a connection
    /// without a session.
    mutating func close(_ conn: ConnectionID) -> (session: Session, wasLast: Bool)? {
        guard let s = sessions.removeValue(forKey: conn) else { return nil }
        online[s.user]?.removeAll { $0 == conn }
        guard online[s.user]?.isEmpty == true else { return (s, false) }
        online[s.user] = nil
        return (s, true)
    }

    // MARK: A connection's packets

    /// The connection's next server message id.
    mutating func nextId(_ conn: ConnectionID) -> UInt16 {
        sessions[conn]!.ids.next()
    }

    /// A pull reply with message id `id` waits for QUERYCON, which confirms delivery up to
    /// `syncTime`; the oldest (lowest id) beyond ``awaitedConfirmations`` is forgotten.
    mutating func awaitConfirmation(_ conn: ConnectionID, id: UInt16, upTo syncTime: Int64) {
        sessions[conn]!.awaitingCon[id] = syncTime
        if sessions[conn]!.awaitingCon.count > Self.awaitedConfirmations, let oldest = sessions[conn]!.awaitingCon.keys.min() {
            sessions[conn]!.awaitingCon[oldest] = nil
        }
    }

    /// QUERYCON for message id `id`: the syncTime it confirms, or nil.
    mutating func confirm(_ conn: ConnectionID, id: UInt16) -> Int64? {
        sessions[conn]?.awaitingCon.removeValue(forKey: id)
    }

    /// The connection pulled its inbox (or a room): a notice may follow at once.
    mutating func pulled(_ conn: ConnectionID, chatroom: String? = nil) {
        if let chatroom { sessions[conn]!.chatroomNotifiedAt[chatroom] = nil } else { sessions[conn]!.notifiedAt = nil }
    }

    /// Whether to send the connection a notice now (`s_ntf`, of the inbox or of `chatroom`): not
    /// within ``noticeInterval`` of the last one it has not pulled since. Records it when so, and
    /// for the inbox the newest `time` notified.
    mutating func shouldNotify(_ conn: ConnectionID, chatroom: String?, time: Int64, at t: Int64) -> Bool {
        if let room = chatroom {
            if let last = sessions[conn]!.chatroomNotifiedAt[room], t - last < Self.noticeInterval { return false }
            sessions[conn]!.chatroomNotifiedAt[room] = t
        } else {
            if let last = sessions[conn]!.notifiedAt, t - last < Self.noticeInterval { return false }
            sessions[conn]!.notifiedAt = t
            sessions[conn]!.notifiedUpTo = max(sessions[conn]!.notifiedUpTo, time)
        }
        return true
    }

    /// The connection pulled what an `s_cmd` of `kind` announces (`pullUgMsg` for 6,
    /// `qryMsgChange` for 7): the next one may follow at once.
    mutating func pulled(_ conn: ConnectionID, command kind: NotifyMsg.Kind) {
        sessions[conn]!.commandNotifiedAt[kind] = nil
    }

    /// Whether to send the connection an `s_cmd` of `kind` now: not within ``noticeInterval``
    /// of the last one it has not pulled since (its pull, which comes later, returns this change
    /// too). Records it when so.
    mutating func shouldNotify(_ conn: ConnectionID, command kind: NotifyMsg.Kind, at t: Int64) -> Bool {
        if let last = sessions[conn]!.commandNotifiedAt[kind], t - last < Self.noticeInterval { return false }
        sessions[conn]!.commandNotifiedAt[kind] = t
        return true
    }

    /// `sendRate`: whether the connection may send one more message at `t`, having sent fewer
    /// than `limit` within the last second; the send is counted when it may.
    mutating func admitSend(_ conn: ConnectionID, at t: Int64, limit: Int) -> Bool {
        sessions[conn]!.recentSends.removeAll { $0 <= t - 1000 }
        guard sessions[conn]!.recentSends.count < limit else { return false }
        sessions[conn]!.recentSends.append(t)
        return true
    }
}
