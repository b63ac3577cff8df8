// Sources/RongCodec/Flags/PersistenceFlag.swift - how a message is stored, counted and delivered

/// A content type's persistence flag (`RCMessagePersistent` / Android `MessageTag`).
///
/// The four defined values are NONE = 0, ISPERSISTED = 1, ISCOUNTED = 3 (= counted | persisted)
/// and STATUS = 16. Any other raw value round-trips unchanged (the Web SDK v2 can produce 2,
/// "counted only"); ``isDefined`` tells them apart.
public struct PersistenceFlag: RawRepresentable, Hashable, Sendable, CustomStringConvertible, CaseIterable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// NONE (0): not stored locally, not counted. Offline-cached per the current docs (see
    /// ``PersistenceProfile``).
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

    /// What the flag means for client and server, under a documentation profile.
    public func semantics(_ profile: PersistenceProfile = .current) -> PersistenceSemantics {
        if isStatus {
            return PersistenceSemantics(storedLocally: false, counted: false, offlineCached: false, serverHistory: false, pushedWhenOffline: false)
        }
        let persisted = rawValue & 1 != 0
        let counted = rawValue & 2 != 0
        switch profile {
        case .current:
            // 000:9411-9421: NONE is offline-cached, history only for the persisted flags.
            return PersistenceSemantics(storedLocally: persisted, counted: counted, offlineCached: true, serverHistory: persisted, pushedWhenOffline: true)
        case .legacy2021:
            // 001:723-731: NONE has no offline storage but is kept in server history.
            return PersistenceSemantics(
                storedLocally: persisted, counted: counted, offlineCached: persisted, serverHistory: true,
                pushedWhenOffline: persisted)
        }
    }
}

/// Which documentation the flag semantics follow. The seeds disagree on NONE.
public enum PersistenceProfile: String, Hashable, Sendable, CaseIterable {
    /// The iOS 5.X documentation (seed 000, 2024): NONE is offline-cached and not in history.
    /// RongWire's default.
    case current
    /// The 2021 message-type document (seed 001): NONE is not offline-cached but is kept in
    /// server history.
    case legacy2021
}

/// The storage and delivery behaviour a persistence flag asks for.
public struct PersistenceSemantics: Hashable, Sendable {
    /// The receiving client stores the message in its local database.
    public var storedLocally: Bool
    /// The message increments the conversation's unread count.
    public var counted: Bool
    /// The server keeps it for a receiver that is offline (7 days by default).
    public var offlineCached: Bool
    /// The server keeps it in cloud history.
    public var serverHistory: Bool
    /// An offline receiver gets a remote push (given push text).
    public var pushedWhenOffline: Bool
}
