// Sources/RongEnvelope/Messages/PublishTopics.swift - which PUBLISH topic a message goes on

import RongCodec

extension ConversationType {
    /// The PUBLISH topic for sending a message of this conversation type in `family`, or nil
    /// when the combination does not exist (for example a status message to an ultragroup).
    ///
    /// Sources: WEBv2 `connect_client.ts` topic table, ENGINE `PublishTopic`/`PublishStatusTopic`,
    /// VILLA `ugMsg` (envelope.md § 6.1). RTC publishes on `prMsgS` (WEBv2 index 12, ENGINE
    /// `PublishTopic`); `prMsgP` sits at WEBv2's index 13, past the last conversation type. Kit
    /// choices (spec FLAG-005, FLAG-006): STATUS to a chatroom on ENGINE's `chatMsgS` although
    /// ENGINE's `sendMessage` allows STATUS for private and group only; `pgMsgN` extrapolated from
    /// `ppMsgN`.
    public func publishTopic(_ family: TopicFamily) -> String? {
        switch (rawValue, family) {
        case (1, .persisted): "ppMsgP"
        case (1, .noPush): "ppMsgN"
        case (1, .status): "ppMsgS"
        case (2, .persisted): "pdMsgP"
        case (3, .persisted): "pgMsgP"
        case (3, .noPush): "pgMsgN"
        case (3, .status): "pgMsgS"
        case (4, .persisted), (4, .noPush): "chatMsg"
        case (4, .status): "chatMsgS"
        case (5, .persisted): "pcMsgP"
        case (7, _) where family != .status: "pmcMsgN"
        case (8, _) where family != .status: "pmpMsgN"
        case (10, .persisted), (10, .noPush): "ugMsg"
        case (12, .persisted), (12, .noPush): "prMsgS"
        default: nil
        }
    }

    /// The conversation type of a publish topic, as WEBv2 derives it for echoed messages from the
    /// topic prefix (`pp` 1, `pd` 2, `pg` 3, `ch` 4, `pc` 5; envelope.md § 6.4), extended to the
    /// other publish topics: `pmcMsgN` 7, `pmpMsgN` 8, `ugMsg` 10, `prMsgS` and `prMsgP` 12. Every
    /// family counts (`ppMsgN`, `pgMsgS`, ...), and `pcuMsgP` is customer service like `pcMsgP`.
    /// Nil for `recallMsg`, whose conversation is named inside its RC:RcCmd content, and for any
    /// other topic, query topics included (a prefix test would also read `chrmPull`).
    public init?(topic: String) {
        switch topic {
        case "ppMsgP", "ppMsgN", "ppMsgS": self = .private
        case "pdMsgP": self = .discussion
        case "pgMsgP", "pgMsgN", "pgMsgS": self = .group
        case "chatMsg", "chatMsgS": self = .chatroom
        case "pcMsgP", "pcuMsgP": self = .customerService
        case "pmcMsgN": self = .appPublicService
        case "pmpMsgN": self = .publicService
        case "ugMsg": self = .ultragroup
        case "prMsgS", "prMsgP": self = .rtc
        default: return nil
        }
    }
}

/// The three topic families of the publish topics.
public enum TopicFamily: String, Hashable, Sendable, CaseIterable {
    /// `…P`: offline-cached, pushed when the receiver is offline.
    case persisted
    /// `…N`: offline-cached, never pushed.
    case noPush
    /// `…S`: online-only; dropped when the receiver is offline, never stored or pushed.
    case status

    /// The family a persistence flag selects: STATUS → ``status``; every other flag →
    /// ``persisted``, or ``noPush`` when the sender asked for no push.
    public init(flag: PersistenceFlag, disablePush: Bool = false) {
        if flag.isStatus {
            self = .status
        } else {
            self = disablePush ? .noPush : .persisted
        }
    }

    /// The family of a publish topic, by its suffix. `chatMsg`, `ugMsg` and `prMsgS` count as
    /// persisted: `prMsgS` is RTC's only publish topic and carries every flag (ENGINE lists it in
    /// `PublishTopic`, not `PublishStatusTopic`), so the status topics are `ppMsgS`, `pgMsgS` and
    /// `chatMsgS`, the ones ENGINE surfaces at once as sync messages.
    public init?(topic: String) {
        switch topic {
        case "chatMsg", "ugMsg", "prMsgS": self = .persisted
        case "chatMsgS": self = .status
        default:
            if topic.hasSuffix("MsgP") {
                self = .persisted
            } else if topic.hasSuffix("MsgN") {
                self = .noPush
            } else if topic.hasSuffix("MsgS") {
                self = .status
            } else {
                return nil
            }
        }
    }
}
