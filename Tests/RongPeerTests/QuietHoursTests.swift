// Tests/RongPeerTests/QuietHoursTests.swift - the quiet-hours window and its fixture form (PEER-CONV-005)

import RongCodec
import Testing

@testable import RongPeer

/// The window arithmetic the scenarios cannot reach (they run at the wall clock's time of day):
/// a window crossing midnight, its last minute, and the seed's "all day".
@Suite("Quiet hours")
struct QuietHoursTests {
    /// Milliseconds of 2024-01-02 (any day) at `h:m:s` UTC.
    static func at(_ h: Int, _ m: Int, _ s: Int = 0) -> Int64 { (1_704_153_600 + Int64(h * 3600 + m * 60 + s)) * 1000 }

    @Test("22:00:00 for 480 minutes covers 22:00 to the end of 06:00, across midnight",
          arguments: [((21, 59, 59), false), ((22, 0, 0), true), ((23, 59, 59), true), ((0, 0, 0), true), ((6, 0, 59), true), ((6, 1, 0), false), ((12, 0, 0), false)])
    func window(_ t: (Int, Int, Int), _ inside: Bool) {
        let q = PeerFixture.QuietHours(startSecond: 22 * 3600, spanMinutes: 480)
        #expect(q.covers(Self.at(t.0, t.1, t.2)) == inside, "\(t)")
    }

    @Test("00:00:00 for 1439 minutes is all day (000:15166)", arguments: [(0, 0, 0), (12, 30, 0), (23, 59, 0), (23, 59, 59)])
    func allDay(_ t: (Int, Int, Int)) {
        #expect(PeerFixture.QuietHours(startSecond: 0, spanMinutes: 1439).covers(Self.at(t.0, t.1, t.2)))
    }

    @Test("the fixture form loads, writes back equal, and refuses a bad time or span")
    func fixture() throws {
        let f = try PeerFixture.load(yaml: "users:\n  - {id: bob, quietHours: {start: \"01:31:17\", spanMins: 30, level: blocked}}\n")
        let q = try #require(f.users["bob"]?.quietHours)
        #expect(q.startSecond == 1 * 3600 + 31 * 60 + 17 && q.spanMinutes == 30 && q.level == .blocked && q.startText == "01:31:17")
        #expect(try PeerFixture.load(yaml: f.yamlText()) == f)
        for bad in ["{start: \"24:00:00\", spanMins: 30}", "{start: \"1:00:00\", spanMins: 30}", "{start: \"01:00:00\", spanMins: 1440}",
                    "{start: \"01:00:00\", spanMins: 0}", "{start: \"01:00:00\"}", "{start: \"01:00:00\", spanMins: 5, level: loud}"] {
            #expect(throws: LoadError.self, "\(bad)") { try PeerFixture.load(yaml: "users:\n  - {id: bob, quietHours: \(bad)}\n") }
        }
    }
}
