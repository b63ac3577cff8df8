// Sources/RongEnvelope/Bodies/BodyType.swift - which protobuf message a payload holds, by topic

import RongCodec

// The enum itself (one case per message of spec/rongcloud.proto) is generated:
// Generated/BodyType+Generated.swift.

extension BodyType {
    // MARK: Topic tables (spec/envelope.md ENV-BODY-002)

    /// Every topic a client PUBLISHes a message (UpStreamMessage) on: the publish topics of every
    /// conversation type and family (`ConversationType.publishTopic(_:)`), plus `recallMsg` and
    /// `pcuMsgP` (WEBv2's customer-service variant).
    public static let publishTopics: Set<Topic> = {
        var topics: Set<Topic> = [.recallMsg, .pcuMsgP]
        for type in ConversationType.allCases {
            for family in TopicFamily.allCases {
                if let t = type.publishTopic(family) { topics.insert(t) }
            }
        }
        return topics
    }()

    /// Client PUBLISHes whose body is not a message: the RTC plugin's data writes (ENGINE 0.1.0
    /// lines 6767-6818, `PublishWriter`; `rtcSetOutData` is commented out there); 5.x's
    /// ultra-group typing and read time (5.7.2 offsets 403712, 335603); and engine 5.2.1's
    /// PUBLISH forms of three topics 5.7.2 sends as QUERYs ([5.2.1] offsets 293062, 292484,
    /// 293710).
    public static let clientPublishBodies: [Topic: BodyType] = [
        .rtcUDel: .rtcKeyDeleteInput,
        .rtcSetData: .rtcSetDataInput,
        .userSetData: .rtcUserSetDataInput,
        .rtcDelData: .rtcDataInput,
        .rtcSetOutData: .rtcSetOutDataInput,
        .operate: .operateStatus,
        .updUgRTime: .sessionMsgReadInput,
        .modifyMsg: .msgChangeReq,
        .upMsgEx: .msgChangeReq,
        .qryMsgChange: .queryMsgChange,
    ]

    /// Server PUBLISH topic → body, for the topics that are not a publish topic: a pushed
    /// message, the notices (ENV-NTF-001), user settings (ENGINE-4.5 and later; 0.1.0 ignores the
    /// body), an RTC notice, 5.7.2's ultra-group typing notice (`_pullOperateStatusNotify`,
    /// offset 405030) and the ultra-group read time synced from another device (5.7.2's sync list
    /// `bL`, offset 271461).
    public static let serverPublishBodies: [Topic: BodyType] = [
        .s_msg: .downStreamMessage,
        .s_ntf: .notifyMsg,
        .s_cmd: .notifyMsg,
        .s_us: .userSettingNotification,
        .rtc_ntf: .rtcNotifyMsg,
        .s_opNtf: .operateStatusNotify,
        .updUgRTime: .sessionMsgReadInput,
    ]

