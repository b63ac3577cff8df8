// Sources/RongEnvelope/Bodies/Generated/BodyType+Generated.swift - GENERATED from spec/rongcloud.proto
// by tools/generate-body-types.py (run tools/generate-protos.sh); do not edit.

package import SwiftProtobuf

/// The protobuf messages of spec/rongcloud.proto, by their schema name. The payload of a packet
/// carries no type tag: the topic decides which one it holds (``BodyType/of(_:queryTopic:)``;
/// a QUERYACK's type is decided by the topic of the QUERY it answers).
public enum BodyType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Push options (`pushExt`) (ENGINE-4.5 line 3211).
    case pushExtra = "PushExtra"
    /// Client → server message: the body of a client PUBLISH on a publish topic, of the user's own message echoed by the server, and the notification inside SetChrmKV (ENGINE 0.1.0 line 1932).
    case upStreamMessage = "UpStreamMessage"
    /// Server → client message: the `s_msg` body, the element of pull and history lists (ENGINE 0.1.0 line 1950).
    case downStreamMessage = "DownStreamMessage"
    /// Reply to `pullMsg` and `chrmPull` (ENGINE 0.1.0 line 1945).
    case downStreamMessages = "DownStreamMessages"
    /// `s_ntf` (type 2: pull the chatroom `chrmId`; any other type: pull the inbox) and `s_cmd` (type 2 chatroom KV changed, 3 conversation status changed, 4 chatroom destroyed) bodies (ENGINE 0.1.0 line 1919).
    case notifyMsg = "NotifyMsg"
    /// `pullMsg` request (ENGINE 0.1.0 line 1924).
    case syncRequestMsg = "SyncRequestMsg"
    /// `qrySessionsAtt` request (defined by ENGINE 0.1.0, never sent) (ENGINE 0.1.0 line 2354).
    case sessionsAttQryInput = "SessionsAttQryInput"
    /// `qrySessionsAtt` reply (ENGINE 0.1.0 line 2357).
    case sessionsAttOutput = "SessionsAttOutput"
    /// History request: `qryPMsg`, `qryGMsg`, `qryCHMsg`, `qryCMsg`, `qrySMsg` (ENGINE 0.1.0 line 2251).
    case historyMsgInput = "HistoryMsgInput"
    /// History reply (the schema spells it `Ouput`) (ENGINE 0.1.0 line 2259).
    case historyMsgOuput = "HistoryMsgOuput"
    /// An older history request; no topic of the engines read uses it (ENGINE 0.1.0 line 2167).
    case historyMessageInput = "HistoryMessageInput"
    /// Its reply (ENGINE 0.1.0 line 2174).
    case historyMessagesOuput = "HistoryMessagesOuput"
    /// `delMsg` request: delete messages by UID (ENGINE 0.1.0 line 2385).
    case deleteMsgInput = "DeleteMsgInput"
    /// One message to delete (`direct`: 1 sent, 2 received) (ENGINE 0.1.0 line 2391).
    case deleteMsg = "DeleteMsg"
    /// `cleanPMsg`, `cleanGMsg`, `cleanCMsg`, `cleanSMsg` request: delete a conversation's messages up to `dataTime` (ENGINE 0.1.0 line 2161).
    case cleanHisMsgInput = "CleanHisMsgInput"
    /// Message lookup request (`qryMsg` in VILLA's traffic) (WRAPPER-2022).
    case msgQuery = "MsgQuery"
    /// One message to look up (WRAPPER-2022).
    case messageQueryInfo = "MessageQueryInfo"
    /// Message lookup reply (WRAPPER-2022).
    case msgQueryAck = "MsgQueryAck"
    /// Message change request (`modifyMsg` in VILLA's traffic) (WRAPPER-2022).
    case msgChangeReq = "MsgChangeReq"
    /// Message change pull request (`qryMsgChange` in VILLA's traffic) (WRAPPER-2022).
    case queryMsgChange = "QueryMsgChange"
    /// Message change pull reply (WRAPPER-2022).
    case msgChangeList = "MsgChangeList"
    /// One message change (`changeType` 1 expansion, 2 modified, 3 recalled, 4 channel changed) (WRAPPER-2022).
    case msgChange = "MsgChange"
    /// `qryRelationR` (conversation list) and `delRelation` request; also `qrySessions` (defined, never sent) (ENGINE 0.1.0 line 2127).
    case relationQryInput = "RelationQryInput"
    /// `qryRelation` request (WEBv2). Field 4 is `optional int32 offset` in WEBv2 and ENGINE 0.1.0-5.0, `repeated string busChannel` in WRAPPER-2022; the newest form is used, so WEBv2's offset is an unknown field here (spec ENV-BODY-002) (ENGINE 0.1.0 line 2134).
    case relationsInput = "RelationsInput"
    /// Reply to `qryRelationR` and `qryRelation` (ENGINE 0.1.0 line 2143).
    case relationsOutput = "RelationsOutput"
    /// One conversation of a RelationsOutput (ENGINE 0.1.0 line 2147).
    case relationInfo = "RelationInfo"
    /// The first unread message of a conversation, or one unread @-mention (WRAPPER-2022).
    case unreadMsgInfo = "UnreadMsgInfo"
    /// A conversation's read time; no topic of the engines read uses it (ENGINE 0.1.0 line 2155).
    case relationInfoReadTime = "RelationInfoReadTime"
    /// `updRRTime` request (defined by ENGINE 0.1.0, never sent) (ENGINE 0.1.0 line 2362).
    case sessionMsgReadInput = "SessionMsgReadInput"
    /// `updRRTime` reply (ENGINE 0.1.0 line 2368).
    case sessionMsgReadOutput = "SessionMsgReadOutput"
    /// `delSessions` request (defined by ENGINE 0.1.0, never sent) (ENGINE 0.1.0 line 2372).
    case deleteSessionsInput = "DeleteSessionsInput"
    /// One conversation of DeleteSessionsInput (ENGINE 0.1.0 line 2376).
    case sessionInfo = "SessionInfo"
    /// `delSessions` reply (ENGINE 0.1.0 line 2381).
    case deleteSessionsOutput = "DeleteSessionsOutput"
    /// Unread @-mention list request (size at most 20) (WRAPPER-2022).
    case qryRemindListReq = "QryRemindListReq"
    /// Unread @-mention list reply (WRAPPER-2022).
    case qryRemindListResp = "QryRemindListResp"
    /// `pullSeAtts` request: the conversation status changes after `time` (ENGINE 0.1.0 line 2442).
    case sessionReq = "SessionReq"
    /// `pullSeAtts` reply (ENGINE 0.1.0 line 2445).
    case sessionStates = "SessionStates"
    /// One conversation's status (ENGINE 0.1.0 line 2449).
    case sessionState = "SessionState"
    /// One status item: IsSilent (do not disturb) or IsTop (pinned) with value "1" or "0" (ENGINE 0.1.0 line 2455).
    case sessionStateItem = "SessionStateItem"
    /// `setSeAtt` request (ENGINE-5.0 also `addTag`, `delTag`) (ENGINE 0.1.0 line 2463).
    case sessionStateModifyReq = "SessionStateModifyReq"
    /// `setSeAtt` reply (ENGINE 0.1.0 line 2467).
    case sessionStateModifyResp = "SessionStateModifyResp"
    /// `addSeTag` request (ENGINE-4.5 line 3801).
    case sessionTagAddInput = "SessionTagAddInput"
    /// `delSeTag` request (ENGINE-4.5 line 3811).
    case sessionTagDelInput = "SessionTagDelInput"
    /// One conversation tag (ENGINE-4.5 line 3805).
    case sessionTagItem = "SessionTagItem"
    /// Remove conversations from tags (`disTag`) (ENGINE-4.5 line 3815).
    case sessionDisTagReq = "SessionDisTagReq"
    /// A user setting to store (ENGINE 0.1.0 line 2418).
    case setUserSettingInput = "SetUserSettingInput"
    /// Reply to a user setting change (ENGINE-5.0: `addSeTag`, `delSeTag`) (ENGINE 0.1.0 line 2422).
    case setUserSettingOutput = "SetUserSettingOutput"
    /// `pullUS` request (ENGINE 0.1.0 line 2426).
    case pullUserSettingInput = "PullUserSettingInput"
    /// `pullUS` reply (ENGINE 0.1.0 line 2430).
    case pullUserSettingOutput = "PullUserSettingOutput"
    /// One user setting (field 3 is unused) (ENGINE 0.1.0 line 2434).
    case userSettingItem = "UserSettingItem"
    /// `s_us` body: the user settings changed, pull them (ENGINE-4.5 line 3818).
    case userSettingNotification = "UserSettingNotification"
    /// A group's default do-not-disturb level, query (WRAPPER-2022).
    case groupUnpushQuery = "GroupUnpushQuery"
    /// A group's default do-not-disturb level, set (WRAPPER-2022).
    case groupUnpushSet = "GroupUnpushSet"
    /// A group's default do-not-disturb level (WRAPPER-2022).
    case groupUnpushResult = "GroupUnpushResult"
    /// `joinChrm`, `joinChrmR` and `exitChrm` request (`nothing` = 1) (ENGINE 0.1.0 line 2110).
    case chrmInput = "ChrmInput"
    /// Reply to `joinChrm`/`joinChrmR` (ENGINE-4.5 and later read `joinTime`; 0.1.0 ignores the reply) (ENGINE 0.1.0 line 2113).
    case chrmOutput = "ChrmOutput"
    /// `chrmPull` request (ENGINE 0.1.0 line 2116).
    case chrmPullMsg = "ChrmPullMsg"
    /// A newer chatroom pull request; no topic of the engines read uses it (ENGINE 0.1.0 line 2121).
    case chrmPullMsgNew = "ChrmPullMsgNew"
    /// `queryChrmI` request: how many members to list, and the order (ENGINE 0.1.0 line 2180).
    case queryChatRoomInfoInput = "QueryChatRoomInfoInput"
    /// `queryChrmI` reply (ENGINE 0.1.0 line 2186).
    case queryChatRoomInfoOutput = "QueryChatRoomInfoOutput"
    /// One chatroom member and the time they joined (ENGINE 0.1.0 line 2191).
    case chrmMember = "ChrmMember"
    /// One chatroom KV entry (ENGINE 0.1.0 line 2397).
    case chrmKVEntity = "ChrmKVEntity"
    /// `setKV` and `delKV` request (0x04 in the entry's `status` says delete) (ENGINE 0.1.0 line 2404).
    case setChrmKV = "SetChrmKV"
    /// Kept for the packet JSON form only: no engine schema has it and no topic maps to it. WEBv2's long-polling codec names a DeleteChrmKV with these fields, and RongWire mapped `delKV` to it until the engines were read; ENGINE 0.1.0 line 3285 encodes `delKV` as SetChrmKV (the bytes are the same), so `delKV` decodes as SetChrmKV and a packet JSON that says DeleteChrmKV still encodes.
    case deleteChrmKV = "DeleteChrmKV"
    /// `pullKV` reply (ENGINE 0.1.0 line 2410).
    case chrmKVOutput = "ChrmKVOutput"
    /// `pullKV` request (ENGINE 0.1.0 line 2415).
    case queryChrmKV = "QueryChrmKV"
    /// `setKVS` and `delKVS` request (several entries) (ENGINE-5.0 line 3873).
    case setChrmKVS = "SetChrmKVS"
    /// The batch delete form of SetChrmKVS (ENGINE-5.0 encodes `delKVS` as SetChrmKVS) (ENGINE-5.0 line 3879).
    case deleteChrmKVS = "DeleteChrmKVS"
    /// `setKVS`/`delKVS` reply (ENGINE-5.0 line 3890).
    case chrmKVSOutput = "ChrmKVSOutput"
    /// A key a batch change failed for (ENGINE-5.0 line 3893).
    case chrmKVSOutputEntity = "ChrmKVSOutputEntity"
    /// A key's version after a batch change (WRAPPER-2022).
    case chrmKVSVersionEntity = "ChrmKVSVersionEntity"
    /// `rrMsg` request (read receipts for group messages) and `rrList` request (ENGINE-4.5 line 3785).
    case grpReadReceiptMsg = "GrpReadReceiptMsg"
    /// The schema's own name for the `rrList` request; ENGINE-5.0 encodes GrpReadReceiptMsg, the same fields (ENGINE-4.5 line 3789).
    case grpReadReceiptQryReq = "GrpReadReceiptQryReq"
    /// `rrList` reply (ENGINE-4.5 line 3793).
    case grpReadReceiptQryResp = "GrpReadReceiptQryResp"
    /// One reader of a group message (ENGINE-4.5 line 3797).
    case grpMsgReadUser = "GrpMsgReadUser"
    /// Ultragroup conversation pull request (`pullUgSes` in VILLA's traffic) (WRAPPER-2022).
    case ultraGrpPullSes = "UltraGrpPullSes"
    /// Ultragroup message pull request (`pullUgMsg` in VILLA's traffic) (WRAPPER-2022).
    case ultraGrpPullMsg = "UltraGrpPullMsg"
    /// Typing-like status, client → server (WRAPPER-2022).
    case operateStatus = "OperateStatus"
    /// Typing-like status, server → client (`notifyType` 0x1 details, 0x2 summary) (WRAPPER-2022).
    case operateStatusNotify = "OperateStatusNotify"
    /// Who is doing what (WRAPPER-2022).
    case operateInfo = "OperateInfo"
    /// How many are doing what (WRAPPER-2022).
    case operateSummary = "OperateSummary"
    /// `qnTkn` request: an upload token (ENGINE 0.1.0 line 2049).
    case getQNupTokenInput = "GetQNupTokenInput"
    /// `qnTkn` reply (ENGINE 0.1.0 line 2058).
    case getQNupTokenOutput = "GetQNupTokenOutput"
    /// `qnUrl` request: a download URL (ENGINE 0.1.0 line 2053).
    case getQNdownloadUrlInput = "GetQNdownloadUrlInput"
    /// `qnUrl` reply (ENGINE 0.1.0 line 2065).
    case getQNdownloadUrlOutput = "GetQNdownloadUrlOutput"
    /// `aliUrl`, `s3Url`, `stcUrl` request (ENGINE-5.0) (ENGINE-4.5 line 3335).
    case getDownloadUrlInput = "GetDownloadUrlInput"
    /// Their reply (ENGINE-4.5 line 3364).
    case getDownloadUrlOutput = "GetDownloadUrlOutput"
    /// `reportsdk` request: the SDK versions, JSON (ENGINE-4.5 line 3822).
    case reportSDKInput = "ReportSDKInput"
    /// `reportsdk` reply (ENGINE-4.5 line 3825).
    case reportSDKOutput = "ReportSDKOutput"
    /// ENGINE 0.1.0 line 1978.
    case createDiscussionInput = "CreateDiscussionInput"
    /// ENGINE 0.1.0 line 1981.
    case createDiscussionOutput = "CreateDiscussionOutput"
    /// ENGINE 0.1.0 line 1984.
    case channelInvitationInput = "ChannelInvitationInput"
    /// ENGINE 0.1.0 line 1987.
    case leaveChannelInput = "LeaveChannelInput"
    /// ENGINE 0.1.0 line 1990.
    case channelEvictionInput = "ChannelEvictionInput"
    /// ENGINE 0.1.0 line 1993.
    case renameChannelInput = "RenameChannelInput"
    /// ENGINE 0.1.0 line 1996.
    case channelInfoInput = "ChannelInfoInput"
    /// ENGINE 0.1.0 line 1999.
    case channelInfoOutput = "ChannelInfoOutput"
    /// ENGINE 0.1.0 line 2007.
    case channelInfosInput = "ChannelInfosInput"
    /// ENGINE 0.1.0 line 2011.
    case channelInfosOutput = "ChannelInfosOutput"
    /// ENGINE 0.1.0 line 2015.
    case memberInfo = "MemberInfo"
    /// ENGINE 0.1.0 line 2021.
    case groupMembersInput = "GroupMembersInput"
    /// ENGINE 0.1.0 line 2025.
    case groupMembersOutput = "GroupMembersOutput"
    /// ENGINE 0.1.0 line 2029.
    case getUserInfoInput = "GetUserInfoInput"
    /// ENGINE 0.1.0 line 2032.
    case getUserInfoOutput = "GetUserInfoOutput"
    /// ENGINE 0.1.0 line 2037.
    case getSessionIdInput = "GetSessionIdInput"
    /// ENGINE 0.1.0 line 2040.
    case getSessionIdOutput = "GetSessionIdOutput"
    /// ENGINE 0.1.0 line 2068.
    case add2BlackListInput = "Add2BlackListInput"
    /// ENGINE 0.1.0 line 2071.
    case removeFromBlackListInput = "RemoveFromBlackListInput"
    /// ENGINE 0.1.0 line 2074.
    case queryBlackListInput = "QueryBlackListInput"
    /// ENGINE 0.1.0 line 2077.
    case queryBlackListOutput = "QueryBlackListOutput"
    /// ENGINE 0.1.0 line 2080.
    case blackListStatusInput = "BlackListStatusInput"
    /// ENGINE 0.1.0 line 2083.
    case blockPushInput = "BlockPushInput"
    /// ENGINE 0.1.0 line 2086.
    case modifyPermissionInput = "ModifyPermissionInput"
    /// ENGINE 0.1.0 line 2089.
    case groupInput = "GroupInput"
    /// ENGINE 0.1.0 line 2092.
    case groupOutput = "GroupOutput"
    /// ENGINE 0.1.0 line 2095.
    case groupInfo = "GroupInfo"
    /// ENGINE 0.1.0 line 2099.
    case groupHashInput = "GroupHashInput"
    /// ENGINE 0.1.0 line 2103.
    case groupHashOutput = "GroupHashOutput"
    /// User online status to set; ENGINE 0.1.0 also sends it, empty, as the `rtcRExit` request (ENGINE 0.1.0 line 1878).
    case setUserStatusInput = "SetUserStatusInput"
    /// ENGINE 0.1.0 line 1883.
    case setUserStatusOutput = "SetUserStatusOutput"
    /// ENGINE 0.1.0 line 1888.
    case getUserStatusInput = "GetUserStatusInput"
    /// ENGINE 0.1.0 line 1893.
    case getUserStatusOutput = "GetUserStatusOutput"
    /// ENGINE 0.1.0 line 1899.
    case subUserStatusInput = "SubUserStatusInput"
    /// ENGINE 0.1.0 line 1904.
    case subUserStatusOutput = "SubUserStatusOutput"
    /// ENGINE 0.1.0 line 1908.
    case voipDynamicInput = "VoipDynamicInput"
    /// ENGINE 0.1.0 line 1915.
    case voipDynamicOutput = "VoipDynamicOutput"
    /// ENGINE 0.1.0 line 2196.
    case mpFollowInput = "MPFollowInput"
    /// ENGINE 0.1.0 line 2201.
    case mpFollowOutput = "MPFollowOutput"
    /// Follow an app public service; ENGINE 0.1.0 also sends it as the `rtcUserState` request (field 1 is `id` in ENGINE 0.1.0, `state` from ENGINE-4.5; the newest name is used) (ENGINE 0.1.0 line 2207).
    case mcFollowInput = "MCFollowInput"
    /// ENGINE 0.1.0 line 2212.
    case mcFollowOutput = "MCFollowOutput"
    /// ENGINE 0.1.0 line 2218.
    case mpInfo = "MpInfo"
    /// ENGINE 0.1.0 line 2228.
    case searchMpInput = "SearchMpInput"
    /// ENGINE 0.1.0 line 2234.
    case searchMpOutput = "SearchMpOutput"
    /// ENGINE 0.1.0 line 2240.
    case pullMpInput = "PullMpInput"
    /// ENGINE 0.1.0 line 2246.
    case pullMpOutput = "PullMpOutput"
    /// `rtcRJoin_data`, `rtcPing`, `rtcToken` request (ENGINE-5.0 also `viewerJoinR`, `rtcIdentityChange`) (ENGINE 0.1.0 line 2294).
    case rtcInput = "RtcInput"
    /// `rtcRInfo`, `rtcUData`, `rtcUList` request (ENGINE 0.1.0 line 2265).
    case rtcQueryListInput = "RtcQueryListInput"
    /// `rtcUDel` body (a client PUBLISH) (ENGINE 0.1.0 line 2269).
    case rtcKeyDeleteInput = "RtcKeyDeleteInput"
    /// A key and value; the `rtcUPut` request (ENGINE 0.1.0 line 2273).
    case rtcValueInfo = "RtcValueInfo"
    /// An RTC room member and their data (ENGINE 0.1.0 line 2278).
    case rtcUserInfo = "RtcUserInfo"
    /// Reply to `rtcRJoin_data`, `rtcUData`, `rtcUList` (field 1 is `list` in ENGINE 0.1.0, `users` from ENGINE-4.5; the newest name is used) (ENGINE 0.1.0 line 2283).
    case rtcUserListOutput = "RtcUserListOutput"
    /// `rtcRInfo` reply (ENGINE 0.1.0 line 2288).
    case rtcRoomInfoOutput = "RtcRoomInfoOutput"
    /// RTC data query (no topic of ENGINE 0.1.0 sends it; its `targetType` enum is nested here, see the file comment) (ENGINE 0.1.0 line 2298).
    case rtcQryInput = "RtcQryInput"
    /// `rtcQryData` reply (ENGINE 0.1.0 line 2303).
    case rtcQryOutput = "RtcQryOutput"
    /// RTC data deletion (ENGINE 0.1.0 sends `rtcDelData` as RtcDataInput) (ENGINE 0.1.0 line 2306).
    case rtcDelDataInput = "RtcDelDataInput"
    /// `rtcQryData` request and `rtcDelData` body (a client PUBLISH) (ENGINE 0.1.0 line 2311).
    case rtcDataInput = "RtcDataInput"
    /// `rtcSetData` body (a client PUBLISH) (ENGINE 0.1.0 line 2318).
    case rtcSetDataInput = "RtcSetDataInput"
    /// `userSetData` body (a client PUBLISH in ENGINE 0.1.0, a QUERY in ENGINE-5.0) (ENGINE 0.1.0 line 2326).
    case rtcUserSetDataInput = "RtcUserSetDataInput"
    /// An empty RTC reply (ENGINE 0.1.0 line 2331).
    case rtcOutput = "RtcOutput"
    /// `rtcToken` reply (ENGINE-5.0 also `viewerJoinR`) (ENGINE 0.1.0 line 2335).
    case rtcTokenOutput = "RtcTokenOutput"
    /// `rtcSetOutData` body (commented out in ENGINE 0.1.0) (ENGINE 0.1.0 line 2342).
    case rtcSetOutDataInput = "RtcSetOutDataInput"
    /// `rtcQryUserOutData` request (commented out in ENGINE 0.1.0) (ENGINE 0.1.0 line 2348).
    case rtcQryUserOutDataInput = "RtcQryUserOutDataInput"
    /// `rtcQryUserOutData` reply (ENGINE 0.1.0 line 2351).
    case rtcUserOutDataOutput = "RtcUserOutDataOutput"
    /// `rtc_ntf` body (ENGINE-4.5 line 3829).
    case rtcNotifyMsg = "RtcNotifyMsg"
    /// `rtcPullKv` request (ENGINE-4.5 line 3835).
    case rtcPullKV = "RtcPullKV"
    /// `rtcPullKv` reply (ENGINE-4.5 line 3840).
    case rtcKVOutput = "RtcKVOutput"
    /// One RTC room KV entry (ENGINE-4.5 line 3846).
    case rtcKVEntity = "RtcKVEntity"
    /// A viewer who joined a live room: the RTC token and the room's KV (5.7.2).
    case rtcViewerJoinedOutput = "RtcViewerJoinedOutput"
    /// An invitation to an RTC room (5.7.2).
    case rtcInviteInput = "RtcInviteInput"
    /// Cancels an invitation (5.7.2).
    case rtcCancelInviteInput = "RtcCancelInviteInput"
    /// Answers an invitation (5.7.2).
    case rtcInviteAnswerInput = "RtcInviteAnswerInput"
    /// Ends an invitation (5.7.2).
    case rtcEndInviteInput = "RtcEndInviteInput"
    /// `rtcQueryJoined` request (ENGINE-4.5 line 3859).
    case rtcQueryUserJoinedInput = "RtcQueryUserJoinedInput"
    /// `rtcQueryJoined` reply (ENGINE-4.5 line 3863).
    case rtcQueryUserJoinedOutput = "RtcQueryUserJoinedOutput"
    /// One RTC room a user is in (ENGINE-4.5 line 3867).
    case rtcJoinedInfo = "RtcJoinedInfo"
    /// An RTC room id to set (WRAPPER-2022).
    case setRtcRoomIdInput = "SetRtcRoomIdInput"
    /// Its reply (WRAPPER-2022).
    case setRtcRoomIdOutput = "SetRtcRoomIdOutput"

    /// The schema name (`UpStreamMessage`), as used in the packet JSON `bodyType`.
    public var name: String { rawValue }
    public var description: String { rawValue }

    /// The generated Swift type.
    package var messageType: any SwiftProtobuf.Message.Type {
        switch self {
        case .pushExtra: Modules_PushExtra.self
        case .upStreamMessage: Modules_UpStreamMessage.self
        case .downStreamMessage: Modules_DownStreamMessage.self
        case .downStreamMessages: Modules_DownStreamMessages.self
        case .notifyMsg: Modules_NotifyMsg.self
        case .syncRequestMsg: Modules_SyncRequestMsg.self
        case .sessionsAttQryInput: Modules_SessionsAttQryInput.self
        case .sessionsAttOutput: Modules_SessionsAttOutput.self
        case .historyMsgInput: Modules_HistoryMsgInput.self
        case .historyMsgOuput: Modules_HistoryMsgOuput.self
        case .historyMessageInput: Modules_HistoryMessageInput.self
        case .historyMessagesOuput: Modules_HistoryMessagesOuput.self
        case .deleteMsgInput: Modules_DeleteMsgInput.self
        case .deleteMsg: Modules_DeleteMsg.self
        case .cleanHisMsgInput: Modules_CleanHisMsgInput.self
        case .msgQuery: Modules_MsgQuery.self
        case .messageQueryInfo: Modules_MessageQueryInfo.self
        case .msgQueryAck: Modules_MsgQueryAck.self
        case .msgChangeReq: Modules_MsgChangeReq.self
        case .queryMsgChange: Modules_QueryMsgChange.self
        case .msgChangeList: Modules_MsgChangeList.self
        case .msgChange: Modules_MsgChange.self
        case .relationQryInput: Modules_RelationQryInput.self
        case .relationsInput: Modules_RelationsInput.self
        case .relationsOutput: Modules_RelationsOutput.self
        case .relationInfo: Modules_RelationInfo.self
        case .unreadMsgInfo: Modules_UnreadMsgInfo.self
        case .relationInfoReadTime: Modules_RelationInfoReadTime.self
        case .sessionMsgReadInput: Modules_SessionMsgReadInput.self
        case .sessionMsgReadOutput: Modules_SessionMsgReadOutput.self
        case .deleteSessionsInput: Modules_DeleteSessionsInput.self
        case .sessionInfo: Modules_SessionInfo.self
        case .deleteSessionsOutput: Modules_DeleteSessionsOutput.self
        case .qryRemindListReq: Modules_QryRemindListReq.self
        case .qryRemindListResp: Modules_QryRemindListResp.self
        case .sessionReq: Modules_SessionReq.self
        case .sessionStates: Modules_SessionStates.self
        case .sessionState: Modules_SessionState.self
        case .sessionStateItem: Modules_SessionStateItem.self
        case .sessionStateModifyReq: Modules_SessionStateModifyReq.self
        case .sessionStateModifyResp: Modules_SessionStateModifyResp.self
        case .sessionTagAddInput: Modules_SessionTagAddInput.self
        case .sessionTagDelInput: Modules_SessionTagDelInput.self
        case .sessionTagItem: Modules_SessionTagItem.self
        case .sessionDisTagReq: Modules_SessionDisTagReq.self
        case .setUserSettingInput: Modules_SetUserSettingInput.self
        case .setUserSettingOutput: Modules_SetUserSettingOutput.self
        case .pullUserSettingInput: Modules_PullUserSettingInput.self
        case .pullUserSettingOutput: Modules_PullUserSettingOutput.self
        case .userSettingItem: Modules_UserSettingItem.self
        case .userSettingNotification: Modules_UserSettingNotification.self
        case .groupUnpushQuery: Modules_GroupUnpushQuery.self
        case .groupUnpushSet: Modules_GroupUnpushSet.self
        case .groupUnpushResult: Modules_GroupUnpushResult.self
        case .chrmInput: Modules_ChrmInput.self
        case .chrmOutput: Modules_ChrmOutput.self
        case .chrmPullMsg: Modules_ChrmPullMsg.self
        case .chrmPullMsgNew: Modules_ChrmPullMsgNew.self
        case .queryChatRoomInfoInput: Modules_QueryChatRoomInfoInput.self
        case .queryChatRoomInfoOutput: Modules_QueryChatRoomInfoOutput.self
        case .chrmMember: Modules_ChrmMember.self
        case .chrmKVEntity: Modules_ChrmKVEntity.self
        case .setChrmKV: Modules_SetChrmKV.self
        case .deleteChrmKV: Modules_DeleteChrmKV.self
        case .chrmKVOutput: Modules_ChrmKVOutput.self
        case .queryChrmKV: Modules_QueryChrmKV.self
        case .setChrmKVS: Modules_SetChrmKVS.self
        case .deleteChrmKVS: Modules_DeleteChrmKVS.self
        case .chrmKVSOutput: Modules_ChrmKVSOutput.self
        case .chrmKVSOutputEntity: Modules_ChrmKVSOutputEntity.self
        case .chrmKVSVersionEntity: Modules_ChrmKVSVersionEntity.self
        case .grpReadReceiptMsg: Modules_GrpReadReceiptMsg.self
        case .grpReadReceiptQryReq: Modules_GrpReadReceiptQryReq.self
        case .grpReadReceiptQryResp: Modules_GrpReadReceiptQryResp.self
        case .grpMsgReadUser: Modules_GrpMsgReadUser.self
        case .ultraGrpPullSes: Modules_UltraGrpPullSes.self
        case .ultraGrpPullMsg: Modules_UltraGrpPullMsg.self
        case .operateStatus: Modules_OperateStatus.self
        case .operateStatusNotify: Modules_OperateStatusNotify.self
        case .operateInfo: Modules_OperateInfo.self
        case .operateSummary: Modules_OperateSummary.self
        case .getQNupTokenInput: Modules_GetQNupTokenInput.self
        case .getQNupTokenOutput: Modules_GetQNupTokenOutput.self
        case .getQNdownloadUrlInput: Modules_GetQNdownloadUrlInput.self
        case .getQNdownloadUrlOutput: Modules_GetQNdownloadUrlOutput.self
        case .getDownloadUrlInput: Modules_GetDownloadUrlInput.self
        case .getDownloadUrlOutput: Modules_GetDownloadUrlOutput.self
        case .reportSDKInput: Modules_ReportSDKInput.self
        case .reportSDKOutput: Modules_ReportSDKOutput.self
        case .createDiscussionInput: Modules_CreateDiscussionInput.self
        case .createDiscussionOutput: Modules_CreateDiscussionOutput.self
        case .channelInvitationInput: Modules_ChannelInvitationInput.self
        case .leaveChannelInput: Modules_LeaveChannelInput.self
        case .channelEvictionInput: Modules_ChannelEvictionInput.self
        case .renameChannelInput: Modules_RenameChannelInput.self
        case .channelInfoInput: Modules_ChannelInfoInput.self
        case .channelInfoOutput: Modules_ChannelInfoOutput.self
        case .channelInfosInput: Modules_ChannelInfosInput.self
        case .channelInfosOutput: Modules_ChannelInfosOutput.self
        case .memberInfo: Modules_MemberInfo.self
        case .groupMembersInput: Modules_GroupMembersInput.self
        case .groupMembersOutput: Modules_GroupMembersOutput.self
        case .getUserInfoInput: Modules_GetUserInfoInput.self
        case .getUserInfoOutput: Modules_GetUserInfoOutput.self
        case .getSessionIdInput: Modules_GetSessionIdInput.self
        case .getSessionIdOutput: Modules_GetSessionIdOutput.self
        case .add2BlackListInput: Modules_Add2BlackListInput.self
        case .removeFromBlackListInput: Modules_RemoveFromBlackListInput.self
        case .queryBlackListInput: Modules_QueryBlackListInput.self
        case .queryBlackListOutput: Modules_QueryBlackListOutput.self
        case .blackListStatusInput: Modules_BlackListStatusInput.self
        case .blockPushInput: Modules_BlockPushInput.self
        case .modifyPermissionInput: Modules_ModifyPermissionInput.self
        case .groupInput: Modules_GroupInput.self
        case .groupOutput: Modules_GroupOutput.self
        case .groupInfo: Modules_GroupInfo.self
        case .groupHashInput: Modules_GroupHashInput.self
        case .groupHashOutput: Modules_GroupHashOutput.self
        case .setUserStatusInput: Modules_SetUserStatusInput.self
        case .setUserStatusOutput: Modules_SetUserStatusOutput.self
        case .getUserStatusInput: Modules_GetUserStatusInput.self
        case .getUserStatusOutput: Modules_GetUserStatusOutput.self
        case .subUserStatusInput: Modules_SubUserStatusInput.self
        case .subUserStatusOutput: Modules_SubUserStatusOutput.self
        case .voipDynamicInput: Modules_VoipDynamicInput.self
        case .voipDynamicOutput: Modules_VoipDynamicOutput.self
        case .mpFollowInput: Modules_MPFollowInput.self
        case .mpFollowOutput: Modules_MPFollowOutput.self
        case .mcFollowInput: Modules_MCFollowInput.self
        case .mcFollowOutput: Modules_MCFollowOutput.self
        case .mpInfo: Modules_MpInfo.self
        case .searchMpInput: Modules_SearchMpInput.self
        case .searchMpOutput: Modules_SearchMpOutput.self
        case .pullMpInput: Modules_PullMpInput.self
        case .pullMpOutput: Modules_PullMpOutput.self
        case .rtcInput: Modules_RtcInput.self
        case .rtcQueryListInput: Modules_RtcQueryListInput.self
        case .rtcKeyDeleteInput: Modules_RtcKeyDeleteInput.self
        case .rtcValueInfo: Modules_RtcValueInfo.self
        case .rtcUserInfo: Modules_RtcUserInfo.self
        case .rtcUserListOutput: Modules_RtcUserListOutput.self
        case .rtcRoomInfoOutput: Modules_RtcRoomInfoOutput.self
        case .rtcQryInput: Modules_RtcQryInput.self
        case .rtcQryOutput: Modules_RtcQryOutput.self
        case .rtcDelDataInput: Modules_RtcDelDataInput.self
        case .rtcDataInput: Modules_RtcDataInput.self
        case .rtcSetDataInput: Modules_RtcSetDataInput.self
        case .rtcUserSetDataInput: Modules_RtcUserSetDataInput.self
        case .rtcOutput: Modules_RtcOutput.self
        case .rtcTokenOutput: Modules_RtcTokenOutput.self
        case .rtcSetOutDataInput: Modules_RtcSetOutDataInput.self
        case .rtcQryUserOutDataInput: Modules_RtcQryUserOutDataInput.self
        case .rtcUserOutDataOutput: Modules_RtcUserOutDataOutput.self
        case .rtcNotifyMsg: Modules_RtcNotifyMsg.self
        case .rtcPullKV: Modules_RtcPullKV.self
        case .rtcKVOutput: Modules_RtcKVOutput.self
        case .rtcKVEntity: Modules_RtcKVEntity.self
        case .rtcViewerJoinedOutput: Modules_RtcViewerJoinedOutput.self
        case .rtcInviteInput: Modules_RtcInviteInput.self
        case .rtcCancelInviteInput: Modules_RtcCancelInviteInput.self
        case .rtcInviteAnswerInput: Modules_RtcInviteAnswerInput.self
        case .rtcEndInviteInput: Modules_RtcEndInviteInput.self
        case .rtcQueryUserJoinedInput: Modules_RtcQueryUserJoinedInput.self
        case .rtcQueryUserJoinedOutput: Modules_RtcQueryUserJoinedOutput.self
        case .rtcJoinedInfo: Modules_RtcJoinedInfo.self
        case .setRtcRoomIdInput: Modules_SetRtcRoomIdInput.self
        case .setRtcRoomIdOutput: Modules_SetRtcRoomIdOutput.self
        }
    }

    /// The fields of the message, in the order of the schema.
    static func schemaFields(of type: BodyType) -> [SchemaField] {
        switch type {
        case .pushExtra: [
            SchemaField(1, "title", .optional, .scalar("string")),
            SchemaField(2, "templateIdNoUse", .optional, .scalar("int32")),
            SchemaField(3, "pushId", .optional, .scalar("string")),
            SchemaField(4, "pushConfigs", .optional, .scalar("string")),
            SchemaField(5, "templateId", .optional, .scalar("string")),
        ]
        case .upStreamMessage: [
            SchemaField(1, "sessionId", .required, .scalar("int32")),
            SchemaField(2, "classname", .required, .scalar("string")),
            SchemaField(3, "content", .required, .scalar("bytes")),
            SchemaField(4, "pushText", .optional, .scalar("string")),
            SchemaField(5, "appData", .optional, .scalar("string")),
            SchemaField(6, "userId", .repeated, .scalar("string")),
            SchemaField(7, "delMsgTime", .optional, .scalar("int64")),
            SchemaField(8, "delMsgId", .optional, .scalar("string")),
            SchemaField(9, "configFlag", .optional, .scalar("int32")),
            SchemaField(10, "clientUniqueId", .optional, .scalar("int64")),
            SchemaField(11, "extraContent", .optional, .scalar("string")),
            SchemaField(12, "pushExt", .optional, .message(.pushExtra)),
            SchemaField(13, "busChannel", .optional, .scalar("string")),
            SchemaField(14, "isResend", .optional, .scalar("bool")),
            SchemaField(16, "systemId", .optional, .scalar("string")),
            SchemaField(21, "senderPortrait", .optional, .scalar("string")),
            SchemaField(22, "optionBits", .optional, .scalar("int64")),
        ]
        case .downStreamMessage: [
            SchemaField(1, "fromUserId", .required, .scalar("string")),
            SchemaField(2, "type", .required, .enumeration("ChannelType")),
            SchemaField(3, "groupId", .optional, .scalar("string")),
            SchemaField(4, "classname", .required, .scalar("string")),
            SchemaField(5, "content", .required, .scalar("bytes")),
            SchemaField(6, "dataTime", .required, .scalar("int64")),
            SchemaField(7, "status", .required, .scalar("int64")),
            SchemaField(8, "extra", .optional, .scalar("int64")),
            SchemaField(9, "msgId", .optional, .scalar("string")),
            SchemaField(10, "direction", .optional, .scalar("int32")),
            SchemaField(11, "plantform", .optional, .scalar("int32")),
            SchemaField(12, "isRemoved", .optional, .scalar("int32")),
            SchemaField(13, "source", .optional, .scalar("string")),
            SchemaField(14, "clientUniqueId", .optional, .scalar("int64")),
            SchemaField(15, "extraContent", .optional, .scalar("string")),
            SchemaField(16, "pushContent", .optional, .scalar("string")),
            SchemaField(17, "configFlag", .optional, .scalar("int32")),
            SchemaField(18, "pushExt", .optional, .message(.pushExtra)),
            SchemaField(19, "busChannel", .optional, .scalar("string")),
            SchemaField(20, "extStatus", .optional, .scalar("int64")),
            SchemaField(21, "toUserId", .repeated, .scalar("string")),
            SchemaField(22, "groupUnpush", .optional, .scalar("int32")),
            SchemaField(23, "optionBits", .optional, .scalar("int64")),
            SchemaField(24, "convertExt", .optional, .scalar("string")),
        ]
        case .downStreamMessages: [
            SchemaField(1, "list", .repeated, .message(.downStreamMessage)),
            SchemaField(2, "syncTime", .required, .scalar("int64")),
            SchemaField(3, "finished", .optional, .scalar("bool")),
            SchemaField(4, "broadcastSyncTime", .optional, .scalar("int64")),
            SchemaField(5, "systemTime", .optional, .scalar("int64")),
            SchemaField(6, "credibleStartTime", .optional, .scalar("int64")),
            SchemaField(7, "credibleEndTime", .optional, .scalar("int64")),
        ]
        case .notifyMsg: [
            SchemaField(1, "type", .required, .scalar("int32")),
            SchemaField(2, "time", .optional, .scalar("int64")),
            SchemaField(3, "chrmId", .optional, .scalar("string")),
        ]
        case .syncRequestMsg: [
            SchemaField(1, "syncTime", .required, .scalar("int64")),
            SchemaField(2, "ispolling", .required, .scalar("bool")),
            SchemaField(3, "isweb", .optional, .scalar("bool")),
            SchemaField(4, "isPullSend", .optional, .scalar("bool")),
            SchemaField(5, "isKeeping", .optional, .scalar("bool")),
            SchemaField(6, "sendBoxSyncTime", .optional, .scalar("int64")),
            SchemaField(7, "broadcastSyncTime", .optional, .scalar("int64")),
        ]
        case .sessionsAttQryInput: [
            SchemaField(1, "nothing", .required, .scalar("int32")),
        ]
        case .sessionsAttOutput: [
            SchemaField(1, "inboxTime", .required, .scalar("int64")),
            SchemaField(2, "sendboxTime", .required, .scalar("int64")),
            SchemaField(3, "totalUnreadCount", .required, .scalar("int64")),
        ]
        case .historyMsgInput: [
            SchemaField(1, "targetId", .optional, .scalar("string")),
            SchemaField(2, "time", .optional, .scalar("int64")),
            SchemaField(3, "count", .optional, .scalar("int32")),
            SchemaField(4, "order", .optional, .scalar("int32")),
            SchemaField(5, "busChannel", .optional, .scalar("string")),
        ]
        case .historyMsgOuput: [
            SchemaField(1, "list", .repeated, .message(.downStreamMessage)),
            SchemaField(2, "syncTime", .required, .scalar("int64")),
            SchemaField(3, "hasMsg", .required, .scalar("int32")),
        ]
        case .historyMessageInput: [
            SchemaField(1, "targetId", .required, .scalar("string")),
            SchemaField(2, "dataTime", .required, .scalar("int64")),
            SchemaField(3, "size", .required, .scalar("int32")),
        ]
        case .historyMessagesOuput: [
            SchemaField(1, "list", .repeated, .message(.downStreamMessage)),
            SchemaField(2, "syncTime", .required, .scalar("int64")),
            SchemaField(3, "hasMsg", .required, .scalar("int32")),
        ]
        case .deleteMsgInput: [
            SchemaField(1, "type", .optional, .enumeration("ChannelType")),
            SchemaField(2, "conversationId", .optional, .scalar("string")),
            SchemaField(3, "msgs", .repeated, .message(.deleteMsg)),
            SchemaField(4, "busChannel", .optional, .scalar("string")),
        ]
        case .deleteMsg: [
            SchemaField(1, "msgId", .optional, .scalar("string")),
            SchemaField(2, "msgDataTime", .optional, .scalar("int64")),
            SchemaField(3, "direct", .optional, .scalar("int32")),
        ]
        case .cleanHisMsgInput: [
            SchemaField(1, "targetId", .required, .scalar("string")),
            SchemaField(2, "dataTime", .required, .scalar("int64")),
            SchemaField(3, "conversationType", .optional, .scalar("int32")),
            SchemaField(4, "busChannel", .optional, .scalar("string")),
        ]
        case .msgQuery: [
            SchemaField(1, "targetId", .required, .scalar("string")),
            SchemaField(2, "type", .required, .enumeration("ChannelType")),
            SchemaField(3, "query", .repeated, .message(.messageQueryInfo)),
        ]
        case .messageQueryInfo: [
            SchemaField(1, "msgTime", .required, .scalar("int64")),
            SchemaField(2, "msgUID", .required, .scalar("string")),
            SchemaField(3, "busChannel", .optional, .scalar("string")),
        ]
        case .msgQueryAck: [
            SchemaField(1, "list", .repeated, .message(.downStreamMessage)),
        ]
        case .msgChangeReq: [
            SchemaField(1, "fromUserId", .required, .scalar("string")),
            SchemaField(2, "targetId", .required, .scalar("string")),
            SchemaField(3, "type", .required, .enumeration("ChannelType")),
            SchemaField(4, "msgUID", .required, .scalar("string")),
            SchemaField(5, "msgTime", .required, .scalar("int64")),
            SchemaField(6, "busChannel", .optional, .scalar("string")),
            SchemaField(7, "content", .optional, .scalar("string")),
        ]
        case .queryMsgChange: [
            SchemaField(1, "syncTime", .required, .scalar("int64")),
        ]
        case .msgChangeList: [
            SchemaField(1, "list", .repeated, .message(.msgChange)),
            SchemaField(2, "syncTime", .required, .scalar("int64")),
            SchemaField(3, "hasNext", .optional, .scalar("bool")),
        ]
        case .msgChange: [
            SchemaField(1, "targetId", .required, .scalar("string")),
            SchemaField(2, "type", .required, .enumeration("ChannelType")),
            SchemaField(3, "time", .required, .scalar("int64")),
            SchemaField(4, "changeType", .required, .scalar("int32")),
            SchemaField(5, "msgUID", .required, .scalar("string")),
            SchemaField(6, "msgTime", .required, .scalar("int64")),
            SchemaField(7, "busChannel", .optional, .scalar("string")),
            SchemaField(8, "isAdmin", .optional, .scalar("bool")),
            SchemaField(9, "isDel", .optional, .scalar("bool")),
            SchemaField(10, "operatorId", .optional, .scalar("string")),
            SchemaField(11, "subChangeType", .optional, .scalar("int32")),
        ]
        case .relationQryInput: [
            SchemaField(1, "type", .optional, .enumeration("ChannelType")),
            SchemaField(2, "count", .optional, .scalar("int32")),
            SchemaField(3, "startTime", .optional, .scalar("int64")),
            SchemaField(4, "order", .optional, .scalar("int32")),
        ]
        case .relationsInput: [
            SchemaField(1, "type", .required, .enumeration("ChannelType")),
            SchemaField(2, "msg", .optional, .message(.downStreamMessage)),
            SchemaField(3, "count", .optional, .scalar("int32")),
            SchemaField(4, "busChannel", .repeated, .scalar("string")),
            SchemaField(5, "startTime", .optional, .scalar("int64")),
            SchemaField(6, "endTime", .optional, .scalar("int64")),
        ]
        case .relationsOutput: [
            SchemaField(1, "info", .repeated, .message(.relationInfo)),
            SchemaField(2, "isFinished", .optional, .scalar("bool")),
        ]
        case .relationInfo: [
            SchemaField(1, "type", .required, .enumeration("ChannelType")),
            SchemaField(2, "userId", .required, .scalar("string")),
            SchemaField(3, "msg", .optional, .message(.downStreamMessage)),
            SchemaField(4, "readMsgTime", .optional, .scalar("int64")),
            SchemaField(5, "unreadCount", .optional, .scalar("int64")),
            SchemaField(6, "busChannel", .optional, .scalar("string")),
            SchemaField(7, "versionTime", .optional, .scalar("int64")),
            SchemaField(8, "remindCount", .optional, .scalar("int64")),
            SchemaField(9, "busChannelType", .optional, .scalar("int32")),
            SchemaField(10, "msgInfo", .optional, .message(.unreadMsgInfo)),
        ]
        case .unreadMsgInfo: [
            SchemaField(1, "msgId", .required, .scalar("string")),
            SchemaField(2, "msgTime", .required, .scalar("int64")),
            SchemaField(3, "remindType", .optional, .scalar("int32")),
        ]
        case .relationInfoReadTime: [
            SchemaField(1, "type", .required, .enumeration("ChannelType")),
            SchemaField(2, "readMsgTime", .required, .scalar("int64")),
            SchemaField(3, "targetId", .required, .scalar("string")),
        ]
        case .sessionMsgReadInput: [
            SchemaField(1, "type", .required, .enumeration("ChannelType")),
            SchemaField(2, "msgTime", .required, .scalar("int64")),
            SchemaField(3, "channelId", .required, .scalar("string")),
            SchemaField(4, "busChannel", .optional, .scalar("string")),
        ]
        case .sessionMsgReadOutput: [
            SchemaField(1, "nothing", .optional, .scalar("int32")),
        ]
        case .deleteSessionsInput: [
            SchemaField(1, "sessions", .repeated, .message(.sessionInfo)),
        ]
        case .sessionInfo: [
            SchemaField(1, "type", .required, .enumeration("ChannelType")),
            SchemaField(2, "channelId", .required, .scalar("string")),
            SchemaField(3, "busChannel", .optional, .scalar("string")),
        ]
        case .deleteSessionsOutput: [
            SchemaField(1, "nothing", .optional, .scalar("int32")),
        ]
        case .qryRemindListReq: [
            SchemaField(1, "groupId", .required, .scalar("string")),
            SchemaField(2, "busChannel", .optional, .scalar("string")),
            SchemaField(3, "msgTime", .optional, .scalar("int64")),
            SchemaField(4, "size", .optional, .scalar("int32")),
        ]
        case .qryRemindListResp: [
            SchemaField(1, "msgInfo", .repeated, .message(.unreadMsgInfo)),
        ]
        case .sessionReq: [
            SchemaField(1, "time", .required, .scalar("int64")),
        ]
        case .sessionStates: [
            SchemaField(1, "version", .required, .scalar("int64")),
            SchemaField(2, "state", .repeated, .message(.sessionState)),
        ]
        case .sessionState: [
            SchemaField(1, "type", .required, .enumeration("ChannelType")),
            SchemaField(2, "channelId", .required, .scalar("string")),
            SchemaField(3, "time", .optional, .scalar("int64")),
            SchemaField(4, "stateItem", .repeated, .message(.sessionStateItem)),
            SchemaField(5, "busChannel", .optional, .scalar("string")),
        ]
        case .sessionStateItem: [
            SchemaField(1, "sessionStateType", .required, .enumeration("SessionStateType")),
            SchemaField(2, "value", .required, .scalar("string")),
            SchemaField(3, "tags", .repeated, .message(.sessionTagItem)),
        ]
        case .sessionStateModifyReq: [
            SchemaField(1, "version", .required, .scalar("int64")),
            SchemaField(2, "state", .repeated, .message(.sessionState)),
        ]
        case .sessionStateModifyResp: [
            SchemaField(1, "version", .required, .scalar("int64")),
        ]
        case .sessionTagAddInput: [
            SchemaField(1, "version", .required, .scalar("int64")),
            SchemaField(2, "tags", .repeated, .message(.sessionTagItem)),
        ]
        case .sessionTagDelInput: [
            SchemaField(1, "version", .required, .scalar("int64")),
            SchemaField(2, "tags", .repeated, .message(.sessionTagItem)),
        ]
        case .sessionTagItem: [
            SchemaField(1, "tagId", .required, .scalar("string")),
            SchemaField(2, "name", .optional, .scalar("string")),
            SchemaField(3, "createdTime", .optional, .scalar("int64")),
            SchemaField(4, "isTop", .optional, .scalar("bool")),
        ]
        case .sessionDisTagReq: [
            SchemaField(1, "tagId", .repeated, .scalar("string")),
        ]
        case .setUserSettingInput: [
            SchemaField(1, "version", .required, .scalar("int64")),
            SchemaField(2, "value", .required, .scalar("string")),
        ]
        case .setUserSettingOutput: [
            SchemaField(1, "version", .required, .scalar("int64")),
            SchemaField(2, "reserve", .required, .scalar("bool")),
        ]
        case .pullUserSettingInput: [
            SchemaField(1, "version", .required, .scalar("int64")),
            SchemaField(2, "reserve", .optional, .scalar("bool")),
        ]
        case .pullUserSettingOutput: [
            SchemaField(1, "items", .repeated, .message(.userSettingItem)),
            SchemaField(2, "version", .required, .scalar("int64")),
        ]
        case .userSettingItem: [
            SchemaField(1, "targetId", .required, .scalar("string")),
            SchemaField(2, "type", .required, .enumeration("ChannelType")),
            SchemaField(4, "key", .required, .scalar("string")),
            SchemaField(5, "value", .required, .scalar("bytes")),
            SchemaField(6, "version", .required, .scalar("int64")),
            SchemaField(7, "status", .required, .scalar("int32")),
            SchemaField(8, "tags", .repeated, .message(.sessionTagItem)),
        ]
        case .userSettingNotification: [
            SchemaField(1, "version", .required, .scalar("int64")),
            SchemaField(2, "reserve", .required, .scalar("bool")),
        ]
        case .groupUnpushQuery: [
            SchemaField(1, "busChannel", .optional, .scalar("string")),
        ]
        case .groupUnpushSet: [
            SchemaField(1, "busChannel", .optional, .scalar("string")),
            SchemaField(2, "unpushLevel", .required, .scalar("int32")),
        ]
        case .groupUnpushResult: [
            SchemaField(1, "groupId", .required, .scalar("string")),
            SchemaField(2, "busChannel", .optional, .scalar("string")),
            SchemaField(3, "unpushLevel", .required, .scalar("int32")),
        ]
        case .chrmInput: [
            SchemaField(1, "nothing", .required, .scalar("int32")),
        ]
        case .chrmOutput: [
            SchemaField(1, "nothing", .required, .scalar("int32")),
            SchemaField(2, "sessionId", .optional, .scalar("string")),
            SchemaField(3, "joinTime", .optional, .scalar("int64")),
        ]
        case .chrmPullMsg: [
            SchemaField(1, "syncTime", .required, .scalar("int64")),
            SchemaField(2, "count", .required, .scalar("int32")),
        ]
        case .chrmPullMsgNew: [
            SchemaField(1, "count", .required, .scalar("int32")),
            SchemaField(2, "syncTime", .required, .scalar("int64")),
            SchemaField(3, "chrmId", .optional, .scalar("string")),
        ]
        case .queryChatRoomInfoInput: [
            SchemaField(1, "count", .required, .scalar("int32")),
            SchemaField(2, "order", .optional, .scalar("int32")),
        ]
        case .queryChatRoomInfoOutput: [
            SchemaField(1, "userTotalNums", .optional, .scalar("int32")),
            SchemaField(2, "userInfos", .repeated, .message(.chrmMember)),
        ]
        case .chrmMember: [
            SchemaField(1, "time", .required, .scalar("int64")),
            SchemaField(2, "id", .required, .scalar("string")),
        ]
        case .chrmKVEntity: [
            SchemaField(1, "key", .required, .scalar("string")),
            SchemaField(2, "value", .required, .scalar("string")),
            SchemaField(3, "status", .optional, .scalar("int32")),
            SchemaField(4, "timestamp", .optional, .scalar("int64")),
            SchemaField(5, "uid", .optional, .scalar("string")),
            SchemaField(6, "version", .optional, .scalar("int64")),
        ]
        case .setChrmKV: [
            SchemaField(1, "entry", .required, .message(.chrmKVEntity)),
            SchemaField(2, "bNotify", .optional, .scalar("bool")),
            SchemaField(3, "notification", .optional, .message(.upStreamMessage)),
            SchemaField(4, "type", .optional, .enumeration("ChannelType")),
        ]
        case .deleteChrmKV: [
            SchemaField(1, "entry", .required, .message(.chrmKVEntity)),
            SchemaField(2, "bNotify", .optional, .scalar("bool")),
            SchemaField(3, "notification", .optional, .message(.upStreamMessage)),
            SchemaField(4, "type", .optional, .enumeration("ChannelType")),
        ]
        case .chrmKVOutput: [
            SchemaField(1, "entries", .repeated, .message(.chrmKVEntity)),
            SchemaField(2, "bFullUpdate", .optional, .scalar("bool")),
            SchemaField(3, "syncTime", .optional, .scalar("int64")),
        ]
        case .queryChrmKV: [
            SchemaField(1, "timestamp", .required, .scalar("int64")),
        ]
        case .setChrmKVS: [
            SchemaField(1, "entry", .repeated, .message(.chrmKVEntity)),
            SchemaField(2, "bNotify", .optional, .scalar("bool")),
            SchemaField(3, "notification", .optional, .message(.upStreamMessage)),
            SchemaField(4, "type", .optional, .enumeration("ChannelType")),
        ]
        case .deleteChrmKVS: [
            SchemaField(1, "entry", .repeated, .message(.chrmKVEntity)),
            SchemaField(2, "bNotify", .optional, .scalar("bool")),
            SchemaField(3, "notification", .optional, .message(.upStreamMessage)),
            SchemaField(4, "type", .optional, .enumeration("ChannelType")),
        ]
        case .chrmKVSOutput: [
            SchemaField(1, "errorKeys", .repeated, .message(.chrmKVSOutputEntity)),
            SchemaField(2, "keysVersion", .repeated, .message(.chrmKVSVersionEntity)),
        ]
        case .chrmKVSOutputEntity: [
            SchemaField(1, "key", .optional, .scalar("string")),
            SchemaField(2, "errorCode", .optional, .scalar("int32")),
        ]
        case .chrmKVSVersionEntity: [
            SchemaField(1, "version", .optional, .scalar("int64")),
            SchemaField(2, "key", .optional, .scalar("string")),
        ]
        case .grpReadReceiptMsg: [
            SchemaField(1, "msgId", .repeated, .scalar("string")),
            SchemaField(2, "channelId", .optional, .scalar("string")),
        ]
        case .grpReadReceiptQryReq: [
            SchemaField(1, "msgId", .repeated, .scalar("string")),
            SchemaField(2, "channelId", .optional, .scalar("string")),
        ]
        case .grpReadReceiptQryResp: [
            SchemaField(1, "totalMemberNum", .required, .scalar("int32")),
            SchemaField(2, "list", .repeated, .message(.grpMsgReadUser)),
        ]
        case .grpMsgReadUser: [
            SchemaField(1, "readTime", .required, .scalar("int64")),
            SchemaField(2, "userId", .required, .scalar("string")),
        ]
        case .ultraGrpPullSes: [
            SchemaField(1, "syncTime", .required, .scalar("int64")),
            SchemaField(2, "isEraseMsgContent", .optional, .scalar("bool")),
        ]
        case .ultraGrpPullMsg: [
            SchemaField(1, "syncTime", .required, .scalar("int64")),
        ]
        case .operateStatus: [
            SchemaField(1, "targetId", .optional, .scalar("string")),
            SchemaField(2, "type", .optional, .enumeration("ChannelType")),
            SchemaField(3, "opType", .optional, .scalar("int32")),
            SchemaField(4, "busChannel", .optional, .scalar("string")),
        ]
        case .operateStatusNotify: [
            SchemaField(1, "type", .optional, .enumeration("ChannelType")),
            SchemaField(2, "notifyType", .optional, .scalar("int64")),
            SchemaField(3, "info", .repeated, .message(.operateInfo)),
            SchemaField(4, "summary", .repeated, .message(.operateSummary)),
        ]
        case .operateInfo: [
            SchemaField(1, "targetId", .optional, .scalar("string")),
            SchemaField(2, "busChannel", .optional, .scalar("string")),
            SchemaField(3, "userId", .optional, .scalar("string")),
            SchemaField(4, "opType", .optional, .scalar("int32")),
            SchemaField(5, "optime", .optional, .scalar("int64")),
        ]
        case .operateSummary: [
            SchemaField(1, "targetId", .optional, .scalar("string")),
            SchemaField(2, "busChannel", .optional, .scalar("string")),
            SchemaField(3, "count", .optional, .scalar("int32")),
            SchemaField(4, "opType", .optional, .scalar("int32")),
        ]
        case .getQNupTokenInput: [
            SchemaField(1, "type", .required, .enumeration("FileType")),
            SchemaField(2, "key", .optional, .scalar("string")),
            SchemaField(3, "httpMethod", .optional, .scalar("string")),
            SchemaField(4, "queryString", .optional, .scalar("string")),
        ]
        case .getQNupTokenOutput: [
            SchemaField(1, "deadline", .required, .scalar("int64")),
            SchemaField(2, "token", .required, .scalar("string")),
            SchemaField(3, "bosToken", .optional, .scalar("string")),
            SchemaField(4, "bosDate", .optional, .scalar("string")),
            SchemaField(5, "path", .optional, .scalar("string")),
            SchemaField(6, "osskeyId", .optional, .scalar("string")),
            SchemaField(7, "ossPolicy", .optional, .scalar("string")),
            SchemaField(8, "ossSign", .optional, .scalar("string")),
            SchemaField(9, "ossBucketName", .optional, .scalar("string")),
            SchemaField(10, "s3Credential", .optional, .scalar("string")),
            SchemaField(11, "s3Algorithm", .optional, .scalar("string")),
            SchemaField(12, "s3Date", .optional, .scalar("string")),
            SchemaField(13, "s3Policy", .optional, .scalar("string")),
            SchemaField(14, "s3Signature", .optional, .scalar("string")),
            SchemaField(15, "s3BucketName", .optional, .scalar("string")),
            SchemaField(16, "stcAuthorization", .optional, .scalar("string")),
            SchemaField(17, "stcContentSha256", .optional, .scalar("string")),
            SchemaField(18, "stcDate", .optional, .scalar("string")),
            SchemaField(19, "stcBucketName", .optional, .scalar("string")),
        ]
        case .getQNdownloadUrlInput: [
            SchemaField(1, "type", .required, .enumeration("FileType")),
            SchemaField(2, "key", .required, .scalar("string")),
            SchemaField(3, "fileName", .optional, .scalar("string")),
        ]
        case .getQNdownloadUrlOutput: [
            SchemaField(1, "downloadUrl", .required, .scalar("string")),
        ]
        case .getDownloadUrlInput: [
            SchemaField(1, "type", .required, .enumeration("FileType")),
            SchemaField(2, "key", .required, .scalar("string")),
            SchemaField(3, "fileName", .optional, .scalar("string")),
        ]
        case .getDownloadUrlOutput: [
            SchemaField(1, "downloadUrl", .required, .scalar("string")),
        ]
        case .reportSDKInput: [
            SchemaField(1, "sdkInfo", .required, .scalar("string")),
        ]
        case .reportSDKOutput: [
            SchemaField(1, "nothing", .optional, .scalar("int32")),
        ]
        case .createDiscussionInput: [
            SchemaField(1, "name", .optional, .scalar("string")),
        ]
        case .createDiscussionOutput: [
            SchemaField(1, "id", .required, .scalar("string")),
        ]
        case .channelInvitationInput: [
            SchemaField(1, "users", .repeated, .scalar("string")),
        ]
        case .leaveChannelInput: [
            SchemaField(1, "nothing", .required, .scalar("int32")),
        ]
        case .channelEvictionInput: [
            SchemaField(1, "user", .required, .scalar("string")),
        ]
        case .renameChannelInput: [
            SchemaField(1, "name", .required, .scalar("string")),
        ]
        case .channelInfoInput: [
            SchemaField(1, "nothing", .required, .scalar("int32")),
        ]
        case .channelInfoOutput: [
            SchemaField(1, "type", .required, .enumeration("ChannelType")),
            SchemaField(2, "channelId", .required, .scalar("string")),
            SchemaField(3, "channelName", .required, .scalar("string")),
            SchemaField(4, "adminUserId", .required, .scalar("string")),
            SchemaField(5, "firstTenUserIds", .repeated, .scalar("string")),
            SchemaField(6, "openStatus", .required, .scalar("int32")),
        ]
        case .channelInfosInput: [
            SchemaField(1, "page", .required, .scalar("int32")),
            SchemaField(2, "number", .optional, .scalar("int32")),
        ]
        case .channelInfosOutput: [
            SchemaField(1, "channels", .repeated, .message(.channelInfoOutput)),
            SchemaField(2, "total", .required, .scalar("int32")),
        ]
        case .memberInfo: [
            SchemaField(1, "userId", .required, .scalar("string")),
            SchemaField(2, "userName", .required, .scalar("string")),
            SchemaField(3, "userPortrait", .required, .scalar("string")),
            SchemaField(4, "extension", .required, .scalar("string")),
        ]
        case .groupMembersInput: [
            SchemaField(1, "page", .required, .scalar("int32")),
            SchemaField(2, "number", .optional, .scalar("int32")),
        ]
        case .groupMembersOutput: [
            SchemaField(1, "members", .repeated, .message(.memberInfo)),
            SchemaField(2, "total", .required, .scalar("int32")),
        ]
        case .getUserInfoInput: [
            SchemaField(1, "nothing", .required, .scalar("int32")),
        ]
        case .getUserInfoOutput: [
            SchemaField(1, "userId", .required, .scalar("string")),
            SchemaField(2, "userName", .required, .scalar("string")),
            SchemaField(3, "userPortrait", .required, .scalar("string")),
        ]
        case .getSessionIdInput: [
            SchemaField(1, "nothing", .required, .scalar("int32")),
        ]
        case .getSessionIdOutput: [
            SchemaField(1, "sessionId", .required, .scalar("int32")),
        ]
        case .add2BlackListInput: [
            SchemaField(1, "userId", .required, .scalar("string")),
        ]
        case .removeFromBlackListInput: [
            SchemaField(1, "userId", .required, .scalar("string")),
        ]
        case .queryBlackListInput: [
            SchemaField(1, "nothing", .required, .scalar("int32")),
        ]
        case .queryBlackListOutput: [
            SchemaField(1, "userIds", .repeated, .scalar("string")),
        ]
        case .blackListStatusInput: [
            SchemaField(1, "userId", .required, .scalar("string")),
        ]
        case .blockPushInput: [
            SchemaField(1, "blockeeId", .required, .scalar("string")),
        ]
        case .modifyPermissionInput: [
            SchemaField(1, "openStatus", .required, .scalar("int32")),
        ]
        case .groupInput: [
            SchemaField(1, "groupInfo", .repeated, .message(.groupInfo)),
        ]
        case .groupOutput: [
            SchemaField(1, "nothing", .required, .scalar("int32")),
        ]
        case .groupInfo: [
            SchemaField(1, "id", .required, .scalar("string")),
            SchemaField(2, "name", .required, .scalar("string")),
        ]
        case .groupHashInput: [
            SchemaField(1, "userId", .required, .scalar("string")),
            SchemaField(2, "groupHashCode", .required, .scalar("string")),
        ]
        case .groupHashOutput: [
            SchemaField(1, "result", .required, .enumeration("GroupHashType")),
        ]
        case .setUserStatusInput: [
            SchemaField(1, "status", .optional, .scalar("int32")),
        ]
        case .setUserStatusOutput: [
            SchemaField(1, "nothing", .optional, .scalar("int32")),
        ]
        case .getUserStatusInput: [
            SchemaField(1, "nothing", .optional, .scalar("int32")),
        ]
        case .getUserStatusOutput: [
            SchemaField(1, "status", .optional, .scalar("string")),
            SchemaField(2, "subUserId", .optional, .scalar("string")),
        ]
        case .subUserStatusInput: [
            SchemaField(1, "userid", .repeated, .scalar("string")),
        ]
        case .subUserStatusOutput: [
            SchemaField(1, "nothing", .optional, .scalar("int32")),
        ]
        case .voipDynamicInput: [
            SchemaField(1, "engineType", .required, .scalar("int32")),
            SchemaField(2, "channelName", .required, .scalar("string")),
            SchemaField(3, "channelExtra", .optional, .scalar("string")),
        ]
        case .voipDynamicOutput: [
            SchemaField(1, "dynamicKey", .required, .scalar("string")),
        ]
        case .mpFollowInput: [
            SchemaField(1, "id", .required, .scalar("string")),
        ]
        case .mpFollowOutput: [
            SchemaField(1, "nothing", .required, .scalar("int32")),
            SchemaField(2, "info", .optional, .message(.mpInfo)),
        ]
        case .mcFollowInput: [
            SchemaField(1, "state", .required, .scalar("string")),
        ]
        case .mcFollowOutput: [
            SchemaField(1, "nothing", .required, .scalar("int32")),
            SchemaField(2, "info", .optional, .message(.mpInfo)),
        ]
        case .mpInfo: [
            SchemaField(1, "mpid", .required, .scalar("string")),
            SchemaField(2, "name", .required, .scalar("string")),
            SchemaField(3, "type", .required, .scalar("string")),
            SchemaField(4, "time", .required, .scalar("int64")),
            SchemaField(5, "portraitUrl", .optional, .scalar("string")),
            SchemaField(6, "extra", .optional, .scalar("string")),
        ]
        case .searchMpInput: [
            SchemaField(1, "type", .required, .scalar("int32")),
            SchemaField(2, "id", .required, .scalar("string")),
        ]
        case .searchMpOutput: [
            SchemaField(1, "nothing", .required, .scalar("int32")),
            SchemaField(2, "info", .repeated, .message(.mpInfo)),
        ]
        case .pullMpInput: [
            SchemaField(1, "time", .required, .scalar("int64")),
            SchemaField(2, "mpid", .required, .scalar("string")),
        ]
        case .pullMpOutput: [
            SchemaField(1, "status", .required, .scalar("int32")),
            SchemaField(2, "info", .repeated, .message(.mpInfo)),
        ]
        case .rtcInput: [
            SchemaField(1, "roomType", .required, .scalar("int32")),
            SchemaField(2, "broadcastType", .optional, .scalar("int32")),
            SchemaField(3, "extraInnerData", .optional, .message(.rtcValueInfo)),
            SchemaField(4, "needSysChatroom", .optional, .scalar("bool")),
            SchemaField(5, "identityChangeType", .optional, .enumeration("IdentityChangeType")),
            SchemaField(6, "joinType", .optional, .enumeration("JoinType")),
            SchemaField(7, "innerDatas", .repeated, .message(.rtcValueInfo)),
            SchemaField(8, "outerDatas", .repeated, .message(.rtcValueInfo)),
        ]
        case .rtcQueryListInput: [
            SchemaField(1, "order", .optional, .scalar("int32")),
        ]
        case .rtcKeyDeleteInput: [
            SchemaField(1, "key", .repeated, .scalar("string")),
        ]
        case .rtcValueInfo: [
            SchemaField(1, "key", .required, .scalar("string")),
            SchemaField(2, "value", .required, .scalar("string")),
        ]
        case .rtcUserInfo: [
            SchemaField(1, "userId", .required, .scalar("string")),
            SchemaField(2, "userData", .repeated, .message(.rtcValueInfo)),
        ]
        case .rtcUserListOutput: [
            SchemaField(1, "users", .repeated, .message(.rtcUserInfo)),
            SchemaField(2, "token", .optional, .scalar("string")),
            SchemaField(3, "sessionId", .optional, .scalar("string")),
            SchemaField(4, "roomInfo", .repeated, .message(.rtcValueInfo)),
            SchemaField(5, "entries", .repeated, .message(.rtcKVEntity)),
            SchemaField(6, "syncTime", .optional, .scalar("int64")),
            SchemaField(7, "offlineKickTime", .optional, .scalar("int32")),
        ]
        case .rtcRoomInfoOutput: [
            SchemaField(1, "roomId", .optional, .scalar("string")),
            SchemaField(2, "roomData", .repeated, .message(.rtcValueInfo)),
            SchemaField(3, "userCount", .optional, .scalar("int32")),
            SchemaField(4, "list", .repeated, .message(.rtcUserInfo)),
        ]
        case .rtcQryInput: [
            SchemaField(1, "isInterior", .required, .scalar("bool")),
            SchemaField(2, "target", .required, .enumeration("RtcQryInput.targetType")),
            SchemaField(3, "key", .repeated, .scalar("string")),
        ]
        case .rtcQryOutput: [
            SchemaField(1, "outInfo", .repeated, .message(.rtcValueInfo)),
        ]
        case .rtcDelDataInput: [
            SchemaField(1, "key", .repeated, .scalar("string")),
            SchemaField(2, "isInterior", .required, .scalar("bool")),
            SchemaField(3, "target", .required, .enumeration("RtcQryInput.targetType")),
        ]
        case .rtcDataInput: [
            SchemaField(1, "interior", .required, .scalar("bool")),
            SchemaField(2, "target", .required, .enumeration("RtcQryInput.targetType")),
            SchemaField(3, "key", .repeated, .scalar("string")),
            SchemaField(4, "objectName", .optional, .scalar("string")),
            SchemaField(5, "content", .optional, .scalar("string")),
        ]
        case .rtcSetDataInput: [
            SchemaField(1, "interior", .required, .scalar("bool")),
            SchemaField(2, "target", .required, .enumeration("RtcQryInput.targetType")),
            SchemaField(3, "key", .required, .scalar("string")),
            SchemaField(4, "value", .required, .scalar("string")),
            SchemaField(5, "objectName", .optional, .scalar("string")),
            SchemaField(6, "content", .optional, .scalar("string")),
        ]
        case .rtcUserSetDataInput: [
            SchemaField(1, "valueInfo", .repeated, .message(.rtcValueInfo)),
            SchemaField(2, "objectName", .required, .scalar("string")),
            SchemaField(3, "content", .repeated, .message(.rtcValueInfo)),
        ]
        case .rtcOutput: [
            SchemaField(1, "nothing", .optional, .scalar("int32")),
            SchemaField(2, "version", .optional, .scalar("int64")),
        ]
        case .rtcTokenOutput: [
            SchemaField(1, "rtcToken", .required, .scalar("string")),
        ]
        case .rtcSetOutDataInput: [
            SchemaField(1, "target", .required, .enumeration("RtcQryInput.targetType")),
            SchemaField(2, "valueInfo", .repeated, .message(.rtcValueInfo)),
            SchemaField(3, "objectName", .optional, .scalar("string")),
            SchemaField(4, "content", .optional, .scalar("string")),
        ]
        case .rtcQryUserOutDataInput: [
            SchemaField(1, "userId", .repeated, .scalar("string")),
        ]
        case .rtcUserOutDataOutput: [
            SchemaField(1, "user", .repeated, .message(.rtcUserInfo)),
        ]
        case .rtcNotifyMsg: [
            SchemaField(1, "type", .required, .scalar("int32")),
            SchemaField(2, "time", .optional, .scalar("int64")),
            SchemaField(3, "roomId", .optional, .scalar("string")),
        ]
        case .rtcPullKV: [
            SchemaField(1, "timestamp", .required, .scalar("int64")),
            SchemaField(2, "roomId", .required, .scalar("string")),
        ]
        case .rtcKVOutput: [
            SchemaField(1, "entries", .repeated, .message(.rtcKVEntity)),
            SchemaField(2, "bFullUpdate", .optional, .scalar("bool")),
            SchemaField(3, "syncTime", .optional, .scalar("int64")),
        ]
        case .rtcKVEntity: [
            SchemaField(1, "key", .required, .scalar("string")),
            SchemaField(2, "value", .required, .scalar("string")),
            SchemaField(3, "status", .optional, .scalar("int32")),
            SchemaField(4, "timestamp", .optional, .scalar("int64")),
            SchemaField(5, "uid", .optional, .scalar("string")),
        ]
        case .rtcViewerJoinedOutput: [
            SchemaField(1, "rtcToken", .required, .scalar("string")),
            SchemaField(2, "entries", .repeated, .message(.rtcKVEntity)),
            SchemaField(3, "syncTime", .optional, .scalar("int64")),
        ]
        case .rtcInviteInput: [
            SchemaField(1, "invitedUserId", .required, .scalar("string")),
            SchemaField(2, "timeoutTime", .optional, .scalar("int32")),
            SchemaField(3, "invitedRoomId", .required, .scalar("string")),
            SchemaField(4, "inviteInfo", .required, .scalar("string")),
            SchemaField(5, "inviteSessionId", .required, .scalar("string")),
        ]
        case .rtcCancelInviteInput: [
            SchemaField(1, "invitedUserId", .required, .scalar("string")),
            SchemaField(2, "invitedRoomId", .required, .scalar("string")),
            SchemaField(3, "inviteInfo", .required, .scalar("string")),
            SchemaField(4, "inviteSessionId", .required, .scalar("string")),
        ]
        case .rtcInviteAnswerInput: [
            SchemaField(1, "inviteUserId", .required, .scalar("string")),
            SchemaField(2, "answerCode", .required, .scalar("int32")),
            SchemaField(3, "inviteRoomId", .required, .scalar("string")),
            SchemaField(4, "inviteSessionId", .required, .scalar("string")),
            SchemaField(5, "content", .required, .scalar("string")),
            SchemaField(6, "key", .optional, .scalar("string")),
            SchemaField(7, "value", .optional, .scalar("string")),
        ]
        case .rtcEndInviteInput: [
            SchemaField(1, "inviteRoomId", .required, .scalar("string")),
            SchemaField(2, "inviteSessionId", .required, .scalar("string")),
            SchemaField(3, "inviteContent", .required, .scalar("string")),
            SchemaField(4, "inviteRoomKeys", .repeated, .scalar("string")),
        ]
        case .rtcQueryUserJoinedInput: [
            SchemaField(1, "userId", .required, .scalar("string")),
        ]
        case .rtcQueryUserJoinedOutput: [
            SchemaField(1, "info", .repeated, .message(.rtcJoinedInfo)),
        ]
        case .rtcJoinedInfo: [
            SchemaField(1, "deviceId", .required, .scalar("string")),
            SchemaField(2, "roomId", .required, .scalar("string")),
            SchemaField(3, "joinTime", .optional, .scalar("int64")),
        ]
        case .setRtcRoomIdInput: [
            SchemaField(1, "rtcRoomId", .required, .scalar("string")),
        ]
        case .setRtcRoomIdOutput: [
            SchemaField(1, "nothing", .required, .scalar("int32")),
        ]
        }
    }
}
