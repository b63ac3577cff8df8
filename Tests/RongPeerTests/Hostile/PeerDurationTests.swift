// Tests/RongPeerTests/Hostile/PeerDurationTests.swift - the one duration type: forms, bounds, no overflow anywhere (PEER-HOSTILE-003)

import Testing

@testable import RongPeer

@Suite("Hostile: durations")
struct PeerDurationTests {
    @Test("the written forms", arguments: [
        ("500ms", 500), ("30s", 30_000), ("10m", 600_000), ("2h", 7_200_000), ("8d", 691_200_000),
        ("1.5s", 1_500), ("0.0001s", 0), ("250", 250), ("0", 0), ("36500d", 3_153_600_000_000),
        ("3153600000000ms", 3_153_600_000_000), ("1.999999999999ms", 1),
        // Rounded down exactly, however many digits: 1/86,400,000 of a day is 0.0000000115740740740… d.
        ("0.000000011574074075d", 1), ("0.000000011574074074d", 0), ("0.0000000115740740740740740741d", 1),
        ("36499.999999999999999999999999d", 3_153_599_999_999),
    ] as [(String, Int64)])
    func forms(_ text: String, _ ms: Int64) throws {
        #expect(try PeerDuration(parsing: text).milliseconds == ms)
    }

    @Test("text that is no duration", arguments: [
        "", "ms", "x", "-1", "-5s", "+5s", "1e3", "1e300d", "0x10", "inf", "nan", "5 s", " 5s", "5s ", "1.", ".5s", "1..5s", "5ss", "5sm", "٣s",
    ])
    func notADuration(_ text: String) {
        #expect(throws: PeerDurationError(text: text, reason: .notADuration)) { try PeerDuration(parsing: text) }
    }

    @Test("beyond the longest duration, however many digits", arguments: [
        "36500.001d", "36500.0000001d", "36501d", "3153600000001", "9223372036854775807", "9223372036854775807ms", "9223372036854775808",
        "99999999999999999999ms", "5000000000000000000", String(repeating: "9", count: 5000) + "d",
    ])
    func tooLong(_ text: String) {
        #expect(throws: PeerDurationError(text: text, reason: .tooLong)) { try PeerDuration(parsing: text) }
    }

    @Test("a plain number in the caller's unit")
    func plainUnit() throws {
        #expect(try PeerDuration(parsing: "2", plainUnit: .seconds).milliseconds == 2_000)
        #expect(try PeerDuration(parsing: "2ms", plainUnit: .seconds).milliseconds == 2)
        #expect(throws: PeerDurationError.self) { try PeerDuration(parsing: "36501", plainUnit: .days) }
    }

    @Test("description is the shortest exact form and parses back", arguments: [0, 1, 999, 1_000, 90_000, 3_600_000, 86_400_000, 86_400_001, 3_153_600_000_000] as [Int64])
    func description(_ ms: Int64) throws {
        let d = try #require(PeerDuration(milliseconds: ms))
        #expect(try PeerDuration(parsing: d.description) == d)
    }

    @Test("the manual clock moves by at most the longest duration in all, never past the packets' 32-bit dates, and never overflows")
    func clockBound() {
        let clock = ManualClock()
        let before = clock.nowMillis()
        // 36500d from now is past 2106-02-07 (the last second of a 32-bit date): refused.
        #expect(!clock.advance(by: .max))
        #expect(clock.advanced == .zero)
        let room = ManualClock.latestMillis - before
        #expect(clock.advance(by: PeerDuration(milliseconds: room - 86_400_000)!))
        #expect(!clock.advance(by: PeerDuration(milliseconds: 2 * 86_400_000)!))
        #expect(clock.nowMillis() >= before + room - 86_400_000)
        #expect(clock.nowMillis() <= ManualClock.latestMillis)
        #expect(UInt32(exactly: clock.nowMillis() / 1000) != nil)
        #expect(clock.advance(by: .zero))
    }

    @Test("a fault delay is 1ms...60s", arguments: ["delay=0.5:99999999999999999999ms", "delay=0.5:0ms", "delay=0.5:61s", "delay=0.5:1e300d", "delay=0.5:-1ms"])
    func faultDelay(_ spec: String) {
        #expect(throws: FaultPlanError.self) { try FaultPlan(parsing: spec) }
    }
}
