// Sources/RongPeer/Model/PeerModel+Recall.swift - recallMsg: the command, the recalled message, who hears of it

import RongCodec
import RongEnvelope

extension PeerModel {
    /// `recallMsg`: an RC:RcCmd naming a message (protocol-rules.md § 11.2; PEER-RECALL-*).
    mutating func recall(_ p: Packet.Publish, _ up: UpStreamMessage, from conn: ConnectionID) -> [PeerOutput] {
        let recaller = sessions.user(of: conn)!
        guard up.classname == RecallCommandMessage.objectName,
            case .typed(let content)? = try? ContentRegistry.builtIn.decode(objectName: up.classname, bytes: up.content),
            let cmd = content.base as? RecallCommandMessage
        else { return reject(conn, p, PeerStatus.recallParameterInvalid, "recallMsg without a valid RC:RcCmd") }
        guard let original = messages[cmd.messageUId], original.recalled == nil else {
            return reject(conn, p, PeerStatus.recallParameterInvalid, "no recallable message \(cmd.messageUId)")
        }
        guard isParticipant(recaller, of: original) else {
            return reject(conn, p, PeerStatus.recallParameterInvalid, "\(recaller) is not in the conversation of \(cmd.messageUId)")
        }
        if app.recall == .senderOnly && recaller != original.sender {
            return reject(conn, p, PeerStatus.recallUserInvalid, "only \(original.sender) may recall \(cmd.messageUId)")
        }
        let time = nextMessageTime()
        messages.markRecalled(original.uid, by: recaller, at: time)
        // A recalled message no longer counts as unread anywhere.
        conversations.forgetUnread(uid: original.uid)
        // The command itself goes to the others in the conversation and the recaller's other
        // devices, offline-cached whatever its flag (PEER-RECALL-001); it keeps the flag its
        // sender gave it, as every message does (RUST and ENGINE send NONE, WEBv2 1;
        // CONTENT-RCCMD-001). History keeps the recalled message's slot as RC:RcNtf instead of
        // storing the command.
        let cmdTarget = original.type == .private ? (recaller == original.sender ? original.target : original.sender) : original.target
        let uid = uids.next()
        let flag = up.sessionId.flag
        let stored = StoredMessage(
            uid: uid, time: time, sender: recaller, type: original.type, target: cmdTarget, topic: .recallMsg, up: up, flag: flag,
            origin: conn)
        messages.store(stored)
        stats.published += 1
        recordEvent("conn#\(conn) \(recaller) recalled \(original.uid)")
        var out = [ack(conn, p.messageId, status: 0, time: time, uid: uid)]
        deliverRecall(stored, recalled: original, into: &out)
        // 5.x learns of an ultragroup recall as a change (type 3, PEER-UG-005).
        if original.type == .ultragroup { recordChange(.recall, of: original, by: recaller, origin: conn, into: &out) }
        return out
    }

    mutating func deliverRecall(_ m: StoredMessage, recalled: StoredMessage, into out: inout [PeerOutput]) {
        let users = recipients(type: m.type, target: m.target, sender: m.sender, directed: [])
        for user in users {
            let conns = sessions.connections(of: user)
            if m.type == .chatroom {
                for c in conns { out.append(directPush(m, to: c, user: user, direction: .received)) }
                continue
            }
            messages.appendToInbox(user, InboxEntry(time: m.time, uid: m.uid, direction: .received, origin: nil))
            for c in conns { notify(c, time: m.time, sender: m.sender, into: &out) }
            if conns.isEmpty && m.type != .chatroom {
                // The recall command pushes by default (000:7452); `rc-dlt-identifier` names the
                // recalled message (000:15721).
                let text = m.up.pushText.flatMap { $0.isEmpty ? nil : $0 } ?? "\(m.sender) recalled a message"
                eventLog.recordPush(PushRecord(
                    time: m.time, receiver: user, sender: m.sender, conversationType: m.type, targetId: pushTarget(m, receiver: user),
                    objectName: m.up.classname, messageUId: m.uid, pushText: text, pushData: m.up.appData,
                    recalledUId: recalled.uid, skipped: doNotDisturbReason(m, receiver: user, mentionsPush: false)))
            }
        }
        if app.multiDeviceSync && m.type != .chatroom {
            messages.appendToInbox(m.sender, InboxEntry(time: m.time, uid: m.uid, direction: .sent, origin: m.origin))
            for c in sessions.connections(of: m.sender) where c != m.origin { echo(m, to: c, into: &out) }
        }
    }
}
