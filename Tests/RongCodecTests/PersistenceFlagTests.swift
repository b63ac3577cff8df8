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
}
