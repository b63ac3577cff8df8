// Sources/RongEnvelope/Messages/PublishTopics.swift - which PUBLISH topic a message goes on

import RongCodec

extension ConversationType {
    /// The PUBLISH topic for sending a message of this conversation type in `family`, or nil
    /// when the combination has none.
    ///
    /// RUST's `get_send_method` (official-sdks.md § 3): the stem by type (1 `ppMsg`, 2 `pdMsg`,
    /// 3 `pgMsg`, 4 `chatMsg`, 5 `pcMsg`, 6 `pbMsg`, 7 `pmcMsg`, 8 `pmpMsg`, 10 `ugMsg`, 12
    /// `prMsg`); the suffix `S` for STATUS, `N` for the two public services, none for a
    /// non-status chatroom message, never one for `ugMsg`, otherwise `P`. The `N` family of
    /// private and group (`ppMsgN`, `pgMsgN`) is used only when the caller names it: no official
    /// client sends it (FLAG-006). Where ENGINE 0.1.0 differs (spec FLAG-005): it has no topic
    /// for discussion, system and the public services and falls back to `ppMsgP` (line 6580),
    /// sends RTC on `prMsgS` whatever the flag, and a chatroom STATUS message on `chatMsg` with
    /// sessionId 0. Push service (9) and encrypted (11) have none here, although RUST and ENGINE
    /// fall back to `ppMsg` for them: that would arrive as a private conversation (kit choice,
    /// `CodecError.Code.noPublishTopic`; name the topic to send so).
    public func publishTopic(_ family: TopicFamily) -> Topic? {
        switch (rawValue, family) {
        case (1, .persisted): .ppMsgP
        case (1, .noPush): .ppMsgN
        case (1, .status): .ppMsgS
        case (2, .persisted): .pdMsgP
        case (2, .status): .pdMsgS
        case (3, .persisted): .pgMsgP
        case (3, .noPush): .pgMsgN
        case (3, .status): .pgMsgS
        case (4, .persisted), (4, .noPush): .chatMsg
        case (4, .status): .chatMsgS
        case (5, .persisted): .pcMsgP
        case (5, .status): .pcMsgS
        case (6, .persisted): .pbMsgP
        case (6, .status): .pbMsgS
        case (7, .status): .pmcMsgS
        case (7, _): .pmcMsgN
        case (8, .status): .pmpMsgS
        case (8, _): .pmpMsgN
        case (10, _): .ugMsg
        case (12, .status): .prMsgS
        case (12, _): .prMsgP
        default: nil
        }
    }

    /// The conversation type of a publish topic, as WEBv2 derives it for echoed messages from the
    /// topic prefix (`pp` 1, `pd` 2, `pg` 3, `ch` 4, `pc` 5; envelope.md § 6.4), extended to
    /// RUST's other stems: `pb` 6, `pmc` 7, `pmp` 8, `ug` 10, `pr` 12. Every family counts
    /// (`ppMsgN`, `pgMsgS`, ...), and `pcuMsgP` is customer service like `pcMsgP`. Nil for
    /// `recallMsg`, whose conversation is named inside its RC:RcCmd content, and for any other
    /// topic, query topics included (a prefix test would also read `chrmPull`).
    public init?(topic: Topic) {
        switch topic {
        case .ppMsgP, .ppMsgN, .ppMsgS: self = .private
        case .pdMsgP, .pdMsgS: self = .discussion
        case .pgMsgP, .pgMsgN, .pgMsgS: self = .group
        case .chatMsg, .chatMsgS: self = .chatroom
        case .pcMsgP, .pcMsgS, .pcuMsgP: self = .customerService
        case .pbMsgP, .pbMsgS: self = .system
        case .pmcMsgN, .pmcMsgS: self = .appPublicService
        case .pmpMsgN, .pmpMsgS: self = .publicService
        case .ugMsg: self = .ultragroup
        case .prMsgP, .prMsgS: self = .rtc
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

    /// The family of a publish topic, by its suffix (RUST's rule): `…S` status, `…N` no push,
    /// `…P`, `chatMsg` and `ugMsg` persisted. `ugMsg` carries every flag, STATUS included, so a
    /// STATUS ultragroup message is told from a NONE one only by the sender; and ENGINE 0.1.0
    /// sends every RTC message on `prMsgS`, which RUST keeps for STATUS (spec FLAG-005, FLAG-007).
    public init?(topic: Topic) {
        switch topic {
        case .chatMsg, .ugMsg: self = .persisted
        default:
            // By suffix, so that a publish topic RongWire does not list (a newer SDK's) still has
            // its family.
            let text = topic.text
            if text.hasSuffix("MsgP") {
                self = .persisted
            } else if text.hasSuffix("MsgN") {
                self = .noPush
            } else if text.hasSuffix("MsgS") {
                self = .status
            } else {
                return nil
            }
        }
    }
}
