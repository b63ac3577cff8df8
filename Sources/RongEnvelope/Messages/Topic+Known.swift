// Sources/RongEnvelope/Messages/Topic+Known.swift - every topic RongWire knows, by family, with its source
//
// The one place a topic's text is written: everything else names `Topic.pullMsg`, so the
// compiler catches a misspelling. Each member is named as its wire text. The body each topic
// carries is in Bodies/BodyType.swift (spec/envelope.md ENV-BODY-002); the sources are those
// of the reference notes envelope.md § 6, official-sdks.md § 3 and official-sdk-5x.md, and
// RongIMLib 5.7.2's topic enum (offsets 239000-242400 of RongIMLib-5.7.2.prod.js: "5.7.2").

extension Topic {
    // MARK: Publish topics: a message (UpStreamMessage) sent by the client

    // By conversation type and family (`ConversationType.publishTopic(_:)`): WEBv2's topic table
    // (`connect_client.ts` line 44) and ENGINE 0.1.0's `PublishTopic` / `PublishStatusTopic`
    // (lines 2614-2680; envelope.md § 6.1), extended to RUST's `get_send_method` (official-sdks.md
    // § 3). Suffix `P` offline-cached and pushed, `N` never pushed, `S` online only (TopicFamily).

    /// Private (1), persisted: WEBv2, ENGINE, RUST.
    public static let ppMsgP = Topic("ppMsgP")
    /// Private (1), no push: ENGINE's `enum Topic`; no official client sends it (spec FLAG-006).
    public static let ppMsgN = Topic("ppMsgN")
    /// Private (1), status: ENGINE `PublishStatusTopic`, RUST.
    public static let ppMsgS = Topic("ppMsgS")
    /// Discussion (2), persisted: WEBv2, RUST.
    public static let pdMsgP = Topic("pdMsgP")
    /// Discussion (2), status: RUST.
    public static let pdMsgS = Topic("pdMsgS")
    /// Group (3), persisted: WEBv2, ENGINE, RUST.
    public static let pgMsgP = Topic("pgMsgP")
    /// Group (3), no push: ENGINE's `enum Topic`; no official client sends it (spec FLAG-006).
    public static let pgMsgN = Topic("pgMsgN")
    /// Group (3), status: ENGINE `PublishStatusTopic`, RUST.
    public static let pgMsgS = Topic("pgMsgS")
    /// Chatroom (4), every flag but STATUS (no suffix): WEBv2, ENGINE, RUST; ENGINE sends a
    /// chatroom STATUS message here too (spec FLAG-005).
    public static let chatMsg = Topic("chatMsg")
    /// Chatroom (4), status: ENGINE `PublishStatusTopic`, RUST.
    public static let chatMsgS = Topic("chatMsgS")
    /// Customer service (5), persisted: WEBv2, ENGINE, RUST.
    public static let pcMsgP = Topic("pcMsgP")
    /// Customer service (5), status: RUST.
    public static let pcMsgS = Topic("pcMsgS")
    /// Customer service (5), WEBv2's `methodType` 1 variant (envelope.md § 6.1).
    public static let pcuMsgP = Topic("pcuMsgP")
    /// System (6), persisted: RUST.
    public static let pbMsgP = Topic("pbMsgP")
    /// System (6), status: RUST.
    public static let pbMsgS = Topic("pbMsgS")
    /// App public service (7), never pushed: WEBv2, RUST.
    public static let pmcMsgN = Topic("pmcMsgN")
    /// App public service (7), status: RUST.
    public static let pmcMsgS = Topic("pmcMsgS")
    /// Public service (8), never pushed: WEBv2, RUST.
    public static let pmpMsgN = Topic("pmpMsgN")
    /// Public service (8), status: RUST.
    public static let pmpMsgS = Topic("pmpMsgS")
    /// Ultragroup (10), every flag (no suffix): VILLA, RUST, RongIMLib 5.x (official-sdk-5x.md).
    public static let ugMsg = Topic("ugMsg")
    /// RTC (12), persisted: WEBv2 (index 13), RUST.
    public static let prMsgP = Topic("prMsgP")
    /// RTC (12), status: WEBv2 (index 12), RUST; ENGINE 0.1.0 sends every RTC message here.
    public static let prMsgS = Topic("prMsgS")
    /// A recall (RC:RcCmd), whatever the conversation; the targetId is the sender's own id:
    /// WEBv2 `methodType` 2, ENGINE (envelope.md § 6.1, § 6.4).
    public static let recallMsg = Topic("recallMsg")

