// Sources/RongPeer/Model/StatusCodes.swift - DISCONNECT statuses and the PUBACK/QUERYACK statuses the peer sends

/// DISCONNECT status values (the Web SDK's `DisconnectionStatus`: RECONNECT 0,
/// OTHER_DEVICE_LOGIN 1, CLOSURE 2, UNKNOWN_ERROR 3, LOGOUT 4, BLOCK 5).
public enum DisconnectStatus {
    /// Reconnect.
    public static let reconnect: UInt8 = 0
    /// Kicked by a login of the same platform class.
    public static let otherDeviceLogin: UInt8 = 1
    /// The server closed the connection: malformed, oversized or unexpected packets, a client
    /// that does not read.
    public static let closure: UInt8 = 2
    /// Unknown error.
    public static let unknownError: UInt8 = 3
    /// Logged out.
    public static let logout: UInt8 = 4
    /// The user is banned.
    public static let block: UInt8 = 5
}

/// Status codes the peer puts in PUBACK and QUERYACK (the SDK error codes of protocol-rules.md
/// § 10 that describe the same condition).
public enum PeerStatus {
    /// Success.
    public static let ok: UInt16 = 0
    /// A request the peer cannot take as sent (kit choice: the SDKs' INVALID_PARAMETER,
    /// protocol-rules.md § 10.1; the service documents no server status for either case): a
    /// QUERY on a topic the peer does not implement, a PUBLISH whose content is not UTF-8.
    public static let invalidParameter: UInt16 = 33003
    /// A QUERY topic the peer does not implement: ``invalidParameter`` (PEER-HOSTILE-007). It was
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
    /// Not a member of the ultragroup.
    public static let notInUltragroup: UInt16 = 24406
    /// Recall: no such message, already recalled, or not in its conversation.
    public static let recallParameterInvalid: UInt16 = 25101
    /// Cloud history is off.
    public static let historyNotEnabled: UInt16 = 25102
    /// Recall: only the sender may recall.
    public static let recallUserInvalid: UInt16 = 25107
    /// More messages in a second than the app's `sendRate` (the service's 5 per second).
    public static let sendRateExceeded: UInt16 = 20604
    /// Content above 131,072 bytes.
    public static let messageTooLarge: UInt16 = 30016
}
