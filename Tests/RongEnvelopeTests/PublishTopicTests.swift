// Tests/RongEnvelopeTests/PublishTopicTests.swift - publish topics and topic families

import RongCodec
import RongEnvelope
import Testing

@Suite("Publish topics")
struct PublishTopicTests {
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