    /// QUERY topic → request body: every topic ENGINE 0.1.0 sends or defines (`QueryTopic`, lines
    /// 2636-2681; the body each `encode…` writes, lines 3124-3540), those ENGINE-5.0 adds, WEBv2's
    /// `qryRelation`, and RUST's history and clear topics (`qryDMsg`, `qryMCMsg`, `qryMPMsg`,
    /// `qryUgMsg`, `cleanDMsg`, with the body of their ENGINE siblings [I]). `delKV` carries
    /// SetChrmKV and `rrList` GrpReadReceiptMsg because that is what the engines encode.
    public static let queryRequests: [Topic: BodyType] = {
        var t: [Topic: BodyType] = [
            .pullMsg: .syncRequestMsg,
            .chrmPull: .chrmPullMsg,
            .setKV: .setChrmKV,
            .delKV: .setChrmKV,
            .pullKV: .queryChrmKV,
            .qryRelation: .relationsInput,
            .qryRelationR: .relationQryInput,
            .delRelation: .relationQryInput,
            .qrySessions: .relationQryInput,
            .delMsg: .deleteMsgInput,
            .joinChrm: .chrmInput,
            .joinChrmR: .chrmInput,
            .exitChrm: .chrmInput,
            .queryChrmI: .queryChatRoomInfoInput,
            .pullSeAtts: .sessionReq,
            .setSeAtt: .sessionStateModifyReq,
            .qrySessionsAtt: .sessionsAttQryInput,
            .delSessions: .deleteSessionsInput,
            .updRRTime: .sessionMsgReadInput,
            .pullUS: .pullUserSettingInput,
            .qnTkn: .getQNupTokenInput,
            .qnUrl: .getQNdownloadUrlInput,
            // RTC plugin (ENGINE 0.1.0 lines 6702-6868; ENGINE-5.0 9552-9816).
            .rtcRJoin_data: .rtcInput,
            .rtcRExit: .setUserStatusInput,
            .rtcPing: .rtcInput,
            .rtcRInfo: .rtcQueryListInput,
            .rtcUData: .rtcQueryListInput,
            .rtcUPut: .rtcValueInfo,
            .rtcQryData: .rtcDataInput,
            .rtcToken: .rtcInput,
            .rtcUserState: .mcFollowInput,
            .rtcUList: .rtcQueryListInput,
            .rtcQryUserOutData: .rtcQryUserOutDataInput,
            .userSetData: .rtcUserSetDataInput,
            .viewerJoinR: .rtcInput,
            .viewerExitR: .setUserStatusInput,
            .rtcIdentityChange: .rtcInput,
            .rtcPullKv: .rtcPullKV,
            .rtcQueryJoined: .rtcQueryUserJoinedInput,
            // ENGINE-5.0 (lines 8465-9505).
            .reportsdk: .reportSDKInput,
            .setKVS: .setChrmKVS,
            .delKVS: .setChrmKVS,
            .rrMsg: .grpReadReceiptMsg,
            .rrList: .grpReadReceiptMsg,
            .addSeTag: .sessionTagAddInput,
            .delSeTag: .sessionTagDelInput,
            .addTag: .sessionStateModifyReq,
            .delTag: .sessionStateModifyReq,
            .aliUrl: .getDownloadUrlInput,
            .s3Url: .getDownloadUrlInput,
            .stcUrl: .getDownloadUrlInput,
            // 5.7.2 (its topic enum, offsets 239000-242400, and the encoder each call uses;
            // tools/sdk5x/FINDINGS.md § 3-5). `disTag` is in the enum and schema but never sent.
            .disTag: .sessionDisTagReq,
            .pullUgMsg: .ultraGrpPullMsg,
            .pullUgSes: .ultraGrpPullSes,
            .qryMsg: .msgQuery,
            .modifyMsg: .msgChangeReq,
            .upMsgEx: .msgChangeReq,
            .qryMsgChange: .queryMsgChange,
            .qryUgUal: .qryRemindListReq,
            .ugUnpushSet: .groupUnpushSet,
            .ugUnpushQuery: .groupUnpushQuery,
            .setRtcRoomId: .setRtcRoomIdInput,
        ]
        for topic in historyTopics { t[topic] = .historyMsgInput }
        for topic in clearTopics { t[topic] = .cleanHisMsgInput }
        return t
    }()

