// Tests/RongEnvelopeTests/TopicTests.swift - the Topic type: known members, unknown topics, wire forms

import RongCodec
import RongEnvelope
import Testing

@Suite("Topics")
struct TopicTests {
    /// Every topic of spec/envelope.md ENV-BODY-002 (both tables, `s_stat` included), copied
    /// from the spec by hand: the known members must be exactly these.
    static let specTopics: Set<String> = [
        // PUBLISH from the client: publish topics, recall, the customer-service variant.
        "ppMsgP", "ppMsgN", "ppMsgS", "pdMsgP", "pdMsgS", "pgMsgP", "pgMsgN", "pgMsgS", "chatMsg", "chatMsgS",
        "pcMsgP", "pcMsgS", "pbMsgP", "pbMsgS", "pmcMsgN", "pmcMsgS", "pmpMsgN", "pmpMsgS", "ugMsg", "prMsgP", "prMsgS",
        "recallMsg", "pcuMsgP",
        // The RTC plugin's client PUBLISHes; 5.x's typing and read time (also PUBLISHed by
        // the server, s_opNtf and the read-time sync).
        "rtcUDel", "rtcSetData", "userSetData", "rtcDelData", "rtcSetOutData", "operate", "updUgRTime",
        // PUBLISH from the server.
        "s_msg", "s_ntf", "s_cmd", "s_us", "rtc_ntf", "s_stat", "s_opNtf",
        // QUERY.
        "pullMsg", "chrmPull", "qryPMsg", "qryGMsg", "qryCHMsg", "qryCMsg", "qrySMsg", "qryDMsg", "qryMCMsg", "qryMPMsg", "qryUgMsg",
        "qryRelationR", "delRelation", "qryRelation", "delMsg", "cleanPMsg", "cleanGMsg", "cleanCMsg", "cleanSMsg", "cleanDMsg",
        "joinChrm", "joinChrmR", "exitChrm", "queryChrmI", "setKV", "delKV", "pullKV", "pullSeAtts", "setSeAtt", "qnTkn", "qnUrl",
        "pullUS", "qrySessionsAtt", "qrySessions", "delSessions", "updRRTime", "rtcRJoin_data", "rtcPing", "rtcToken", "rtcRExit",
        "rtcUserState", "rtcUPut", "rtcRInfo", "rtcUData", "rtcUList", "rtcQryData", "rtcQryUserOutData", "viewerExitR",
        "viewerJoinR", "rtcIdentityChange", "rtcPullKv", "rtcQueryJoined", "reportsdk", "setKVS", "delKVS", "rrMsg", "rrList",
        "addSeTag", "delSeTag", "addTag", "delTag", "aliUrl", "s3Url", "stcUrl",
        // QUERY, RongIMLib 5.7.2 (ultra groups, message changes, tags, RTC binding).
        "disTag", "pullUgMsg", "pullUgSes", "qryMsg", "modifyMsg", "upMsgEx", "qryMsgChange", "qryUgUal", "ugUnpushSet",
        "ugUnpushQuery", "setRtcRoomId",
    ]

    /// RongIMLib 5.7.2's topic enum, all 75 (offsets 239000-242400 of RongIMLib-5.7.2.prod.js),
    /// copied by hand: every one is a known topic.
    static let sdk572Topics = [
        "ppMsgP", "ppMsgN", "ppMsgS", "pgMsgP", "chatMsg", "pcMsgP", "qryPMsg", "qryGMsg", "qryCHMsg", "qryCMsg", "qrySMsg",
        "recallMsg", "prMsgS", "rrMsg", "rrList", "s_ntf", "s_msg", "s_stat", "s_cmd", "s_us", "pullUS", "pgMsgS", "chatMsgS",
        "qrySessionsAtt", "pullMsg", "qrySessions", "delSessions", "delMsg", "updRRTime", "chrmPull", "joinChrm", "joinChrmR",
        "exitChrm", "queryChrmI", "setKV", "delKV", "pullKV", "qryRelation", "delRelation", "pullSeAtts", "setSeAtt", "qnTkn",
        "qnUrl", "aliUrl", "s3Url", "stcUrl", "cleanPMsg", "cleanGMsg", "cleanCMsg", "cleanSMsg", "rtcPing", "rtc_ntf",
        "rtcSetOutData", "rtcQryUserOutData", "addSeTag", "delSeTag", "addTag", "delTag", "disTag", "reportsdk", "pullUgSes",
        "pullUgMsg", "ugMsg", "qryUgMsg", "updUgRTime", "upMsgEx", "modifyMsg", "qryMsgChange", "qryMsg", "operate", "s_opNtf",
        "ugUnpushQuery", "ugUnpushSet", "setRtcRoomId", "qryUgUal",
    ]

