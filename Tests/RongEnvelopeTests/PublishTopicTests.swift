// Tests/RongEnvelopeTests/PublishTopicTests.swift - publish topics and topic families

import RongCodec
import RongEnvelope
import Testing

@Suite("Publish topics")
struct PublishTopicTests {
    /// (conversation type, family, topic) per RUST's `get_send_method` (official-sdks.md § 3);
    /// the `N` family of private and group only when named (WEBv2 table, ENGINE `enum Topic`).
    static let topics: [(ConversationType, TopicFamily, String?)] = [
        (.private, .persisted, "ppMsgP"), (.private, .noPush, "ppMsgN"), (.private, .status, "ppMsgS"),
        (.group, .persisted, "pgMsgP"), (.group, .noPush, "pgMsgN"), (.group, .status, "pgMsgS"),
        (.chatroom, .persisted, "chatMsg"), (.chatroom, .noPush, "chatMsg"), (.chatroom, .status, "chatMsgS"),
        (.discussion, .persisted, "pdMsgP"), (.discussion, .status, "pdMsgS"), (.discussion, .noPush, nil),
        (.customerService, .persisted, "pcMsgP"), (.customerService, .status, "pcMsgS"),
        (.system, .persisted, "pbMsgP"), (.system, .status, "pbMsgS"),
        (.appPublicService, .persisted, "pmcMsgN"), (.appPublicService, .status, "pmcMsgS"),
        (.publicService, .persisted, "pmpMsgN"), (.publicService, .status, "pmpMsgS"),
        (.ultragroup, .persisted, "ugMsg"), (.ultragroup, .noPush, "ugMsg"), (.ultragroup, .status, "ugMsg"),
        (.rtc, .persisted, "prMsgP"), (.rtc, .noPush, "prMsgP"), (.rtc, .status, "prMsgS"),
        (.pushService, .persisted, nil), (.encrypted, .persisted, nil), (ConversationType(rawValue: 13), .persisted, nil),
    ]

    @Test("publish topics", arguments: topics)
    func publishTopics(_ t: ConversationType, _ family: TopicFamily, _ topic: String?) {
        #expect(t.publishTopic(family)?.text == topic)
        if let topic {
            // Topics without a suffix of their own carry several families (`chatMsg`, `ugMsg`,
            // `prMsgP` without push); `…MsgN` is the public services' only non-status topic.
            let shared = ["chatMsg", "ugMsg", "prMsgP"].contains(topic) && family != .persisted
            #expect(TopicFamily(topic: Topic(topic)) == family || shared || topic.hasSuffix("MsgN"))
            #expect(ConversationType(topic: Topic(topic)) == t)
        }
    }

    @Test("the conversation type of every publish topic, written from envelope.md § 6.1 and § 6.4")
    func topicTypes() {
        let expected: [String: ConversationType] = [
            "ppMsgP": .private, "ppMsgN": .private, "ppMsgS": .private, "pdMsgP": .discussion, "pdMsgS": .discussion, "pgMsgP": .group,
            "pgMsgN": .group, "pgMsgS": .group, "chatMsg": .chatroom, "chatMsgS": .chatroom, "pcMsgP": .customerService,
            "pcMsgS": .customerService, "pcuMsgP": .customerService, "pbMsgP": .system, "pbMsgS": .system,
            "pmcMsgN": .appPublicService, "pmcMsgS": .appPublicService, "pmpMsgN": .publicService, "pmpMsgS": .publicService,
            "ugMsg": .ultragroup, "prMsgP": .rtc, "prMsgS": .rtc,
        ]
        for (topic, type) in expected { #expect(ConversationType(topic: Topic(topic)) == type, "\(topic)") }
        // recallMsg names no type (its RC:RcCmd does); query and server topics are not publish topics.
        for topic in ["recallMsg", "chrmPull", "pullMsg", "s_msg", "ppMsg", "pcuMsgN", ""] { #expect(ConversationType(topic: Topic(topic)) == nil, "\(topic)") }
        // RUST: every `…S` topic is a status topic, RTC's `prMsgS` included (ENGINE 0.1.0 sends
        // every RTC message there); `ugMsg` carries every flag.
        #expect(["ppMsgS", "pdMsgS", "pgMsgS", "chatMsgS", "pcMsgS", "pbMsgS", "pmcMsgS", "pmpMsgS", "prMsgS"].allSatisfy { TopicFamily(topic: Topic($0)) == .status })
        #expect(TopicFamily(topic: .ugMsg) == .persisted && TopicFamily(topic: .chatMsg) == .persisted)
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
