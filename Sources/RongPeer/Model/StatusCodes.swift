// Sources/RongPeer/Model/StatusCodes.swift - DISCONNECT statuses, the SDK error codes, and the PUBACK/QUERYACK statuses the peer sends

import RongEnvelope

/// DISCONNECT status values, named as RongEnvelope's `DisconnectReason` names them (5.7.2's
/// reason enum, ENGINE-5.0's for the values 5.7.2 no longer names). The sources number them
/// differently (spec/peer.md, "Statuses"): WEBv2's `DisconnectionStatus` has RECONNECT 0,
/// OTHER_DEVICE_LOGIN 1, CLOSURE 2, UNKNOWN_ERROR 3, LOGOUT 4, BLOCK 5; ENGINE 0.1.0 reads 1 as
/// kicked and 2 as blocked (both end the session, any other value reconnects; lines
/// 4326-4337); ENGINE-5.0 has REDIRECT 0, OTHER_DEVICE_LOGIN 1, BLOCK 2, REMOTE_CLOSE 3, LOGOUT 4,
/// BLOCK_NEW 5, REDIRECT_NEW 6; RongIMLib 5.7.2 reads 1, 2, 5-9 (offset 314430) and RUST agrees
/// on 6-9.
public enum DisconnectStatus {
    /// Reconnect (WEBv2); redirect to navigation (ENGINE-5.0).
    public static let reconnect: UInt8 = DisconnectReason.redirect.rawValue
    /// Kicked by a login of the same platform class (every source; SDK code 31010).
    public static let otherDeviceLogin: UInt8 = DisconnectReason.otherDeviceLogin.rawValue
    /// The server closed the connection: malformed, oversized or unexpected packets, a client
    /// that does not read. WEBv2 calls 2 CLOSURE; every ENGINE reads it as BLOCK and stays
    /// offline instead of reconnecting, which is what a client that sent garbage should do
    /// (5.7.2 reports 31011).
    public static let closure: UInt8 = DisconnectReason.block.rawValue
    /// Unknown error (WEBv2); REMOTE_CLOSE (ENGINE-5.0).
    public static let unknownError: UInt8 = DisconnectReason.remoteClose.rawValue
    /// Logged out.
    public static let logout: UInt8 = DisconnectReason.logout.rawValue
    /// The user is banned (WEBv2 BLOCK, 5.7.2 BLOCK_NEW: SDK 31011).
    public static let block: UInt8 = DisconnectReason.blockNew.rawValue
    /// Go back to navigation (5.7.2 REDIRECT_NEW: SDK 31006, the SDK navigates again).
    public static let redirect: UInt8 = DisconnectReason.redirectNew.rawValue
    /// The token expired during the session (5.7.2 TOKEN_EXPIRED: SDK 31020).
    public static let tokenExpired: UInt8 = DisconnectReason.tokenExpired.rawValue
    /// The protocol version is not accepted (5.7.2 ILLEGAL_PROTOCOL_VERSION: SDK 31001).
    public static let illegalProtocolVersion: UInt8 = DisconnectReason.illegalProtocolVersion.rawValue
    /// The user's account was cancelled (5.7.2 ACCOUNT_CANCELLATION: SDK 31029).
    public static let accountCancellation: UInt8 = DisconnectReason.accountCancellation.rawValue
    /// Status 9 under the name RUST's description gave it.
    @available(*, deprecated, renamed: "accountCancellation")
    public static var userDeletedAccount: UInt8 { accountCancellation }
}

