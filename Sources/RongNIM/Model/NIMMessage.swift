// Sources/RongNIM/Model/NIMMessage.swift - a NIM message as the seed documents it

import RongCodec

/// A NetEase Yunxin (NIM) message, `NIMMessage` of the seed (003:426-599) with the current SDK's
/// additions (spec/nim.md, NIM-SEED-001), as typed Swift values: the model every NIM form reads
/// into (``NIMFormRecord``).
///
/// Read and written in the NIM message JSON form of spec/nim.md, a form of RongWire's own that
/// names every member after the SDK property:
///
/// ```swift
/// let m = try NIMMessage(json: #"{"messageType":0,"session":{"sessionId":"bob","sessionType":0},"text":"hi"}"#)
/// m.messageType         // .text
/// m.text                // "hi"
/// try m.jsonString()    // the canonical form
/// ```
///
/// Decoding is strict (spec/nim.md, NIM-JSON-001): a member the form does not define is
/// `invalidValue`, a wrong JSON type `typeMismatch`, the limits (`remoteExt` 4 KB and
/// `apnsPayload` 2 KB of the seed, `apnsContent` 500 characters of the current SDK) `sizeLimit`,
/// and every error carries the JSON path.
public struct NIMMessage: Hashable, Sendable {
    /// The client-generated id (003:578); nil when the importer is to make one.
    public var messageId: String?
    /// The id NetEase's server gave the message (`serverID` of the current header; the server
    /// API's `msgid`, the C SDK's `server_msg_id`, the Web SDK's `idServer`); not in the seed.
    public var serverID: String?
    /// What the message holds; selects the attachment (003:575).
    public var messageType: NIMMessageType
    /// The app's subtype, 1 or more (`messageSubType` of the current header, "默认0。设置值需要大于0";
    /// the server API's `subType` / `sub_type`, the C SDK's `msg_sub_type`); not in the seed.
    public var messageSubType: Int?
    /// The sender's account (003:576).
    public var from: String?
    /// Where the message goes. Nil only for a message inside a revoke notification.
    public var session: NIMSession?
    /// Send time in seconds (`NSTimeInterval`, corrected by the server, 003:511), as written.
    public var timestamp: JSONNumber?
    /// The text of a text or tip message (003:579), the bubble text of a robot message
    /// (003:1509), or the display text of any other type (the server API's `msgDesc`, the C
    /// SDK's `msg_body`, V2's searchable `text`).
    public var text: String?
    /// The attachment; nil for a text message.
    public var object: NIMMessageObject?
    /// Per-message flags (003:581).
    public var setting = NIMMessageSetting()
    /// Sent to the peer; JSON, at most 4 KB (003:493).
    public var remoteExt: JSONObject?
    /// Push text: at most 500 characters in the current SDK (200 bytes in the seed, 003:474).
    public var apnsContent: String?
    /// Push payload, at most 2 KB of JSON (003:480).
    public var apnsPayload: JSONObject?
    /// Targeted or forced push; teams only (003:488).
    public var apnsMemberOption: NIMApnsMemberOption?
    /// Yidun anti-spam options (003:470).
    public var antiSpamOption: NIMAntiSpamOption?
    /// The sender's chatroom profile, chatroom messages only (003:505).
    public var messageExt: NIMChatroomExtension?
    /// State kept on the device, never sent (003:499, 003:518-598).
    public var local = NIMLocalState()

    /// A message of `type` to `session`.
    public init(_ type: NIMMessageType, session: NIMSession?) {
        self.messageType = type
        self.session = session
    }
}

/// `NIMMessageApnsMemberOption` ([X] header): push to some members only, or past their mute.
public struct NIMApnsMemberOption: Hashable, Sendable {
    /// nil: every member.
    public var userIds: [String]?
    /// Default true: push even to members who muted the team.
    public var forcePush = true
    /// nil: the message's own push text.
    public var apnsContent: String?

    /// Nothing set.
    public init() {}
}

