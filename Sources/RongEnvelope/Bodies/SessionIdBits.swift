// Sources/RongEnvelope/Bodies/SessionIdBits.swift - the send-side flag bits (UpStreamMessage sessionId)

import RongCodec

/// Bits of `UpStreamMessage.sessionId` (send side), per ENGINE `getSessionId` (envelope.md § 8.2).
public struct SessionIdBits: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The field's value as on the wire (`sessionId`); bits without a name are kept.
    public let rawValue: Int32
    /// The bits of a `sessionId` value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// 0x01: the message is persisted.
    public static let persisted = SessionIdBits(rawValue: 0x01)
    /// 0x02: the message is counted.
    public static let counted = SessionIdBits(rawValue: 0x02)
    /// 0x04: the message @-mentions someone (group).
    public static let mentioned = SessionIdBits(rawValue: 0x04)
    /// 0x10: read as "disable notification" on echoed own messages by ENGINE's decoder (which
    /// writes 0x20). RongWire writes 0x20 and accepts either on decode.
    public static let disableNotificationEcho = SessionIdBits(rawValue: 0x10)
    /// 0x20: no push notification.
    public static let disableNotification = SessionIdBits(rawValue: 0x20)
    /// 0x40: the message may carry an expansion.
    public static let canIncludeExpansion = SessionIdBits(rawValue: 0x40)

    /// The bits a persistence flag sets: ISCOUNTED → 0x03, ISPERSISTED → 0x01, NONE and STATUS
    /// → 0 (STATUS is a topic, not a bit; ENGINE forces the bits off).
    public init(flag: PersistenceFlag) {
        if flag.isStatus {
            self = []
            return
        }
        var bits: SessionIdBits = []
        if flag.rawValue & 1 != 0 { bits.insert(.persisted) }
        if flag.rawValue & 2 != 0 { bits.insert(.counted) }
        self = bits
    }

    /// The persistence flag these bits carry (STATUS cannot be seen in the bits).
    public var flag: PersistenceFlag { PersistenceFlag(rawValue: Int(rawValue & 0x03)) }

    /// Whether either disable-notification bit is set (0x20, or 0x10 on echoed messages).
    public var disablesNotification: Bool { contains(.disableNotification) || contains(.disableNotificationEcho) }

    /// The bit names (`[persisted, counted]`), unnamed bits in hex.
    public var description: String {
        var names: [String] = []
        if contains(.persisted) { names.append("persisted") }
        if contains(.counted) { names.append("counted") }
        if contains(.mentioned) { names.append("mentioned") }
        if contains(.disableNotificationEcho) { names.append("disableNotification(0x10)") }
        if contains(.disableNotification) { names.append("disableNotification") }
        if contains(.canIncludeExpansion) { names.append("canIncludeExpansion") }
        let rest = rawValue & ~0x77
        if rest != 0 { names.append("0x" + String(rest, radix: 16)) }
        return "[" + names.joined(separator: ", ") + "]"
    }
}
