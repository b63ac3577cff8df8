// Sources/RongPeer/Model/ModelKeys.swift - the typed keys of the peer's stores: conversation, history, resend, receipt

import RongCodec

/// A conversation as one user sees it: its type and target (the other user of a private chat;
/// the group, chatroom or ultragroup). Unread counts, read times, kept states and removals are
/// kept per user by it.
struct ConversationKey: Hashable, Sendable, CustomStringConvertible {
    var type: ConversationType
    var target: String

    /// `TYPE:target` with the type's name (`private:bob`, `group:team`): `/state` `unread` and
    /// `readTimes`.
    var description: String { "\(type.name):\(target)" }
}

/// Where a conversation's cloud history is kept: one list for both users of a private chat, one
/// per group, chatroom or ultragroup.
struct HistoryKey: Hashable, Sendable, CustomStringConvertible {
    var type: ConversationType
    /// The group, chatroom or ultragroup; in a private chat the lesser of the two user ids.
    var id: String
    /// In a private chat the greater user id; nil otherwise.
    var other: String?

    /// The history of a message from `sender` to `target` (a user, group, chatroom or
    /// ultragroup); a private chat's is the same whichever of the two sends.
    init(_ type: ConversationType, sender: String, target: String) {
        self.type = type
        if type == .private {
            (id, other) = sender < target ? (sender, target) : (target, sender)
        } else {
            id = target
        }
    }

    /// `private:a:b` (the ids sorted), `group:g`, `chatroom:r`, `ultragroup:u`: `/state` `history`.
    var description: String { other.map { "\(type.name):\(id):\($0)" } ?? "\(type.name):\(id)" }
}

/// A send as the service recognises a resend of it: the sender and the client's
/// `clientUniqueId` (PEER-MSG-005).
struct ResendKey: Hashable, Sendable, CustomStringConvertible {
    var sender: String
    var clientUniqueId: Int64

    /// `sender#clientUniqueId`.
    var description: String { "\(sender)#\(clientUniqueId)" }
}

/// What read receipts are recorded for: a message by its UID (group receipts, PEER-RECEIPT-002),
/// or the reads of one user's private messages by the other (PEER-RECEIPT-001).
enum ReceiptKey: Hashable, Sendable, CustomStringConvertible {
    case message(uid: String)
    /// `reader` read what `sender` sent them.
    case privateChat(sender: String, reader: String)

    /// The UID, or `private:SENDER→READER`: `/state` `receipts`.
    var description: String {
        switch self {
        case .message(let uid): uid
        case .privateChat(let sender, let reader): "private:\(sender)→\(reader)"
        }
    }
}

/// A channel of an ultragroup (`busChannel`, 5.x's `channelId`; `""` is the group's default
/// channel, which 5.7.2 sends when the app gives none): read times, default notification levels
/// and message changes are kept by it (PEER-UG-*).
struct UltragroupChannelKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    var group: String
    var channel: String

    /// `group/channel` (`guild/ch1`; `guild/` for the default channel): `/state`.
    var description: String { "\(group)/\(channel)" }

    /// By group, then channel, in code-point order (PEER-ORDER-001).
    static func < (a: Self, b: Self) -> Bool { (a.group, a.channel) < (b.group, b.channel) }
}
