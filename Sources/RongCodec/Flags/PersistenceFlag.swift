// Sources/RongCodec/Flags/PersistenceFlag.swift - how a message is stored, counted and delivered

/// A content type's persistence flag (`RCMessagePersistent` / Android `MessageTag`).
///
/// The four defined values are NONE = 0, ISPERSISTED = 1, ISCOUNTED = 3 (= counted | persisted)
/// and STATUS = 16. Any other raw value round-trips unchanged (the Web SDK v2 can produce 2,
/// "counted only"); ``isDefined`` tells them apart.
public struct PersistenceFlag: RawRepresentable, Hashable, Sendable, CustomStringConvertible, CaseIterable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// NONE (0): not stored locally, not counted. Offline-cached per the current docs (RongPeer's
    /// `PersistenceProfile` tells the documents apart).
    public static let none = PersistenceFlag(rawValue: 0)
    /// ISPERSISTED (1): stored locally, offline-cached, in server history; not counted.
    public static let isPersisted = PersistenceFlag(rawValue: 1)
    /// ISCOUNTED (3): like ISPERSISTED and also increments the unread count.
    public static let isCounted = PersistenceFlag(rawValue: 3)
    /// STATUS (16): delivered only to online receivers; never stored, counted or pushed.
    public static let status = PersistenceFlag(rawValue: 16)

    /// The four defined flags.
    public static let allCases: [PersistenceFlag] = [.none, .isPersisted, .isCounted, .status]

    /// Whether this is one of the four defined values.
    public var isDefined: Bool { Self.allCases.contains(self) }

    /// The constant's name (`ISCOUNTED`), or the raw value for undefined flags.
    public var name: String {
        switch rawValue {
        case 0: "NONE"
        case 1: "ISPERSISTED"
        case 3: "ISCOUNTED"
        case 16: "STATUS"
        default: "UNDEFINED(\(rawValue))"
        }
    }

    public var description: String { name }

    /// Parses `NONE`, `ISPERSISTED`, `ISCOUNTED`, `STATUS` (any case) or a number.
    public init?(name: String) {
        switch name.uppercased() {
        case "NONE": self = .none
        case "ISPERSISTED": self = .isPersisted
        case "ISCOUNTED": self = .isCounted
        case "STATUS": self = .status
        default:
            guard let n = Int(name) else { return nil }
            self.init(rawValue: n)
        }
    }

    /// Whether this is the STATUS flag (status messages use the bit 16, not a combination).
    public var isStatus: Bool { rawValue & 16 != 0 }
}
