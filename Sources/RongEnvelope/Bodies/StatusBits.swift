// Sources/RongEnvelope/Bodies/StatusBits.swift - the receive-side flag bits (DownStreamMessage status)

import RongCodec

/// Bits of `DownStreamMessage.status` (receive side), per ENGINE `getMessageOptionByStatus`
/// (envelope.md § 8.3). The positions differ from ``SessionIdBits``.
public struct StatusBits: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The field's value as on the wire (`status`); bits without a name are kept.
    public let rawValue: Int64
    /// The bits of a `status` value.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// 0x02: already pulled by another device (received status RETRIEVED).
    public static let retrieved = StatusBits(rawValue: 0x02)
    /// 0x10: persisted.
    public static let persisted = StatusBits(rawValue: 0x10)
    /// 0x20: counted.
    public static let counted = StatusBits(rawValue: 0x20)
    /// 0x40: mentions the receiver.
    public static let mentioned = StatusBits(rawValue: 0x40)
    /// 0x100: silent (no notification).
    public static let disableNotification = StatusBits(rawValue: 0x100)
    /// 0x400: may carry an expansion.
    public static let canIncludeExpansion = StatusBits(rawValue: 0x400)

    /// The receive bits for a persistence flag: ISCOUNTED → 0x30, ISPERSISTED → 0x10, else 0.
    public init(flag: PersistenceFlag) {
        if flag.isStatus {
            self = []
            return
        }
        var bits: StatusBits = []
        if flag.rawValue & 1 != 0 { bits.insert(.persisted) }
        if flag.rawValue & 2 != 0 { bits.insert(.counted) }
        self = bits
    }

    /// The persistence flag the bits carry: counted → ISCOUNTED (counted implies persisted),
    /// persisted → ISPERSISTED, else NONE. STATUS is known from the topic, not the bits.
    public var flag: PersistenceFlag {
        if contains(.counted) { return .isCounted }
        if contains(.persisted) { return .isPersisted }
        return .none
    }

    /// The bit names (`[persisted, counted]`), unnamed bits in hex.
    public var description: String {
        var names: [String] = []
        if contains(.retrieved) { names.append("retrieved") }
        if contains(.persisted) { names.append("persisted") }
        if contains(.counted) { names.append("counted") }
        if contains(.mentioned) { names.append("mentioned") }
        if contains(.disableNotification) { names.append("disableNotification") }
        if contains(.canIncludeExpansion) { names.append("canIncludeExpansion") }
        let rest = rawValue & ~0x572
        if rest != 0 { names.append("0x" + String(rest, radix: 16)) }
        return "[" + names.joined(separator: ", ") + "]"
    }
}