    @Test("every topic of RongIMLib 5.7.2 is known, with a body both ways where it has one")
    func sdk572() {
        #expect(Self.sdk572Topics.count == 75)
        let unknown = Self.sdk572Topics.filter { !Topic($0).isKnown }
        #expect(unknown.isEmpty, "\(unknown)")
        // The request (or the server PUBLISH) of each is typed, but for s_stat (ENV-BODY-002).
        let untyped = Self.sdk572Topics.map { Topic($0) }.filter { t in
            BodyType.clientPublish(topic: t) == nil && BodyType.serverPublish(topic: t) == nil && BodyType.queryRequests[t] == nil
        }
        #expect(untyped == [Topic.s_stat])
        // The replies 5.7.2 names a type for (tools/sdk5x/FINDINGS.md § 3-5) are typed; the status-only
        // ones are not.
        #expect(BodyType.queryResponses[.pullUgMsg] == .downStreamMessages)
        #expect(BodyType.queryResponses[.pullUgSes] == .relationsOutput)
        #expect(BodyType.queryResponses[.qryMsg] == .msgQueryAck)
        #expect(BodyType.queryResponses[.qryMsgChange] == .msgChangeList)
        #expect(BodyType.queryResponses[.qryUgUal] == .qryRemindListResp)
        #expect(BodyType.queryResponses[.ugUnpushQuery] == .groupUnpushResult)
        for t in [Topic.modifyMsg, .upMsgEx, .ugUnpushSet, .setRtcRoomId, .rrMsg, .disTag] {
            #expect(BodyType.queryResponses[t] == nil, "\(t) is answered by a status alone")
        }
        // Both sides of the PUBLISH-body topics, and 5.2.1's PUBLISH forms.
        #expect(BodyType.clientPublish(topic: .operate) == .operateStatus && BodyType.serverPublish(topic: .s_opNtf) == .operateStatusNotify)
        #expect(BodyType.clientPublish(topic: .updUgRTime) == .sessionMsgReadInput)
        #expect(BodyType.serverPublish(topic: .updUgRTime) == .sessionMsgReadInput)
        #expect(BodyType.clientPublish(topic: .modifyMsg) == .msgChangeReq && BodyType.queryRequests[.modifyMsg] == .msgChangeReq)
        #expect(BodyType.clientPublish(topic: .qryMsgChange) == .queryMsgChange)
    }

    @Test("serverPublish(topic:) answers as the serverPublishBodies table, and UpStreamMessage on a publish topic")
    func serverPublishTable() {
        for (topic, type) in BodyType.serverPublishBodies {
            #expect(BodyType.serverPublish(topic: topic) == type, "\(topic)")
        }
        for topic in Topic.known where BodyType.serverPublishBodies[topic] == nil {
            #expect(BodyType.serverPublish(topic: topic) == (BodyType.publishTopics.contains(topic) ? .upStreamMessage : nil), "\(topic)")
        }
    }

    @Test("NotifyMsg kinds name s_ntf's and s_cmd's types")
    func notifyKinds() throws {
        #expect(NotifyMsg(kind: .ultraGroupMessages, time: 5).type == 6)
        #expect(try NotifyMsg.decode([0x08, 0x07]).kind == .ultraGroupMessageChanges)
        #expect(NotifyMsg(type: 4).kind == .chatroomDestroyed)
        #expect(NotifyMsg.Kind.chatroomKV == .chatroomMessages, "2 on both topics, read per topic")
        #expect(NotifyMsg(type: 3).kind == .conversationStatus && NotifyMsg(type: 1).kind == .inbox)
    }

    @Test("the known topics are the spec's, each once")
    func knownAreTheSpecs() {
        let texts = Topic.known.map(\.text)
        #expect(Set(texts).count == texts.count, "a topic is listed twice")
        #expect(Set(texts) == Self.specTopics, "missing: \(Self.specTopics.subtracting(texts).sorted()); extra: \(Set(texts).subtracting(Self.specTopics).sorted())")
        #expect(Topic.known.allSatisfy { $0.isKnown && $0.wire.isCanonical })
    }

