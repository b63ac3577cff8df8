// Tests/RongNIMTests/TimeConversionTests.swift - seconds ↔ milliseconds and duration rounding

import RongCodec
import Testing

@testable import RongNIM

@Suite("NIM time conversion")
struct TimeConversionTests {
    /// (seconds as JSON text, milliseconds, exact)
    static let toMilliseconds: [(String, Int64, Bool)] = [
        ("0", 0, true),
        ("1700000000", 1_700_000_000_000, true),
        ("1700000000.5", 1_700_000_000_500, true),
        ("1700000000.123", 1_700_000_000_123, true),
        ("1700000000.1234", 1_700_000_000_123, false),
        ("1700000000.0005", 1_700_000_000_001, false),
        ("1.0004999", 1000, false),
        // 17 digits are more than a double holds: the number is 1700000000.0005 (its canonical
        // text), which is what the conversion reads.
        ("1700000000.0004999", 1_700_000_000_001, false),
        ("0.0005", 1, false),
        ("0.0004", 0, false),
        ("1e-7", 0, false),
        ("1.5e-3", 2, false),
        ("99999999999.999", 99_999_999_999_999, true),
    ]

    @Test("seconds → milliseconds on the decimal digits, halves up", arguments: toMilliseconds)
    func milliseconds(_ text: String, _ ms: Int64, _ exact: Bool) throws {
        let n = try #require(JSONValue(parsing: Array(text.utf8)).numberValue)
        let (value, isExact) = TimeConversion.milliseconds(fromSeconds: n)
        #expect(value == ms)
        #expect(isExact == exact)
    }

    @Test("milliseconds → seconds gives the shortest number with the exact decimal value", arguments: [
        (Int64(1_700_000_000_000), "1700000000"), (1_700_000_000_500, "1700000000.5"), (1_700_000_000_123, "1700000000.123"),
        (1_700_000_000_001, "1700000000.001"), (7, "0.007"), (99_999_999_999_999, "99999999999.999"), (-1123, "-1.123"),
    ])
    func seconds(_ ms: Int64, _ text: String) {
        #expect(TimeConversion.seconds(fromMilliseconds: ms).description == text)
    }

    @Test("every millisecond count survives ms → s → ms exactly")
    func roundTrip() {
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20000 {
            x ^= x << 13
            x ^= x >> 7
            x ^= x << 17
            let ms = Int64(x % 99_999_999_999_999)
            let back = TimeConversion.milliseconds(fromSeconds: TimeConversion.seconds(fromMilliseconds: ms))
            #expect(back.value == ms && back.exact, "\(ms)")
            if back.value != ms { break }
        }
    }

    @Test("durations round to the nearest second, halves up", arguments: [
        (Int64(0), Int64(0), true), (499, 0, false), (500, 1, false), (999, 1, false), (1000, 1, true), (1499, 1, false),
        (1500, 2, false), (2_147_483_647_499, 2_147_483_647, false),
    ])
    func duration(_ ms: Int64, _ s: Int64, _ exact: Bool) {
        let r = TimeConversion.durationSeconds(fromMilliseconds: ms)
        #expect(r.value == s)
        #expect(r.exact == exact)
    }
}