    // MARK: Client PUBLISHes of the RTC plugin (not a message)

    // ENGINE 0.1.0 lines 6767-6818 (`PublishWriter`; spec ENV-BODY-002).

    /// Deletes RTC user keys (RtcKeyDeleteInput).
    public static let rtcUDel = Topic("rtcUDel")
    /// Sets RTC room data (RtcSetDataInput).
    public static let rtcSetData = Topic("rtcSetData")
    /// Sets RTC user data (RtcUserSetDataInput); a QUERY from ENGINE-5.0 on.
    public static let userSetData = Topic("userSetData")
    /// Deletes RTC room data (RtcDataInput).
    public static let rtcDelData = Topic("rtcDelData")
    /// Sets RTC outer data (RtcSetOutDataInput; commented out in ENGINE 0.1.0).
    public static let rtcSetOutData = Topic("rtcSetOutData")

    // MARK: Client PUBLISHes of 5.x that carry no message

    // 5.7.2 and engine 5.2.1 (official-sdk-5x.md, "Topics added since 0.1.0"; spec ENV-BODY-002).

    /// Ultra-group typing status (OperateStatus), PUBLISH QoS 1; the server tells the other
    /// members with ``s_opNtf``: 5.7.2, 5.2.1.
    public static let operate = Topic("operate")
    /// Ultra-group read time (SessionMsgReadInput), PUBLISH QoS 1; synced to the user's other
    /// devices as a server PUBLISH on the same topic: 5.7.2.
    public static let updUgRTime = Topic("updUgRTime")

    // MARK: Server PUBLISH topics

    // envelope.md § 6.2 (ENGINE, VILLA); `rtc_ntf` from ENGINE-4.5 on (spec ENV-BODY-002). The
    // server also echoes a user's own message to its other devices on the publish topic it was
    // sent on (a sync message).

    /// A message pushed directly (DownStreamMessage).
    public static let s_msg = Topic("s_msg")
    /// "There is something to pull" (NotifyMsg): `pullMsg`, or `chrmPull` for type 2.
    public static let s_ntf = Topic("s_ntf")
    /// A server command (NotifyMsg, ``NotifyMsg/Kind``): pull chatroom KV (2), conversation
    /// status (3), the chatroom was destroyed (4), pull ultra-group messages (6) or changes (7).
    public static let s_cmd = Topic("s_cmd")
    /// User online status (not decoded).
    public static let s_stat = Topic("s_stat")
    /// User settings changed (UserSettingNotification; ENGINE 0.1.0 ignores the body).
    public static let s_us = Topic("s_us")
    /// An RTC notice (RtcNotifyMsg).
    public static let rtc_ntf = Topic("rtc_ntf")
    /// Ultra-group typing of other members (OperateStatusNotify): 5.7.2.
    public static let s_opNtf = Topic("s_opNtf")

    // MARK: QUERY topics: messages and history

    // ENGINE 0.1.0 `QueryTopic` (lines 2636-2681) and `QueryHistoryTopic` (line 2682; envelope.md
    // § 6.3); RUST's discussion, public-service and ultragroup history and `cleanDMsg`
    // (official-sdks.md § 3).

    /// Pulls the inbox (SyncRequestMsg → DownStreamMessages).
    public static let pullMsg = Topic("pullMsg")
    /// Pulls a chatroom's messages (ChrmPullMsg → DownStreamMessages).
    public static let chrmPull = Topic("chrmPull")
    /// Private history (HistoryMsgInput → HistoryMsgOuput): ENGINE.
    public static let qryPMsg = Topic("qryPMsg")
    /// Discussion history: RUST.
    public static let qryDMsg = Topic("qryDMsg")
    /// Group history: ENGINE.
    public static let qryGMsg = Topic("qryGMsg")
    /// Chatroom history: ENGINE.
    public static let qryCHMsg = Topic("qryCHMsg")
    /// Customer-service history: ENGINE.
    public static let qryCMsg = Topic("qryCMsg")
    /// System history: ENGINE.
    public static let qrySMsg = Topic("qrySMsg")
    /// App public-service history: RUST.
    public static let qryMCMsg = Topic("qryMCMsg")
    /// Public-service history: RUST.
    public static let qryMPMsg = Topic("qryMPMsg")
    /// Ultragroup history: RUST, RongIMLib 5.x.
    public static let qryUgMsg = Topic("qryUgMsg")
    /// Clears private history (CleanHisMsgInput): ENGINE.
    public static let cleanPMsg = Topic("cleanPMsg")
    /// Clears discussion history: RUST.
    public static let cleanDMsg = Topic("cleanDMsg")
    /// Clears group history: ENGINE.
    public static let cleanGMsg = Topic("cleanGMsg")
    /// Clears customer-service history: ENGINE.
    public static let cleanCMsg = Topic("cleanCMsg")
    /// Clears system history: ENGINE.
    public static let cleanSMsg = Topic("cleanSMsg")
    /// Deletes messages (DeleteMsgInput): ENGINE.
    public static let delMsg = Topic("delMsg")