    @Test("a member's text is the wire text it is named after")
    func memberText() {
        #expect(Topic.ppMsgP.text == "ppMsgP" && Topic.s_msg.text == "s_msg" && Topic.rtcRJoin_data.text == "rtcRJoin_data")
        #expect(Topic.pullMsg.rawValue == "pullMsg" && Topic.pullMsg.description == "pullMsg")
        #expect(Topic.pullMsg == Topic("pullMsg") && Topic.pullMsg == Topic(rawValue: "pullMsg"))
        #expect(Topic(wire: RMTPString("qryPMsg")) == .qryPMsg)
        // A switch over a packet's topic, as the DocC article writes it.
        switch Packet(.query(.init(topic: .chrmPull, targetId: "r", messageId: 1))).body.topic {
        case .pullMsg?: Issue.record("chrmPull matched pullMsg")
        case .chrmPull?: break
        default: Issue.record("chrmPull matched nothing")
        }
    }

    @Test("every topic the body tables name is a known topic")
    func tablesUseKnownTopics() {
        var named = Set(BodyType.publishTopics)
        named.formUnion(BodyType.clientPublishBodies.keys)
        named.formUnion(BodyType.queryRequests.keys)
        named.formUnion(BodyType.queryResponses.keys)
        named.formUnion(BodyType.historyTopics)
        named.formUnion(BodyType.clearTopics)
        named.formUnion(Topic.known.filter { BodyType.serverPublish(topic: $0) != nil })
        #expect(named.allSatisfy { $0.isKnown }, "\(named.filter { !$0.isKnown })")
        // Every known topic but `s_stat` (not decoded, ENV-BODY-002) has a body type somewhere.
        let typed = Topic.known.filter { t in
            BodyType.clientPublish(topic: t) != nil || BodyType.serverPublish(topic: t) != nil || BodyType.queryRequests[t] != nil
        }
        #expect(Set(Topic.known).subtracting(typed) == [.s_stat])
    }

    @Test("an unknown topic is a topic: made from any text, decoded, carried and encoded unchanged",
          arguments: ["pullSubData", "", "x", "ppMsg", "中文"])
    func unknownTopics(_ text: String) throws {
        let t = Topic(text)
        #expect(t.text == text && Topic(rawValue: text) == t && !t.isKnown)
        #expect(BodyType.serverPublish(topic: t) == nil && BodyType.clientPublish(topic: t) == nil && BodyType.queryRequests[t] == nil)
        #expect(ConversationType(topic: t) == nil && TopicFamily(topic: t) == nil)
        let frame = [0x50] + lengthPrefixed(Array(text.utf8)) + lengthPrefixed("me") + [0, 9, 0x08, 0x01]
        let packet = try Packet.decode(frame, from: .client)
        #expect(packet.body.topic == t)
        #expect(try packet.encoded() == frame)
        #expect(try packet.jsonValue().objectValue?["bodyType"] == nil, "an unknown topic's payload stays hex")
    }

    @Test("a topic read in its non-canonical form keeps its bytes: equal only to the same bytes, hashed by text")
    func nonCanonicalTopic() throws {
        // "t😀" as 4-byte UTF-8 (the canonical form is CESU-8).
        let utf8: [UInt8] = [0x74, 0xF0, 0x9F, 0x98, 0x80]
        let frame = [0x30] + lengthPrefixed(utf8) + lengthPrefixed("u2") + [0, 1]
        let packet = try Packet.decode(frame, from: .client)
        let topic = try #require(packet.body.topic)
        #expect(topic.text == "t😀" && !topic.wire.isCanonical && topic.wire.wireBytes == utf8)
        #expect(topic != Topic("t😀"), "the wire form counts, as for RMTPString")
        #expect(topic == Topic(wire: RMTPString(utf8: "t😀")))
        #expect(Set([topic, Topic(wire: RMTPString(utf8: "t😀")), Topic("t😀")]).count == 2)
        #expect(try packet.encoded() == frame)
        try Packet.withDecoded(frame, from: .client) { (view) throws(CodecError) in
            #expect(view.topic == topic)
        }
    }

    @Test("Topic keys a dictionary by its text")
    func dictionaryKeys() {
        var counts: [Topic: Int] = [:]
        for t in [Topic.pullMsg, Topic("pullMsg"), Topic(rawValue: "pullMsg"), .chrmPull] { counts[t, default: 0] += 1 }
        #expect(counts == [.pullMsg: 3, .chrmPull: 1])
    }
}
