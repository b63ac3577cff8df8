// Sources/RongCodec/Flags/ConversationType.swift - conversation types and their publish topics

/// A conversation type. The numbers equal the envelope's `ChannelType` (envelope.md § 7.4).
public struct ConversationType: RawRepresentable, Hashable, Sendable, CustomStringConvertible, CaseIterable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// 1: one-to-one chat (ChannelType PERSON).
    public static let `private` = ConversationType(rawValue: 1)
    /// 2: discussion group, deprecated (ChannelType PERSONS).
    public static let discussion = ConversationType(rawValue: 2)
    /// 3: group (ChannelType GROUP).
    public static let group = ConversationType(rawValue: 3)
    /// 4: chatroom; no offline cache, no push (ChannelType TEMPGROUP).
    public static let chatroom = ConversationType(rawValue: 4)
    /// 5: customer service (ChannelType CUSTOMERSERVICE).
    public static let customerService = ConversationType(rawValue: 5)
    /// 6: system conversation, fed by broadcasts and notifications; cannot be replied to
    /// (ChannelType NOTIFY).
    public static let system = ConversationType(rawValue: 6)
    /// 7: in-app public service (ChannelType MC, push code `MC`).
    public static let appPublicService = ConversationType(rawValue: 7)
    /// 8: cross-app public service (ChannelType MP, push code `MP`).
    public static let publicService = ConversationType(rawValue: 8)
    /// 9: push service. Has no publish topic.
    public static let pushService = ConversationType(rawValue: 9)
    /// 10: ultragroup ("super group"; ChannelType ULTRAGROUP, ENGINE-LATE).
    public static let ultragroup = ConversationType(rawValue: 10)
    /// 11: encrypted conversation (SDK `ConversationType_Encrypted`). Has no publish topic.
    public static let encrypted = ConversationType(rawValue: 11)
    /// 12: RTC (topic `prMsgS` for every flag but STATUS, which RTC cannot send).
    public static let rtc = ConversationType(rawValue: 12)

    public static let allCases: [ConversationType] = [
        .private, .discussion, .group, .chatroom, .customerService, .system, .appPublicService, .publicService,
        .pushService, .ultragroup, .encrypted, .rtc,
    ]

    /// The camel-case name (`private`, `customerService`, ...), or `type<n>` for a number without one.
    public var name: String {
        switch rawValue {
        case 1: "private"
        case 2: "discussion"
        case 3: "group"
        case 4: "chatroom"
        case 5: "customerService"
        case 6: "system"
        case 7: "appPublicService"
        case 8: "publicService"
        case 9: "pushService"
        case 10: "ultragroup"
        case 11: "encrypted"
        case 12: "rtc"
        default: "type\(rawValue)"
        }
    }

    public var description: String { name }

    /// Parses a name (`private`, `group`, ...) or a number.
    public init?(name: String) {
        if let t = Self.allCases.first(where: { $0.name.lowercased() == name.lowercased() }) {
            self = t
        } else if let n = Int(name) {
            self.init(rawValue: n)
        } else {
            return nil
        }
    }

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
