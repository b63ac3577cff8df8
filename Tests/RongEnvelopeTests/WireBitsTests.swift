// Tests/RongEnvelopeTests/WireBitsTests.swift - sessionId and status bits

import RongCodec
import RongEnvelope
import Testing

@Suite("Wire bits")
struct WireBitsTests {
    /// (flag, sessionId bits, status bits) per envelope.md § 8.6.
    static let wire: [(PersistenceFlag, Int32, Int64)] = [
        (.isCounted, 0x03, 0x30),
        (.isPersisted, 0x01, 0x10),
        (.none, 0x00, 0x00),
        (.status, 0x00, 0x00),
    ]

    @Test("flag → sessionId and status bits", arguments: wire)
    func wireBits(_ f: PersistenceFlag, _ session: Int32, _ status: Int64) {
        #expect(SessionIdBits(flag: f).rawValue == session)
        #expect(StatusBits(flag: f).rawValue == status)
        if !f.isStatus {
            #expect(SessionIdBits(flag: f).flag == f)
            #expect(StatusBits(flag: f).flag == f)
        }
    }

    @Test("sessionId bit positions (ENGINE getSessionId)")
    func sessionBits() {
        #expect(SessionIdBits.persisted.rawValue == 0x01)
        #expect(SessionIdBits.counted.rawValue == 0x02)
        #expect(SessionIdBits.mentioned.rawValue == 0x04)
        #expect(SessionIdBits.disableNotification.rawValue == 0x20)
        #expect(SessionIdBits.canIncludeExpansion.rawValue == 0x40)
        // WEBv2 writes 7 for a group @-message; VILLA's ultragroup send uses 67.
        #expect(SessionIdBits(rawValue: 7) == [.persisted, .counted, .mentioned])
        #expect(SessionIdBits(rawValue: 67) == [.persisted, .counted, .canIncludeExpansion])
        // ENGINE reads disableNotification from 0x10 on echoed messages: accept either.
        #expect(SessionIdBits(rawValue: 0x10).disablesNotification)
        #expect(SessionIdBits(rawValue: 0x20).disablesNotification)
    }

    @Test("status bit positions (ENGINE getMessageOptionByStatus)")
    func statusBits() {
        let all = StatusBits(rawValue: 0x572)
        #expect(all == [.retrieved, .persisted, .counted, .mentioned, .disableNotification, .canIncludeExpansion])
        #expect(StatusBits(rawValue: 0x20).flag == .isCounted)  // counted implies persisted
        #expect(StatusBits(rawValue: 0x02).flag == .none)
        #expect(StatusBits(rawValue: 0x1000).description.contains("0x1000"))
    }
}