    // MARK: QUERY topics: conversations, read state and tags

    // ENGINE 0.1.0 (envelope.md § 6.3), WEBv2's `qryRelation`, and ENGINE-5.0's tags and group
    // read receipts (official-sdk-5x.md, "Topics added since 0.1.0").

    /// The conversation list, WEBv2's form (RelationsInput → RelationsOutput).
    public static let qryRelation = Topic("qryRelation")
    /// The conversation list (RelationQryInput → RelationsOutput): ENGINE, VILLA.
    public static let qryRelationR = Topic("qryRelationR")
    /// Removes a conversation (RelationQryInput): ENGINE.
    public static let delRelation = Topic("delRelation")
    /// Conversations (RelationQryInput → RelationsOutput): defined by ENGINE 0.1.0, never sent.
    public static let qrySessions = Topic("qrySessions")
    /// Conversation attributes (SessionsAttQryInput → SessionsAttOutput): defined, never sent.
    public static let qrySessionsAtt = Topic("qrySessionsAtt")
    /// Deletes conversations (DeleteSessionsInput → DeleteSessionsOutput): defined, never sent.
    public static let delSessions = Topic("delSessions")
    /// Read time (SessionMsgReadInput → SessionMsgReadOutput): defined, never sent.
    public static let updRRTime = Topic("updRRTime")
    /// Pulls conversation status (SessionReq → SessionStates): ENGINE.
    public static let pullSeAtts = Topic("pullSeAtts")
    /// Sets conversation status (SessionStateModifyReq → SessionStateModifyResp): ENGINE.
    public static let setSeAtt = Topic("setSeAtt")
    /// Adds conversation tags (SessionTagAddInput → SetUserSettingOutput): ENGINE-5.0.
    public static let addSeTag = Topic("addSeTag")
    /// Deletes conversation tags (SessionTagDelInput → SetUserSettingOutput): ENGINE-5.0.
    public static let delSeTag = Topic("delSeTag")
    /// Tags conversations (SessionStateModifyReq): ENGINE-5.0.
    public static let addTag = Topic("addTag")
    /// Untags conversations (SessionStateModifyReq): ENGINE-5.0.
    public static let delTag = Topic("delTag")
    /// Removes tags (SessionDisTagReq): in 5.7.2's topic enum and schema, never sent.
    public static let disTag = Topic("disTag")
    /// A group read receipt (GrpReadReceiptMsg): ENGINE-5.0.
    public static let rrMsg = Topic("rrMsg")
    /// A group read receipt's readers (GrpReadReceiptMsg → GrpReadReceiptQryResp): ENGINE-5.0.
    public static let rrList = Topic("rrList")

    // MARK: QUERY topics: ultra groups and message changes

    // 5.7.2 (official-sdk-5x.md, "Topics added since 0.1.0"; tools/sdk5x/FINDINGS.md § 3). History is
    // ``qryUgMsg`` above; sending ``ugMsg``; typing and read time ``operate``, ``updUgRTime``.

