// Sources/RongPeer/Model/StatusCodes.swift - DISCONNECT statuses and the PUBACK/QUERYACK statuses the peer sends

/// DISCONNECT status values. The sources number them differently (spec/peer.md, "Statuses"):
/// WEBv2's `DisconnectionStatus` has RECONNECT 0, OTHER_DEVICE_LOGIN 1, CLOSURE 2, UNKNOWN_ERROR 3,
/// LOGOUT 4, BLOCK 5; ENGINE 0.1.0 reads 1 as kicked and 2 as blocked (both end the session, any
/// other value reconnects; lines 4326-4337); ENGINE-5.0 has REDIRECT 0, OTHER_DEVICE_LOGIN 1,
/// BLOCK 2, REMOTE_CLOSE 3, LOGOUT 4, BLOCK_NEW 5, REDIRECT_NEW 6; RUST adds 6 redirect, 7 token
/// expired, 8 illegal protocol version, 9 user deleted the account.
public enum DisconnectStatus {
    /// Reconnect (WEBv2); redirect to navigation (ENGINE-5.0).
    public static let reconnect: UInt8 = 0
    /// Kicked by a login of the same platform class (every source; SDK code 31010).
    public static let otherDeviceLogin: UInt8 = 1
    /// The server closed the connection: malformed, oversized or unexpected packets, a client
    /// that does not read. WEBv2 calls 2 CLOSURE; every ENGINE reads it as BLOCK and stays
    /// offline instead of reconnecting, which is what a client that sent garbage should do.
    public static let closure: UInt8 = 2
    /// Unknown error (WEBv2); REMOTE_CLOSE (ENGINE-5.0).
    public static let unknownError: UInt8 = 3
    /// Logged out.
    public static let logout: UInt8 = 4
    /// The user is banned (WEBv2 BLOCK, ENGINE-5.0 BLOCK_NEW).
    public static let block: UInt8 = 5
    /// Go back to navigation (RUST; ENGINE-5.0 REDIRECT_NEW).
    public static let redirect: UInt8 = 6
    /// The token expired during the session (RUST).
    public static let tokenExpired: UInt8 = 7
    /// The protocol version is not accepted (RUST).
    public static let illegalProtocolVersion: UInt8 = 8
    /// The user deleted their account (RUST).
    public static let userDeletedAccount: UInt8 = 9
}

/// Status codes the peer puts in PUBACK and QUERYACK: the official codes of the same condition
/// (RUST's `RcimEngineError`, official-sdks.md § 7, and the SDK error codes of protocol-rules.md
/// § 10).
public enum PeerStatus {
    /// Success.
    public static let ok: UInt16 = 0
    /// A request the peer cannot take as sent (kit choice: the SDKs' INVALID_PARAMETER,
    /// protocol-rules.md § 10.1; the service documents no server status for either case): a
    /// QUERY on a topic the peer does not implement, a PUBLISH whose content is not UTF-8.
    public static let invalidParameter: UInt16 = 33003
    /// A QUERY topic no official client sends (every topic they send gets an answer,
    /// PEER-QUERY-001): ``invalidParameter`` (PEER-HOSTILE-007). It was
    /// 1 before, which ENGINE hands to the app as code 1, the VoIP range's CANCEL.
    public static let unsupportedQuery: UInt16 = invalidParameter
    /// A PUBLISH whose content bytes are not UTF-8: ``invalidParameter`` (PEER-HOSTILE-007).
    public static let invalidContent: UInt16 = invalidParameter
    /// The conversation does not take this message: a publish topic the peer does not serve, or
    /// (kit choice, no code is documented) a private target the fixture does not list.
    public static let conversationNotSupported: UInt16 = 20109
    /// Expansion: no such message.
    public static let originalMessageNotExist: UInt16 = 22201
    /// Expansion: the message takes none.
    public static let messageNotExpandable: UInt16 = 22202
    /// Expansion: bad keys or values, or too many.
    public static let expansionFormat: UInt16 = 22203
    /// Expansion: the sender is not in the conversation.
    public static let expansionNotAuthorized: UInt16 = 22204
    /// Not a member of the group.
    public static let notInGroup: UInt16 = 22406
    /// Not in the chatroom.
    public static let notInChatroom: UInt16 = 23406
    /// No such chatroom.
    public static let chatroomNotExist: UInt16 = 23410
    /// Muted in the chatroom: the member's sends are refused (002:1018, PEER-CHRM-010).
    public static let mutedInChatroom: UInt16 = 23408
    /// Kicked and banned from the chatroom, until the ban ends (002:1019, PEER-CHRM-011).
    public static let kickedFromChatroom: UInt16 = 23409
    /// The chatroom has its most members (002:1021, PEER-CHRM-005).
    public static let chatroomFull: UInt16 = 23411
    /// A chatroom request with a bad parameter: a room id or KV key, value or extra out of its
    /// limits (RUST `RC_PARAMETER_INVALID_CHATROOM`, protocol-rules.md § 10.1; PEER-CHRM-007).
    public static let chatroomInvalidParameter: UInt16 = 23412
    /// Chatroom KV: the room holds its most keys, 100 (protocol-rules.md § 10.1, PEER-CHRM-007).
    public static let chatroomKeyCountExceeded: UInt16 = 23423
    /// Chatroom KV: a batch change in which some keys failed (`RC_KV_STORE_NOT_ALL_SUCCESS`).
    public static let chatroomKeysNotAllSet: UInt16 = 23428
    /// Chatroom KV: a batch of more than 10 keys (`RC_KV_STORE_OUT_OF_LIMIT`, protocol-rules.md § 10.1).
    public static let chatroomBatchTooLarge: UInt16 = 23429
    /// Chatroom KV: the key was set by another user and the change does not overwrite (RUST).
    public static let chatroomKeyNotOwned: UInt16 = 23424
    /// Chatroom KV: removing a key the room does not hold (RUST; ENGINE's 23427).
    public static let chatroomKeyNotExist: UInt16 = 23427
    /// Not a member of the ultragroup.
    public static let notInUltragroup: UInt16 = 24406
    /// Recall: no such message, already recalled, or not in its conversation.
    public static let recallParameterInvalid: UInt16 = 25101
    /// Cloud history is off.
    public static let historyNotEnabled: UInt16 = 25102
    /// Cloud history is off, asked for a chatroom's.
    public static let chatroomHistoryNotEnabled: UInt16 = 23414
    /// Recall: only the sender may recall.
    public static let recallUserInvalid: UInt16 = 25107
    /// More messages in a second than the app's `sendRate` (the service's 5 per second).
    public static let sendRateExceeded: UInt16 = 20604
    /// Content above 131,072 bytes.
    public static let messageTooLarge: UInt16 = 30016
    /// Tags on a conversation type other than private, group and system (PEER-CONV-007).
    public static let tagsNotSupported: UInt16 = 34012
    /// A tag id that is empty, longer than 10 characters or not in the user's list (PEER-CONV-007).
    public static let invalidTagId: UInt16 = 34212
    /// A new tag without a name, or a name longer than 15 characters (PEER-CONV-007).
    public static let invalidTagName: UInt16 = 34213
}
