// Tests/RongCodecTests/PersistenceFlagTests.swift - flags and their semantics

import Testing

@testable import RongCodec

@Suite("Persistence flags")
struct PersistenceFlagTests {
    @Test("values and names (Android MessageTag, iOS RCMessagePersistent)")
    func values() {
        #expect(PersistenceFlag.none.rawValue == 0)
        #expect(PersistenceFlag.isPersisted.rawValue == 1)
        #expect(PersistenceFlag.isCounted.rawValue == 3)
        #expect(PersistenceFlag.status.rawValue == 16)
        #expect(PersistenceFlag.isCounted.rawValue == PersistenceFlag.isCounted.rawValue | PersistenceFlag.isPersisted.rawValue)
        #expect(PersistenceFlag(name: "iscounted") == .isCounted)
        #expect(PersistenceFlag(name: "16") == .status)
        #expect(PersistenceFlag(name: "bogus") == nil)
    }

    @Test("any raw value round-trips", arguments: [0, 1, 2, 3, 16, 17, 255])
    func rawRoundTrip(_ raw: Int) {
        let f = PersistenceFlag(rawValue: raw)
        #expect(f.rawValue == raw)
        #expect(f.isDefined == [0, 1, 3, 16].contains(raw))
    }

    /// (flag, stored locally, counted, offline-cached, server history) per seed 000:9411-9421.
    static let current: [(PersistenceFlag, Bool, Bool, Bool, Bool)] = [
        (.none, false, false, true, false),
        (.isPersisted, true, false, true, true),
        (.isCounted, true, true, true, true),
        (.status, false, false, false, false),
    ]

    @Test("semantics per the current documentation (000)", arguments: current)
    func semanticsCurrent(_ f: PersistenceFlag, _ stored: Bool, _ counted: Bool, _ offline: Bool, _ history: Bool) {
        let s = f.semantics(.current)
        #expect(s.storedLocally == stored)
        #expect(s.counted == counted)
        #expect(s.offlineCached == offline)
        #expect(s.serverHistory == history)
    }

    @Test("NONE under the 2021 document (001:729): no offline storage, kept in history")
    func semanticsLegacy() {
        let s = PersistenceFlag.none.semantics(.legacy2021)
        #expect(!s.offlineCached)
        #expect(s.serverHistory)
        #expect(!PersistenceFlag.status.semantics(.legacy2021).serverHistory)
    }
}