    /// Pulls ultra-group messages (UltraGrpPullMsg → DownStreamMessages), after `s_cmd` 6.
    public static let pullUgMsg = Topic("pullUgMsg")
    /// The ultra-group conversation list (UltraGrpPullSes → RelationsOutput).
    public static let pullUgSes = Topic("pullUgSes")
    /// Messages by UID (MsgQuery → MsgQueryAck), QoS 1.
    public static let qryMsg = Topic("qryMsg")
    /// Modifies a message (MsgChangeReq), QoS 1; a PUBLISH in 5.2.1.
    public static let modifyMsg = Topic("modifyMsg")
    /// Updates or removes a message's expansion (MsgChangeReq), QoS 1; a PUBLISH in 5.2.1.
    public static let upMsgEx = Topic("upMsgEx")
    /// Message changes since a time (QueryMsgChange → MsgChangeList), QoS 1, after `s_cmd` 7; a
    /// PUBLISH in 5.2.1.
    public static let qryMsgChange = Topic("qryMsgChange")
    /// Unread mentions in an ultra group (QryRemindListReq → QryRemindListResp).
    public static let qryUgUal = Topic("qryUgUal")
    /// Sets an ultra group's default notification level (GroupUnpushSet).
    public static let ugUnpushSet = Topic("ugUnpushSet")
    /// An ultra group's default notification level (GroupUnpushQuery → GroupUnpushResult).
    public static let ugUnpushQuery = Topic("ugUnpushQuery")

    // MARK: QUERY topics: chatrooms

    // ENGINE 0.1.0 (envelope.md § 6.3); `setKVS` / `delKVS` ENGINE-5.0 (official-sdk-5x.md).

    /// Joins a chatroom, creating it (ChrmInput → ChrmOutput).
    public static let joinChrm = Topic("joinChrm")
    /// Joins an existing chatroom (ChrmInput → ChrmOutput).
    public static let joinChrmR = Topic("joinChrmR")
    /// Leaves a chatroom (ChrmInput).
    public static let exitChrm = Topic("exitChrm")
    /// Chatroom information (QueryChatRoomInfoInput → QueryChatRoomInfoOutput).
    public static let queryChrmI = Topic("queryChrmI")
    /// Sets a chatroom KV entry (SetChrmKV).
    public static let setKV = Topic("setKV")
    /// Deletes a chatroom KV entry (SetChrmKV, as the engines encode it).
    public static let delKV = Topic("delKV")
    /// Pulls chatroom KV entries (QueryChrmKV → ChrmKVOutput).
    public static let pullKV = Topic("pullKV")
    /// Sets chatroom KV entries in a batch (SetChrmKVS → ChrmKVSOutput): ENGINE-5.0.
    public static let setKVS = Topic("setKVS")
    /// Deletes chatroom KV entries in a batch (SetChrmKVS → ChrmKVSOutput): ENGINE-5.0.
    public static let delKVS = Topic("delKVS")
    /// Binds an RTC room to a chatroom (SetRtcRoomIdInput): 5.7.2 `bindRTCRoomForChatroom`.
    public static let setRtcRoomId = Topic("setRtcRoomId")

    // MARK: QUERY topics: user settings, files, reports

    // ENGINE 0.1.0 (envelope.md § 6.3); the download URLs ENGINE-5.0 (official-sdk-5x.md);
    // `reportsdk` VILLA and ENGINE-5.0 (envelope.md § 6.3, official-sdk-5x.md).

    /// Pulls user settings (PullUserSettingInput → PullUserSettingOutput).
    public static let pullUS = Topic("pullUS")
    /// A Qiniu upload token (GetQNupTokenInput → GetQNupTokenOutput).
    public static let qnTkn = Topic("qnTkn")
    /// A Qiniu download URL (GetQNdownloadUrlInput → GetQNdownloadUrlOutput).
    public static let qnUrl = Topic("qnUrl")
    /// An Alibaba Cloud download URL (GetDownloadUrlInput → GetDownloadUrlOutput): ENGINE-5.0.
    public static let aliUrl = Topic("aliUrl")
    /// An S3 download URL (GetDownloadUrlInput → GetDownloadUrlOutput): ENGINE-5.0.
    public static let s3Url = Topic("s3Url")
    /// A download URL of RongCloud's own storage (GetDownloadUrlInput → GetDownloadUrlOutput):
    /// ENGINE-5.0.
    public static let stcUrl = Topic("stcUrl")
    /// The SDK's report (ReportSDKInput → ReportSDKOutput).
    public static let reportsdk = Topic("reportsdk")

    // MARK: QUERY topics: the RTC plugin

    // ENGINE 0.1.0 lines 6702-6868 (envelope.md § 6.3) and ENGINE-5.0 lines 9552-9816
    // (spec ENV-BODY-002).

