// Tests/RongPeerTests/PersistenceSemanticsTests.swift - what each flag asks of the service, per document

import RongCodec
import Testing

@testable import RongPeer

@Suite("Persistence semantics")
struct PersistenceSemanticsTests {
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