/// The error codes a RongCloud Web SDK reports to the app: RongIMLib 5.7.2's `ErrorCode` enum,
/// all 157 names (spec/error-codes.md, which lists how they differ from engine 0.1.0's 126). The
/// peer's PUBACK and QUERYACK statuses are such codes (``PeerStatus``): 5.7.2 reports a
/// non-zero status as the API's code.
public enum SDKErrorCode {
    /// Every (code, name) of 5.7.2's enum, in its order. 17 has two names
    /// (`REMOTE_NETWORK_ERROR`, `PROXY_UNAVAILABLE`).
    public static let all: [(code: Int32, name: String)] = [
        (-1, "TIMEOUT"), (-2, "UNKNOWN"), (-3, "PARAMETER_ERROR"), (-4, "EXTRA_METHOD_UNDEFINED"),
        (-5, "MAIN_PROCESS_ERROR"), (-6, "PARAMETER_CHANGED"), (0, "SUCCESS"),
        (20407, "RC_DISCUSSION_GROUP_ID_INVALID"), (20604, "SEND_FREQUENCY_TOO_FAST"),
        (21406, "NOT_IN_DISCUSSION"), (22408, "FORBIDDEN_IN_GROUP"), (25101, "RECALL_MESSAGE"),
        (22406, "NOT_IN_GROUP"), (23406, "NOT_IN_CHATROOM"), (23408, "FORBIDDEN_IN_CHATROOM"),
        (23409, "RC_CHATROOM_USER_KICKED"), (23410, "RC_CHATROOM_NOT_EXIST"), (23411, "RC_CHATROOM_IS_FULL"),
        (23412, "RC_CHATROOM_PATAMETER_INVALID"), (23413, "CHATROOM_GET_HISTORYMSG_ERROR"),
        (23414, "CHATROOM_NOT_OPEN_HISTORYMSG_STORE"), (23423, "CHATROOM_KV_EXCEED"),
        (23424, "CHATROOM_KV_OVERWRITE_INVALID"), (23426, "CHATROOM_KV_STORE_NOT_OPEN"),
        (23427, "CHATROOM_KEY_NOT_EXIST"), (23431, "CHATROOM_KV_SET_ERROR"), (21501, "SENSITIVE_SHIELD"),
        (21502, "SENSITIVE_REPLACE"), (21407, "JOIN_IN_DISCUSSION"), (21408, "CREATE_DISCUSSION"),
        (21409, "INVITE_DICUSSION"), (23407, "GET_USERINFO_ERROR"), (405, "REJECTED_BY_BLACKLIST"),
        (30001, "RC_NET_CHANNEL_INVALID"), (30002, "RC_NET_UNAVAILABLE"), (30003, "RC_MSG_RESP_TIMEOUT"),
        (30004, "RC_HTTP_SEND_FAIL"), (30005, "RC_HTTP_REQ_FAIL"), (30006, "RC_HTTP_RECV_FAIL"),
        (30007, "RC_NAVI_REQ_FAILED"), (30008, "RC_NODE_NOT_FOUND"), (30009, "RC_DOMAIN_NOT_RESOLVE"),
        (30010, "RC_SOCKET_NOT_CREATED"), (30011, "RC_SOCKET_DISCONNECTED"), (30012, "RC_PING_EXCEED_LIMIT"),
        (30014, "RC_MSG_SEND_FAIL"), (30016, "RC_MSG_CONTENT_EXCEED_LIMIT"), (31000, "RC_CONN_ACK_TIMEOUT"),
        (31001, "RC_CONN_PROTO_VERSION_ERROR"), (31002, "RC_CONN_IDENTIFIER_REJECTED"),
        (31003, "RC_CONN_SERVER_UNAVAILABLE"), (31004, "RC_CONN_TOKEN_INCORRECT"),
        (31005, "RC_CONN_NOT_AUTHRORIZED"), (31006, "RC_CONN_REDIRECTED"),
        (31007, "RC_CONN_PACKAGE_NAME_INVALID"), (31008, "RC_CONN_APP_BLOCKED_OR_DELETED"),
        (31009, "RC_CONN_USER_BLOCKED"), (31010, "RC_DISCONN_KICK"), (31011, "RC_DISCONN_EXCEPTION"),
        (31020, "RC_CONN_TOKEN_EXPIRED"), (31021, "RC_CONN_DEVICE_ERROR"), (31022, "RC_CONN_HOSTNAME_ERROR"),
        (31023, "RC_DISCONN_SAME_CLIENT_ON_LINE"), (31024, "RC_LISCENSE_COUNT_OUT_OF_LIMIT"),
        (31025, "RC_CONN_WRONG_CLUSTER"), (31026, "RC_APP_AUTH_NOT_PASS"), (31027, "RC_OTP_USED"),
        (31028, "RC_PLATFORM_ERROR"), (31029, "RC_ACCOUNT_CANCELLATION"), (31030, "RC_LICENSE_EXPIRED"),
        (32001, "RC_QUERY_ACK_NO_DATA"), (32002, "RC_MSG_DATA_INCOMPLETE"), (32054, "RC_TCP_RESET"),
        (33001, "BIZ_ERROR_CLIENT_NOT_INIT"), (33002, "BIZ_ERROR_DATABASE_ERROR"),
        (33003, "BIZ_ERROR_INVALID_PARAMETER"), (33004, "BIZ_ERROR_NO_CHANNEL"),
        (33005, "BIZ_ERROR_RECONNECT_SUCCESS"), (33006, "BIZ_ERROR_CONNECTING"),
        (33007, "MSG_ROAMING_SERVICE_UNAVAILABLE"), (33008, "MSG_INSERT_ERROR"), (33009, "MSG_DEL_ERROR"),
        (33101, "TAG_EXISTS"), (33100, "TAG_NOT_EXIST"), (33102, "NO_TAG_IN_CONVER"),
        (34001, "CONVER_REMOVE_ERROR"), (34002, "CONVER_GETLIST_ERROR"), (34003, "CONVER_SETOP_ERROR"),
        (34004, "CONVER_TOTAL_UNREAD_ERROR"), (34005, "CONVER_TYPE_UNREAD_ERROR"),
        (34006, "CONVER_ID_TYPE_UNREAD_ERROR"), (34010, "EXPANSION_LIMIT_EXCEET"),
        (34008, "MESSAGE_KV_NOT_SUPPORT"), (34013, "CONVER_OUT_LIMIT_ERROR"), (35021, "CONVER_GET_ERROR"),
        (35001, "GROUP_SYNC_ERROR"), (35002, "GROUP_MATCH_ERROR"), (35003, "READ_RECEIPT_ERROR"),
        (35006, "PACKAGE_ENVIRONMENT_ERROR"), (35007, "CAN_NOT_RECONNECT"), (35008, "SERVER_UNAVAILABLE"),
        (35009, "HOSTNAME_ERROR"), (35010, "HAS_OHTER_SAME_CLIENT_ON_LINE"), (35011, "METHOD_NOT_AVAILABLE"),
        (35012, "METHOD_NOT_SUPPORT"), (35013, "MSG_LIMIT_ERROR"), (35014, "METHOD_ONLY_SUPPORT_ULTRA_GROUP"),
        (35020, "UPLOAD_FILE_FAILED"), (36001, "CHATROOM_ID_ISNULL"), (36002, "CHARTOOM_JOIN_ERROR"),
        (36003, "CHATROOM_HISMESSAGE_ERROR"), (36004, "CHATROOM_KV_NOT_FOUND"), (37001, "BLACK_ADD_ERROR"),
        (37002, "BLACK_GETSTATUS_ERROR"), (37003, "BLACK_REMOVE_ERROR"), (38001, "DRAF_GET_ERROR"),
        (38002, "DRAF_SAVE_ERROR"), (38003, "DRAF_REMOVE_ERROR"), (39001, "SUBSCRIBE_ERROR"),
        (39002, "NOT_SUPPORT"), (41001, "QNTKN_FILETYPE_ERROR"), (41002, "QNTKN_GET_ERROR"),
        (51001, "COOKIE_ENABLE"), (24001, "HAVNODEVICEID"), (24002, "DEVICEIDISHAVE"), (24009, "FEILD"),
        (24013, "VOIPISNULL"), (24010, "NOENGINETYPE"), (24011, "NULLCHANNELNAME"),
        (24012, "VOIPDYANMICERROR"), (24014, "NOVOIP"), (24015, "INTERNALERRROR"), (24016, "VOIPCLOSE"),
        (24416, "ULTRA_GROUP_USER_NOT_IN_PRIVATE_CHANNEL"), (1, "CANCEL"), (2, "REJECT"), (3, "HANGUP"),
        (4, "BUSYLINE"), (5, "NO_RESPONSE"), (6, "ENGINE_UN_SUPPORTED"), (7, "NETWORK_ERROR"),
        (11, "REMOTE_CANCEL"), (12, "REMOTE_REJECT"), (13, "REMOTE_HANGUP"), (14, "REMOTE_BUSYLINE"),
        (15, "REMOTE_NO_RESPONSE"), (16, "REMOTE_ENGINE_UN_SUPPORTED"), (17, "REMOTE_NETWORK_ERROR"),
        (18, "VOIP_NOT_AVALIABLE"), (23428, "CHATROOM_KV_STORE_NOT_ALL_SUCCESS"),
        (23429, "CHATROOM_KV_STORE_OUT_LIMIT"), (35022, "SEARCH_PROPS_LIMIT_ERROR"),
        (34238, "INVALID_PARAMETER_PROXY"), (34239, "INVALID_PARAMETER_TESTHOST"),
        (34240, "INVALID_CONNECT_TESTHOST_FAILED"), (35028, "RC_CONN_PROXY_UNAVAILABLE"),
        (17, "PROXY_UNAVAILABLE"),
    ]

