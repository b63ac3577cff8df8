// Tests/RongCodecTests/PersistenceFlagTests.swift - flags, wire bits, topics

import Testing

@testable import RongCodec

@Suite("Persistence flags")
struct PersistenceFlagTests {
    @Test("values and names (Android MessageTag, iOS RCMessagePersistent)")
    func values() {
        #expect(PersistenceFlag.none.rawValue == 0)
        #expect(PersistenceFlag.isPersisted.rawValue == 1)
        #expect(PersistenceFlag.isCounted.rawValue == 3)
        #expect(PersistenceFlag.status.rawValue == 16)
        #expect(PersistenceFlag.isCounted.rawValue == PersistenceFlag.isCounted.rawValue | PersistenceFlag.isPersisted.rawValue)
        #expect(PersistenceFlag(name: "iscounted") == .isCounted)
        #expect(PersistenceFlag(name: "16") == .status)
        #expect(PersistenceFlag(name: "bogus") == nil)
    }

    @Test("any raw value round-trips", arguments: [0, 1, 2, 3, 16, 17, 255])
    func rawRoundTrip(_ raw: Int) {
        let f = PersistenceFlag(rawValue: raw)
        #expect(f.rawValue == raw)
        #expect(f.isDefined == [0, 1, 3, 16].contains(raw))
    }

    /// (flag, sessionId bits, status bits) per envelope.md § 8.6.
    static let wire: [(PersistenceFlag, Int32, Int64)] = [
        (.isCounted, 0x03, 0x30),
        (.isPersisted, 0x01, 0x10),
        (.none, 0x00, 0x00),
        (.status, 0x00, 0x00),
    ]

    @Test("flag → sessionId and status bits", arguments: wire)
    func wireBits(_ f: PersistenceFlag, _ session: Int32, _ status: Int64) {
        #expect(SessionIdBits(flag: f).rawValue == session)
        #expect(StatusBits(flag: f).rawValue == status)
        if !f.isStatus {
            #expect(SessionIdBits(flag: f).flag == f)
            #expect(StatusBits(flag: f).flag == f)
        }
    }

    @Test("sessionId bit positions (ENGINE getSessionId)")
    func sessionBits() {
        #expect(SessionIdBits.persisted.rawValue == 0x01)
        #expect(SessionIdBits.counted.rawValue == 0x02)
        #expect(SessionIdBits.mentioned.rawValue == 0x04)
        #expect(SessionIdBits.disableNotification.rawValue == 0x20)
        #expect(SessionIdBits.canIncludeExpansion.rawValue == 0x40)
        // WEBv2 writes 7 for a group @-message; VILLA's ultragroup send uses 67.
        #expect(SessionIdBits(rawValue: 7) == [.persisted, .counted, .mentioned])
        #expect(SessionIdBits(rawValue: 67) == [.persisted, .counted, .canIncludeExpansion])
        // ENGINE reads disableNotification from 0x10 on echoed messages: accept either.
        #expect(SessionIdBits(rawValue: 0x10).disablesNotification)
        #expect(SessionIdBits(rawValue: 0x20).disablesNotification)
    }

    @Test("status bit positions (ENGINE getMessageOptionByStatus)")
    func statusBits() {
        let all = StatusBits(rawValue: 0x572)
        #expect(all == [.retrieved, .persisted, .counted, .mentioned, .disableNotification, .canIncludeExpansion])
        #expect(StatusBits(rawValue: 0x20).flag == .isCounted)  // counted implies persisted
        #expect(StatusBits(rawValue: 0x02).flag == .none)
        #expect(StatusBits(rawValue: 0x1000).description.contains("0x1000"))
    }

    /// (conversation type, family, topic) per WEBv2 connect_client.ts, ENGINE PublishTopic, VILLA.
    static let topics: [(ConversationType, TopicFamily, String?)] = [
        (.private, .persisted, "ppMsgP"), (.private, .noPush, "ppMsgN"), (.private, .status, "ppMsgS"),
        (.group, .persisted, "pgMsgP"), (.group, .noPush, "pgMsgN"), (.group, .status, "pgMsgS"),
        (.chatroom, .persisted, "chatMsg"), (.chatroom, .status, "chatMsgS"),
        (.discussion, .persisted, "pdMsgP"), (.customerService, .persisted, "pcMsgP"),
        (.appPublicService, .persisted, "pmcMsgN"), (.publicService, .persisted, "pmpMsgN"),
        (.ultragroup, .persisted, "ugMsg"), (.ultragroup, .status, nil),
        (.rtc, .persisted, "prMsgS"), (.rtc, .noPush, "prMsgS"), (.rtc, .status, nil), (.system, .persisted, nil),
    ]

    @Test("publish topics", arguments: topics)
    func publishTopics(_ t: ConversationType, _ family: TopicFamily, _ topic: String?) {
        #expect(t.publishTopic(family) == topic)
        if let topic {
            #expect(TopicFamily(topic: topic) == family || (family == .noPush && ["chatMsg", "prMsgS"].contains(topic)) || topic.hasSuffix("MsgN"))
            #expect(ConversationType(topic: topic) == t)
        }
    }

    @Test("the conversation type of every publish topic, written from envelope.md § 6.1 and § 6.4")
    func topicTypes() {
        let expected: [String: ConversationType] = [
            "ppMsgP": .private, "ppMsgN": .private, "ppMsgS": .private, "pdMsgP": .discussion, "pgMsgP": .group,
            "pgMsgN": .group, "pgMsgS": .group, "chatMsg": .chatroom, "chatMsgS": .chatroom, "pcMsgP": .customerService,
            "pcuMsgP": .customerService, "pmcMsgN": .appPublicService, "pmpMsgN": .publicService, "ugMsg": .ultragroup,
            "prMsgP": .rtc, "prMsgS": .rtc,
        ]
        for (topic, type) in expected { #expect(ConversationType(topic: topic) == type, "\(topic)") }
        // recallMsg names no type (its RC:RcCmd does); query and server topics are not publish topics.
        for topic in ["recallMsg", "chrmPull", "pullMsg", "s_msg", "ppMsg", "pcuMsgN", ""] { #expect(ConversationType(topic: topic) == nil, "\(topic)") }
        // The status topics are ENGINE's PublishStatusTopic; prMsgS carries every RTC message.
        #expect(["ppMsgS", "pgMsgS", "chatMsgS"].allSatisfy { TopicFamily(topic: $0) == .status })
        #expect(TopicFamily(topic: "prMsgS") == .persisted)
    }

    @Test("a flag selects the topic family")
    func families() {
        #expect(TopicFamily(flag: .status) == .status)
        #expect(TopicFamily(flag: .isCounted) == .persisted)
        #expect(TopicFamily(flag: .none) == .persisted)
        #expect(TopicFamily(flag: .isPersisted, disablePush: true) == .noPush)
        #expect(TopicFamily(flag: .status, disablePush: true) == .status)
    }
}
