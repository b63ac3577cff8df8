// Sources/RongCodec/Flags/ConversationType.swift - conversation types

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
    /// 6: system conversation, fed by broadcasts and notifications (ChannelType NOTIFY; topics
    /// `pbMsgP`, `pbMsgS`).
    public static let system = ConversationType(rawValue: 6)
    /// 7: in-app public service (ChannelType MC, push code `MC`).
    public static let appPublicService = ConversationType(rawValue: 7)
    /// 8: cross-app public service (ChannelType MP, push code `MP`).
    public static let publicService = ConversationType(rawValue: 8)
    /// 9: push service. RongWire gives it no publish topic (the official SDKs fall back to
    /// `ppMsg`, which arrives as a private conversation).
    public static let pushService = ConversationType(rawValue: 9)
    /// 10: ultragroup ("super group"; ChannelType ULTRAGROUP, ENGINE-LATE).
    public static let ultragroup = ConversationType(rawValue: 10)
    /// 11: encrypted conversation (SDK `ConversationType_Encrypted`). No publish topic, as 9.
    public static let encrypted = ConversationType(rawValue: 11)
    /// 12: RTC (topics `prMsgP`, and `prMsgS` for STATUS, as RUST; ENGINE 0.1.0 sends every RTC
    /// message on `prMsgS`).
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
}
