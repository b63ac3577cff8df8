// Sources/RongPeer/Model/PeerModel+ReadReceipts.swift - what a read receipt or read sync changes: unread counts and recorded readers

import RongCodec
import RongEnvelope

/// PEER-UNREAD-002, PEER-RECEIPT-*: the messages that say someone read something change the
/// unread counts and the recorded receipts, besides being delivered like any message.
extension PeerModel {
    /// Private read receipts, multi-device read sync, group receipt requests and responses
    /// (protocol-rules.md § 11.3; PEER-RECEIPT-*).
    mutating func applyReadSideEffects(_ m: StoredMessage) {
        let name = m.up.classname
        guard [ReadReceiptMessage.objectName, SyncReadStatusMessage.objectName, ReadReceiptRequestMessage.objectName,
               ReadReceiptResponseMessage.objectName].contains(name) else { return }
        guard case .typed(let content)? = try? ContentRegistry.builtIn.decode(objectName: name, bytes: m.up.content) else { return }
        // The conversation as its sender sees it: a read names the other user's messages.
        let conversation = ConversationKey(type: m.type, target: m.target)
        switch content.base {
        case let r as ReadReceiptMessage:
            conversations.markRead(user: m.sender, conversation, upTo: r.lastMessageSendTime)
            conversations.recordRead(.privateChat(sender: m.target, reader: m.sender), reader: m.sender, time: r.lastMessageSendTime)
        case let s as SyncReadStatusMessage:
            conversations.markRead(user: m.sender, conversation, upTo: s.lastMessageSendTime)
        case let q as ReadReceiptRequestMessage:
            // Only for a message the peer has (and so forgets with it), not for any string.
            if messages[q.messageUId] != nil { conversations.requestReceipts(uid: q.messageUId, requester: m.sender) }
        case let r as ReadReceiptResponseMessage:
            for entry in r.receiptMessageDic ?? [] {
                // ANDROID-4.0 and WEBv2 send UID arrays; a read-time value names no message.
                guard case .messageUIds(let list) = entry.value else { continue }
                for uid in list where conversations.requester(of: uid) == entry.key || messages[uid]?.sender == entry.key {
                    conversations.recordRead(.message(uid: uid), reader: m.sender, time: m.time)
                }
            }
        default:
            break
        }
    }
}

extension PeerModel {
    /// The most message UIDs one `rrMsg` names (**kit choice**: no source gives a limit; 5.7.2
    /// merges the UIDs of one conversation's unread messages).
    static let receiptsPerRequest = 100

    /// `rrMsg` (GrpReadReceiptMsg{`msgId` [UIDs], `channelId`}, target the group): group read
    /// receipts v2 (PEER-RECEIPT-003). The user read each named message of the group that someone
    /// else sent: the first read is recorded (what `rrList` lists), and the sender's connections
    /// get RC:RRMsg {`msgId`, `rrn` readers, `tmn` members} as a direct `s_msg` (flag NONE, not
    /// kept: the 2025 Rust SDK's v2 notice, official-sdks.md § 2; 5.7.2 has no handler of its own
    /// and raises it as MESSAGES, tools/sdk5x/FINDINGS.md § 4). UIDs the peer does not hold, of another
    /// conversation, the reader's own or recalled are skipped. 22406 for a non-member; more than
    /// 100 UIDs 33003.
    mutating func groupReadReceipt(_ req: Modules_GrpReadReceiptMsg, group: String, from conn: ConnectionID) -> Result<[PeerOutput], StatusRefusal> {
        let reader = sessions.user(of: conn)!
        guard let g = fixture.groups[group], g.members.contains(reader) else {
            return .failure(StatusRefusal(PeerStatus.notInGroup, "\(reader) is not in group \(group)"))
        }
        guard req.msgID.count <= Self.receiptsPerRequest else {
            return .failure(StatusRefusal(PeerStatus.invalidParameter, "\(req.msgID.count) UIDs in one rrMsg (at most \(Self.receiptsPerRequest))"))
        }
        var out: [PeerOutput] = []
        var done = Set<String>()
        for uid in req.msgID where done.insert(uid).inserted {
            guard let m = messages[uid], m.type == .group, m.target == group, m.sender != reader, m.recalled == nil else { continue }
            let t = now
            guard conversations.recordFirstRead(.message(uid: uid), reader: reader, time: t) else { continue }
            let notice = GroupReadReceiptMessage(msgId: uid, rrn: conversations.readers(of: .message(uid: uid)).count, tmn: g.members.count)
            guard let content = try? notice.jsonBytes() else { continue }
            var d = DownStreamMessage(fromUserId: reader, type: .group, classname: GroupReadReceiptMessage.objectName, content: content, dataTime: t, status: StatusBits())
            d.groupId = group
            d.msgId = uids.next()
            if !req.channelID.isEmpty { d.busChannel = req.channelID }
            let payload = Self.bytes(d)
            let (seconds, _) = date(t)
            for c in sessions.connections(of: m.sender) {
                let publish = Packet.ServerPublish(date: seconds, topic: .s_msg, targetId: RMTPString(reader), messageId: nextId(c), payload: payload)
                out.append(.packet(c, Packet(.serverPublish(publish), retain: true)))
            }
        }
        return .success(out)
    }
}
