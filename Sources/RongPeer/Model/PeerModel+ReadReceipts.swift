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