/// `NIMAntiSpamOption` ([X] header).
public struct NIMAntiSpamOption: Hashable, Sendable {
    /// Yidun anti-spam on for this message.
    public var enabled = false
    /// Custom anti-spam content.
    public var content: String?
    /// Yidun business id.
    public var businessId: String?

    /// Nothing set.
    public init() {}
}

/// `NIMMessageChatroomExtension` ([X] header; 003:505, 003:3776): what the sender set when
/// entering the room. `roomExt` is a string, as in the newer header.
public struct NIMChatroomExtension: Hashable, Sendable {
    /// Nickname in the room.
    public var roomNickname: String?
    /// Avatar URL in the room.
    public var roomAvatar: String?
    /// Avatar thumbnail (NIM-hosted avatars only).
    public var roomAvatarThumbnail: String?
    /// The member extension set on entering.
    public var roomExt: String?

    /// Nothing set.
    public init() {}
}

/// The message state a NIM client keeps locally (003:499, 003:518-599): never sent, but part
/// of an export, and mapped to the RongCloud client's local state where it has a counterpart.
public struct NIMLocalState: Hashable, Sendable {
    /// `NIMMessageDeliveryState` ([X]): failed 0, delivering 1, delivered 2.
    public static let deliveryStateRange: ClosedRange<Int64> = 0...2
    /// `NIMMessageAttachmentDownloadState` ([X]): needDownload 0, failed 1, downloading 2,
    /// downloaded 3.
    public static let downloadStateRange: ClosedRange<Int64> = 0...3

    /// Stored with the message, never sent; JSON (003:499).
    public var localExt: JSONObject?
    /// Shown on the sender's side (003:537).
    public var isOutgoingMsg: Bool?
    /// Received, roamed copies of one's own messages included (003:531).
    public var isReceivedMsg: Bool?
    /// `NIMMessageDeliveryState`, 0-2 (outgoing messages).
    public var deliveryState: Int?
    /// `NIMMessageAttachmentDownloadState`, 0-3 (incoming messages).
    public var attachmentDownloadState: Int?
    /// Played (audio, video).
    public var isPlayed: Bool?
    /// Soft delete (003:550).
    public var isDeleted: Bool?
    /// The peer has read it: P2P outgoing messages only (003:557).
    public var isRemoteRead: Bool?
    /// The sender's current nickname, not the one at send time (003:563).
    public var senderName: String?
    /// `NIMLoginClientType` of the sender (003:569).
    public var senderClientType: Int?

    /// Nothing set.
    public init() {}

    /// Whether nothing is set.
    public var isEmpty: Bool { self == NIMLocalState() }
}

/// `NIMRevokeMessageNotification` ([X] header; 003:1764-1790): a message was revoked. The
/// receiver deletes it; no placeholder is stored (003:1778).
public struct NIMRevokeNotification: Hashable, Sendable {
    /// Who revoked.
    public var fromUserId: String?
    /// Who sent the revoked message.
    public var messageFromUserId: String?
    /// The conversation.
    public var session: NIMSession
    /// When the revoked message reached the server, in seconds.
    public var timestamp: JSONNumber?
    /// The revoked message's content (`messageId`, `messageType`, `text`, `attachment`,
    /// `remoteExt`); nil if it never arrived.
    public var message: NIMMessage?
    /// The revoked message's id when its content is not known: NetEase's C SDK names the
    /// message by `msg_id` alone, without its type (`nim_talk_def.h`, 『消息撤回通知Json Keys』).
    public var messageId: String?
    /// The text the revoker attached (`postscript` of the current header, the C SDK's `notify`).
    public var postscript: String?

    /// A notification in `session`.
    public init(session: NIMSession) { self.session = session }
}

/// One line of NIM input or output: a message or a revoke notification.
public enum NIMRecord: Hashable, Sendable {
    /// A message.
    case message(NIMMessage)
    /// `{"revoke": {...}}`: a revoke notification (NIM-REVOKE-001).
    case revoke(NIMRevokeNotification)
}
