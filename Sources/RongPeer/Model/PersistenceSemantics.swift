// Sources/RongPeer/Model/PersistenceSemantics.swift - what a persistence flag asks of the service

import RongCodec

extension PersistenceFlag {
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