    /// The names of `code` (two for 17, one for the others), empty for a code 5.7.2 does not name.
    public static func names(of code: Int32) -> [String] { byCode[code] ?? [] }

    /// The code named `name`, nil for a name 5.7.2 does not have.
    public static func code(named name: String) -> Int32? { byName[name] }

    private static let byCode: [Int32: [String]] = Dictionary(grouping: all, by: \.code).mapValues { $0.map(\.name) }
    private static let byName: [String: Int32] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0.code) })

    /// The code 5.7.2 reports for a CONNACK status (its `tP`, offset 315072): 0 for 0, 31000 + N
    /// for 1-9, 31010 + N for 10-20, nil for a status it does not map.
    public static func code(connAckStatus status: UInt8) -> Int32? {
        switch status {
        case 0: 0
        case 1...9: 31000 + Int32(status)
        case 10...20: 31010 + Int32(status)
        default: nil
        }
    }

    /// The code 5.7.2 reports for a DISCONNECT status (its `eP`, offset 314730), nil for a status
    /// it does not map.
    public static func code(disconnectStatus status: UInt8) -> Int32? {
        switch status {
        case 1: 31010
        case 2, 5: 31011
        case 6: 31006
        case 7: 31020
        case 8: 31001
        case 9: 31029
        default: nil
        }
    }
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
    /// An ultragroup request with a bad parameter: a channel id over 20 characters
    /// (protocol-rules.md § 10.1, 24403).
    public static let ultragroupParameterInvalid: UInt16 = 24403
    /// Not a member of the ultragroup.
    public static let notInUltragroup: UInt16 = 24406
    /// No such ultragroup (protocol-rules.md § 10.1).
    public static let ultragroupNotExist: UInt16 = 24410
    /// The ultragroup has its most channels, 50 (protocol-rules.md § 8, § 10.1).
    public static let ultragroupChannelLimit: UInt16 = 24413
    /// The ultragroup has no such channel (protocol-rules.md § 10.1).
    public static let ultragroupChannelNotExist: UInt16 = 24414
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