    /// QUERY topic → body of the QUERYACK that answers it. Topics answered by a status alone
    /// (`delRelation`, `delMsg`, the `clean…Msg` topics, `exitChrm`, `setKV`, `delKV`, `rrMsg`,
    /// `rtcRExit`, `rtcPing`, `rtcUPut`, `rtcUserState`, and 5.7.2's `modifyMsg`, `upMsgEx`,
    /// `ugUnpushSet`, `setRtcRoomId`, `disTag`, ...) are not listed: their QUERYACK carries no
    /// payload.
    public static let queryResponses: [Topic: BodyType] = {
        var t: [Topic: BodyType] = [
            .pullMsg: .downStreamMessages,
            .chrmPull: .downStreamMessages,
            .pullKV: .chrmKVOutput,
            .qryRelation: .relationsOutput,
            .qryRelationR: .relationsOutput,
            .qrySessions: .relationsOutput,
            .joinChrm: .chrmOutput,
            .joinChrmR: .chrmOutput,
            .queryChrmI: .queryChatRoomInfoOutput,
            .pullSeAtts: .sessionStates,
            .setSeAtt: .sessionStateModifyResp,
            .qrySessionsAtt: .sessionsAttOutput,
            .delSessions: .deleteSessionsOutput,
            .updRRTime: .sessionMsgReadOutput,
            .pullUS: .pullUserSettingOutput,
            .qnTkn: .getQNupTokenOutput,
            .qnUrl: .getQNdownloadUrlOutput,
            .rtcRJoin_data: .rtcUserListOutput,
            .rtcRInfo: .rtcRoomInfoOutput,
            .rtcUData: .rtcUserListOutput,
            .rtcQryData: .rtcQryOutput,
            .rtcToken: .rtcTokenOutput,
            .rtcUList: .rtcUserListOutput,
            .rtcQryUserOutData: .rtcUserOutDataOutput,
            .viewerJoinR: .rtcTokenOutput,
            .rtcIdentityChange: .rtcUserListOutput,
            .rtcPullKv: .rtcKVOutput,
            .rtcQueryJoined: .rtcQueryUserJoinedOutput,
            .reportsdk: .reportSDKOutput,
            .setKVS: .chrmKVSOutput,
            .delKVS: .chrmKVSOutput,
            .rrList: .grpReadReceiptQryResp,
            .addSeTag: .setUserSettingOutput,
            .delSeTag: .setUserSettingOutput,
            .aliUrl: .getDownloadUrlOutput,
            .s3Url: .getDownloadUrlOutput,
            .stcUrl: .getDownloadUrlOutput,
            // 5.7.2: the reply type each call names to `send` (tools/sdk5x/FINDINGS.md § 3).
            .pullUgMsg: .downStreamMessages,
            .pullUgSes: .relationsOutput,
            .qryMsg: .msgQueryAck,
            .qryMsgChange: .msgChangeList,
            .qryUgUal: .qryRemindListResp,
            .ugUnpushQuery: .groupUnpushResult,
        ]
        for topic in historyTopics { t[topic] = .historyMsgOuput }
        return t
    }()

    /// The history topics: ENGINE's `QueryHistoryTopic` (private, group, chatroom, customer
    /// service, system; line 2682) and RUST's (discussion, app and public services, ultragroup).
    public static let historyTopics: [Topic] = [.qryPMsg, .qryDMsg, .qryGMsg, .qryCHMsg, .qryCMsg, .qrySMsg, .qryMCMsg, .qryMPMsg, .qryUgMsg]

    /// The clear-history topics: ENGINE's (`cleanPMsg`, `cleanGMsg`, `cleanCMsg`, `cleanSMsg`;
    /// line 2658) and RUST's `cleanDMsg`.
    public static let clearTopics: [Topic] = [.cleanPMsg, .cleanDMsg, .cleanGMsg, .cleanCMsg, .cleanSMsg]

    /// The body type of a server PUBLISH topic: those of ``serverPublishBodies``, or, on a
    /// publish topic, the user's own message echoed from another device (ENGINE decodes those as
    /// UpStreamMessage). `s_stat` and others: unknown.
    public static func serverPublish(topic: Topic) -> BodyType? {
        // A switch, not a lookup in the table: a received message's topic is matched on every
        // frame (InboundMessage), and comparing bytes is cheaper than hashing the text.
        switch topic {
        case .s_msg: .downStreamMessage
        case .s_ntf, .s_cmd: .notifyMsg
        case .s_us: .userSettingNotification
        case .rtc_ntf: .rtcNotifyMsg
        case .s_opNtf: .operateStatusNotify
        case .updUgRTime: .sessionMsgReadInput
        default: publishTopics.contains(topic) ? .upStreamMessage : nil
        }
    }

    /// The body type of a client PUBLISH topic: UpStreamMessage on a publish topic, the RTC
    /// plugin's data bodies on its topics.
    public static func clientPublish(topic: Topic) -> BodyType? {
        publishTopics.contains(topic) ? .upStreamMessage : clientPublishBodies[topic]
    }

    /// The body type of a packet's payload, or nil when the tables do not know it. A QUERYACK
    /// needs the topic of the QUERY it answers (`queryTopic`).
    public static func of(_ body: Packet.Body, queryTopic: Topic? = nil) -> BodyType? {
        switch body {
        case .publish(let p): clientPublish(topic: p.topic)
        case .serverPublish(let p): serverPublish(topic: p.topic)
        case .query(let q): queryRequests[q.topic]
        case .queryAck: queryTopic.flatMap { queryResponses[$0] }
        default: nil
        }
    }
}