    /// Joins an RTC room (RtcInput → RtcUserListOutput).
    public static let rtcRJoin_data = Topic("rtcRJoin_data")
    /// Leaves an RTC room (SetUserStatusInput).
    public static let rtcRExit = Topic("rtcRExit")
    /// RTC keep-alive (RtcInput).
    public static let rtcPing = Topic("rtcPing")
    /// RTC room information (RtcQueryListInput → RtcRoomInfoOutput).
    public static let rtcRInfo = Topic("rtcRInfo")
    /// RTC user data (RtcQueryListInput → RtcUserListOutput).
    public static let rtcUData = Topic("rtcUData")
    /// Puts an RTC value (RtcValueInfo).
    public static let rtcUPut = Topic("rtcUPut")
    /// Queries RTC room data (RtcDataInput → RtcQryOutput).
    public static let rtcQryData = Topic("rtcQryData")
    /// An RTC token (RtcInput → RtcTokenOutput).
    public static let rtcToken = Topic("rtcToken")
    /// An RTC user's state (MCFollowInput).
    public static let rtcUserState = Topic("rtcUserState")
    /// The RTC room's users (RtcQueryListInput → RtcUserListOutput).
    public static let rtcUList = Topic("rtcUList")
    /// Queries RTC outer data (RtcQryUserOutDataInput → RtcUserOutDataOutput; commented out in
    /// ENGINE 0.1.0).
    public static let rtcQryUserOutData = Topic("rtcQryUserOutData")
    /// A viewer joins a live room (RtcInput → RtcTokenOutput): ENGINE-5.0.
    public static let viewerJoinR = Topic("viewerJoinR")
    /// A viewer leaves a live room (SetUserStatusInput): ENGINE-5.0.
    public static let viewerExitR = Topic("viewerExitR")
    /// Changes a live-room identity (RtcInput → RtcUserListOutput): ENGINE-5.0.
    public static let rtcIdentityChange = Topic("rtcIdentityChange")
    /// Pulls RTC room KV (RtcPullKV → RtcKVOutput): ENGINE-5.0.
    public static let rtcPullKv = Topic("rtcPullKv")
    /// The RTC rooms a user has joined (RtcQueryUserJoinedInput → RtcQueryUserJoinedOutput):
    /// ENGINE-5.0.
    public static let rtcQueryJoined = Topic("rtcQueryJoined")

    // MARK: All of them

    /// Every topic above, in the order of this file (each once).
    public static let known: [Topic] = [
        ppMsgP, ppMsgN, ppMsgS, pdMsgP, pdMsgS, pgMsgP, pgMsgN, pgMsgS, chatMsg, chatMsgS, pcMsgP, pcMsgS, pcuMsgP,
        pbMsgP, pbMsgS, pmcMsgN, pmcMsgS, pmpMsgN, pmpMsgS, ugMsg, prMsgP, prMsgS, recallMsg,
        rtcUDel, rtcSetData, userSetData, rtcDelData, rtcSetOutData, operate, updUgRTime,
        s_msg, s_ntf, s_cmd, s_stat, s_us, rtc_ntf, s_opNtf,
        pullMsg, chrmPull, qryPMsg, qryDMsg, qryGMsg, qryCHMsg, qryCMsg, qrySMsg, qryMCMsg, qryMPMsg, qryUgMsg,
        cleanPMsg, cleanDMsg, cleanGMsg, cleanCMsg, cleanSMsg, delMsg,
        qryRelation, qryRelationR, delRelation, qrySessions, qrySessionsAtt, delSessions, updRRTime, pullSeAtts, setSeAtt,
        addSeTag, delSeTag, addTag, delTag, disTag, rrMsg, rrList,
        pullUgMsg, pullUgSes, qryMsg, modifyMsg, upMsgEx, qryMsgChange, qryUgUal, ugUnpushSet, ugUnpushQuery,
        joinChrm, joinChrmR, exitChrm, queryChrmI, setKV, delKV, pullKV, setKVS, delKVS, setRtcRoomId,
        pullUS, qnTkn, qnUrl, aliUrl, s3Url, stcUrl, reportsdk,
        rtcRJoin_data, rtcRExit, rtcPing, rtcRInfo, rtcUData, rtcUPut, rtcQryData, rtcToken, rtcUserState, rtcUList,
        rtcQryUserOutData, viewerJoinR, viewerExitR, rtcIdentityChange, rtcPullKv, rtcQueryJoined,
    ]

    /// Whether this topic is one of ``known``.
    public var isKnown: Bool { Self.knownSet.contains(self) }

    private static let knownSet = Set(known)
}
