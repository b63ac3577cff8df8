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
    /// lines 6767-6818, `PublishWriter`; `rtcSetOutData` is commented out there).
    public static let clientPublishBodies: [Topic: BodyType] = [
        .rtcUDel: .rtcKeyDeleteInput,
        .rtcSetData: .rtcSetDataInput,
        .userSetData: .rtcUserSetDataInput,
        .rtcDelData: .rtcDataInput,
        .rtcSetOutData: .rtcSetOutDataInput,
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
        ]
        for topic in historyTopics { t[topic] = .historyMsgInput }
        for topic in clearTopics { t[topic] = .cleanHisMsgInput }
        return t
    }()

    /// QUERY topic → body of the QUERYACK that answers it. Topics answered by a status alone
    /// (`delRelation`, `delMsg`, the `clean…Msg` topics, `exitChrm`, `setKV`, `delKV`, `rrMsg`,
    /// `rtcRExit`, `rtcPing`, `rtcUPut`, `rtcUserState`, ...) are not listed: their QUERYACK
    /// carries no payload.
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

    /// The body type of a server PUBLISH topic: `s_msg` a pushed message, `s_ntf` and `s_cmd` a
    /// notification, `s_us` a user-settings notice (ENGINE-4.5 and later; 0.1.0 ignores its
    /// body), `rtc_ntf` an RTC notice, a publish topic the user's own message echoed from another
    /// device (ENGINE decodes those as UpStreamMessage). `s_stat` and others: unknown.
    public static func serverPublish(topic: Topic) -> BodyType? {
        switch topic {
        case .s_msg: .downStreamMessage
        case .s_ntf, .s_cmd: .notifyMsg
        case .s_us: .userSettingNotification
        case .rtc_ntf: .rtcNotifyMsg
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
