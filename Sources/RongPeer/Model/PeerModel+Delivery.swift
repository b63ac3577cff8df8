// Sources/RongPeer/Model/PeerModel+Delivery.swift - a stored message reaches its receivers: inboxes, notices, direct pushes, sync

import RongCodec
import RongEnvelope

/// PEER-PULL-001, PEER-FLAG-*, PEER-SYNC-*, PEER-CHRM-002, PEER-UG-001: where a message goes by
/// its conversation type and flag: the receivers' inboxes and an `s_ntf` to their connections, or
/// a direct `s_msg` to online receivers only; the room's latest for a chatroom; the sender's other
/// devices by the dup-bit echo; cloud history; unread counts and push records on the way.
extension PeerModel {
    mutating func deliverStatus(_ m: StoredMessage, into out: inout [PeerOutput]) {
        if m.type == .chatroom && chatrooms[m.target]?.distributionStopped == true { return }
        let users = recipients(type: m.type, target: m.target, sender: m.sender, directed: m.up.userId)
        for user in users {
            let conns = sessions.connections(of: user)
            if conns.isEmpty {
                stats.statusDropped += 1
                continue
            }
            stats.statusDelivered += 1
            for c in conns { out.append(directPush(m, to: c, user: user, direction: .received)) }
        }
        // Status messages take no part in multi-device sync (000:1332-1338).
    }

    /// An `s_msg` push of one message (no pull needed).
    mutating func directPush(_ m: StoredMessage, to conn: ConnectionID, user: String, direction: Direction) -> PeerOutput {
        let body = downStream(m, for: user, direction: direction, retrieved: false)
        let (d, _) = date(now)
        let publish = Packet.ServerPublish(date: d, topic: .s_msg, targetId: RMTPString(m.sender), messageId: nextId(conn), payload: Self.bytes(body))
        return .packet(conn, Packet(.serverPublish(publish), retain: true))
    }

    /// `s_ntf`: "there is something to pull": type 2 with `chrmId` for a chatroom (ENGINE pulls
    /// that room with `chrmPull`), type 1 for the inbox (ENGINE `pullMsg`; lines 5977-5988).
    /// Coalesced: no second notify to a connection that has not pulled since the last one, unless
    /// that was a second ago (a notify can be lost).
    mutating func notify(_ conn: ConnectionID, time: Int64, sender: String, chatroom: String? = nil, into out: inout [PeerOutput]) {
        let t = now
        guard sessions.shouldNotify(conn, chatroom: chatroom, time: time, at: t) else { return }
        let n = NotifyMsg(type: chatroom == nil ? 1 : 2, time: time, chrmId: chatroom)
        let (d, _) = date(t)
        stats.notifies += 1
        let publish = Packet.ServerPublish(date: d, topic: .s_ntf, targetId: RMTPString(sender), messageId: nextId(conn), payload: n.encoded())
        out.append(.packet(conn, Packet(.serverPublish(publish), retain: true)))
    }

    mutating func deliver(_ m: StoredMessage, route: Route, into out: inout [PeerOutput]) {
        let sem = m.flag.semantics(app.profile)
        let users = recipients(type: m.type, target: m.target, sender: m.sender, directed: m.up.userId)
        switch m.type {
        case .chatroom:
            // No offline storage, no push, not counted (000:38-72, 9795); members pull the
            // room's latest messages.
            // Distribution stopped: acknowledged, kept nowhere, sent to nobody (PEER-CHRM-012).
            if chatrooms[m.target]!.distributionStopped { return }
            chatrooms.keep(.init(time: m.time, uid: m.uid, origin: m.origin), in: m.target, recent: app.chatroomRecent)
            if sem.serverHistory && app.history { messages.appendToHistory(m.historyKey, uid: m.uid) }
            for user in users {
                for c in sessions.connections(of: user) { notify(c, time: m.time, sender: m.sender, chatroom: m.target, into: &out) }
            }
            for c in sessions.connections(of: m.sender) where c != m.origin {
                notify(c, time: m.time, sender: m.sender, chatroom: m.target, into: &out)
            }
            return
        case .ultragroup:
            // No offline messages (000:7780); the server keeps it for the retention period.
            messages.appendToHistory(m.historyKey, uid: m.uid)
            if app.navigation.ugMsg {
                // 5.x: `s_cmd` 6, and the members pull it (PEER-UG-002).
                announceUltragroupMessage(m, recipients: users, into: &out)
                return
            }
            // Without `ugMsg` (clients that know no `pullUgMsg`): online members get it directly
            // (PEER-UG-001).
            for user in users {
                for c in sessions.connections(of: user) { out.append(directPush(m, to: c, user: user, direction: .received)) }
            }
            return
        default:
            break
        }

        for user in users {
            if sem.counted { conversations.addUnread(user: user, m.conversation(for: user), time: m.time, uid: m.uid) }
            let conns = sessions.connections(of: user)
            if sem.offlineCached {
                messages.appendToInbox(user, InboxEntry(time: m.time, uid: m.uid, direction: .received, origin: nil))
                for c in conns { notify(c, time: m.time, sender: m.sender, into: &out) }
                if conns.isEmpty { recordPush(m, receiver: user, route: route, sem: sem) }
            } else {
                // Not offline-cached (NONE under legacy2021): online devices only.
                if conns.isEmpty { stats.statusDropped += 1 }
                for c in conns { out.append(directPush(m, to: c, user: user, direction: .received)) }
            }
        }
        // The sender's other devices (multi-device sync; the dup bit, PEER-SYNC-*).
        if app.multiDeviceSync {
            if sem.offlineCached {
                messages.appendToInbox(m.sender, InboxEntry(time: m.time, uid: m.uid, direction: .sent, origin: m.origin))
            }
            for c in sessions.connections(of: m.sender) where c != m.origin { echo(m, to: c, into: &out) }
        }
        if sem.serverHistory && app.history && m.up.userId.isEmpty {
            messages.appendToHistory(m.historyKey, uid: m.uid)
        }
    }

    /// The user's own message echoed to another of their devices: the server PUBLISH on the
    /// publish topic with the dup bit, the UpStreamMessage as sent, then a PUBACK with the same
    /// message id carrying the UID and time (envelope.md § 5, ENV-QOS-002).
    mutating func echo(_ m: StoredMessage, to conn: ConnectionID, into out: inout [PeerOutput]) {
        let id = nextId(conn)
        let (d, _) = date(m.time)
        let publish = Packet.ServerPublish(date: d, topic: m.topic, targetId: RMTPString(m.target), messageId: id, payload: Self.bytes(m.up))
        out.append(.packet(conn, Packet(.serverPublish(publish), dup: true, qos: .atLeastOnce, retain: true)))
        out.append(ack(conn, id, status: 0, time: m.time, uid: m.uid))
    }
}
