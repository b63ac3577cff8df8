// Sources/RongPeer/Model/PeerModel+Connections.swift - logins, kicks, logouts and protocol violations

import RongCodec
import RongEnvelope

/// PEER-CONN-*: a login is checked against the app and the fixture's tokens and users, and kicks
/// (or is refused by) an older login of the same platform class; a logout leaves the user's
/// chatrooms when it was their last connection.
extension PeerModel {
    /// A WebSocket connection was upgraded with these URL parameters: CONNACK, and the kick of an
    /// older login of the same class (PEER-CONN-*).
    public mutating func connect(_ conn: ConnectionID, params: ConnectParams) -> [PeerOutput] {
        func refuse(_ code: ConnectResult, _ why: String) -> [PeerOutput] {
            stats.connectionsRefused += 1
            recordEvent("conn#\(conn) refused: \(code) (\(why))")
            return [.packet(conn, Packet(.connAck(.init(status: code.rawValue)), retain: true)), .close(conn)]
        }
        // A version the peer does not speak: CONNACK 1, in the short form both layouts read.
        guard let version = params.protocolVersion else {
            return refuse(.unacceptableProtocolVersion, "protocolVer \(params.query["protocolVer"] ?? "") is neither 3 nor 4")
        }
        if app.blocked { return refuse(.appBlockOrDelete, "app blocked") }
        if let key = app.appKey, params.appId != key { return refuse(.tokenIncorrect, "appId \(params.appId ?? "missing") is not \(key)") }
        if let allowed = app.platforms, !allowed.contains((params.platform ?? "web").lowercased()) {
            return refuse(.serverUnavailable, "platform \(params.platform ?? "web") not enabled")
        }
        guard let token = params.token, !token.isEmpty, let entry = sessions.tokens[token] else {
            return refuse(.tokenIncorrect, "unknown token")
        }
        if entry.expired { return refuse(.tokenExpire, "expired token of \(entry.user)") }
        if fixture.users[entry.user]?.blocked == true { return refuse(.block, "user \(entry.user) is blocked") }

        var out: [PeerOutput] = []
        let cls = params.platformClass
        let same = sessions.connections(of: entry.user, platformClass: cls)
        if !same.isEmpty {
            switch app.kick {
            case .rejectNewer:
                return refuse(.hasOtherSameClientOnline, "\(entry.user) already online on \(cls)")
            case .kickOlder:
                for old in same {
                    stats.kicked += 1
                    recordEvent("conn#\(old) \(entry.user) kicked by conn#\(conn) (\(cls))")
                    removeSession(old, leaveChatrooms: false)
                    out.append(.disconnect(old, status: DisconnectStatus.otherDeviceLogin))
                }
            }
        }
        let t = now
        sessions.open(conn, user: entry.user, params: params, at: t)
        stats.connectionsAccepted += 1
        recordEvent("conn#\(conn) \(entry.user) connected (\(params.platform ?? "web"), protocol \(version))")
        // Version 4 names every field and seeds the client's message ids (PEER-CONN-006).
        let ack = Packet.ConnAck.accepted(
            userId: RMTPString(entry.user), sessionId: RMTPString("peer-\(conn)"), timestamp: UInt64(t), messageId: Self.connAckMessageIdSeed,
            protocol: version)
        out.insert(.packet(conn, Packet(.connAck(ack), retain: true)), at: 0)
        return out
    }

    /// The message id a version-4 CONNACK gives the client (flag bit 3): its first request then
    /// uses 1001 (PEER-CONN-006). **Kit choice**: no source says what the service sends; a fixed
    /// value keeps scenarios repeatable, and one that is not 0 shows a client that ignores it.
    public static let connAckMessageIdSeed: UInt16 = 1000

    /// The connection ended (either side). A user with no connection left is offline: later
    /// messages wait in the inbox and produce push records; chatrooms are left. Returns what the
    /// rooms' other members get (KV changes, member notices; PEER-CHRM-003).
    @discardableResult
    public mutating func disconnected(_ conn: ConnectionID) -> [PeerOutput] {
        guard let s = sessions[conn] else { return [] }
        recordEvent("conn#\(conn) \(s.user) disconnected")
        return removeSession(conn, leaveChatrooms: true)
    }

    @discardableResult
    mutating func removeSession(_ conn: ConnectionID, leaveChatrooms: Bool) -> [PeerOutput] {
        guard let (s, wasLast) = sessions.close(conn) else { return [] }
        var out: [PeerOutput] = []
        // Chatrooms keep no offline members (000:12539-12550 kicks them; the peer at once).
        if wasLast && leaveChatrooms {
            for id in chatrooms.rooms.keys.sorted() where chatrooms.isMember(s.user, of: id) {
                leaveChatroom(id, user: s.user, reason: "disconnected", into: &out)
            }
        }
        return out
    }

    /// The user behind a connection.
    public func user(of conn: ConnectionID) -> String? { sessions.user(of: conn) }

    /// Whether a user has a connection.
    public func isOnline(_ user: String) -> Bool { sessions.isOnline(user) }

    /// Records a protocol violation seen by the transport (oversized frame, malformed packet).
    public mutating func recordViolation(_ conn: ConnectionID, kind: Violation, detail: String) {
        switch kind {
        case .malformed: stats.malformed += 1
        case .oversized: stats.oversized += 1
        case .slowConsumer: stats.slowConsumers += 1
        case .unexpected: stats.unexpected += 1
        }
        recordEvent("conn#\(conn) \(sessions.user(of: conn) ?? "?") \(kind.rawValue): \(detail)")
    }
}
