// Sources/RongPeer/Server/PeerDuration.swift - the one duration type: every parser and clock, overflow-checked and bounded

import RongSupport

/// A span of time in whole milliseconds, `0...PeerDuration.max` (36,500 days, about a century).
///
/// Every duration the peer reads goes through this type: fixture retentions, `POST
/// /control/advance?by=`, the fault plan's delay, scenario `wait`, `advance`, `retry` and `poll`,
/// the server's timeouts and the command line's. Text is checked digit by digit against the
/// bound before any arithmetic, so no input can overflow (`1e300d`, `9223372036854775807ms` and
/// `99999999999999999999ms` are errors, not traps), and the bound leaves room for the clock:
/// the system time plus ``ManualClock``'s whole offset (itself at most ``max``) plus a retention
/// is far inside `Int64` milliseconds, and `max` in nanoseconds (NIO's `TimeAmount`) is too.
///
/// Written `500ms`, `30s`, `10m`, `2h`, `8d`, with an optional fraction (`1.5s`; the result is
/// rounded down to a millisecond), or a plain number in the caller's ``Unit`` (milliseconds in
/// files and query strings). No sign, exponent, spaces inside, `inf` or `nan`.
public struct PeerDuration: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The length in milliseconds, `0...PeerDuration.max.milliseconds`.
    public let milliseconds: Int64

    /// The longest duration: 36,500 days (3,153,600,000,000 ms).
    public static let max = PeerDuration(uncheckedMilliseconds: 36_500 * 86_400_000)
    /// No time.
    public static let zero = PeerDuration(uncheckedMilliseconds: 0)

    private init(uncheckedMilliseconds: Int64) { milliseconds = uncheckedMilliseconds }

    /// A duration of `milliseconds`; nil when negative or above ``max``.
    public init?(milliseconds: Int64) {
        guard milliseconds >= 0, milliseconds <= Self.max.milliseconds else { return nil }
        self.milliseconds = milliseconds
    }

    /// Units of a duration's text.
    public enum Unit: String, Sendable, CaseIterable {
        case milliseconds = "ms"
        case seconds = "s"
        case minutes = "m"
        case hours = "h"
        case days = "d"

        /// Milliseconds in one unit.
        public var milliseconds: Int64 {
            switch self {
            case .milliseconds: 1
            case .seconds: 1000
            case .minutes: 60_000
            case .hours: 3_600_000
            case .days: 86_400_000
            }
        }
    }

    /// Parses `text`; a number without a unit is in `plainUnit`.
    public init(parsing text: String, plainUnit: Unit = .milliseconds) throws(PeerDurationError) {
        var digits = Substring(text)
        var unit = plainUnit
        // "ms" before "m" and "s": the longest suffix that matches.
        for u in [Unit.milliseconds, .seconds, .minutes, .hours, .days] where digits.hasSuffix(u.rawValue) {
            unit = u
            digits = digits.dropLast(u.rawValue.count)
            break
        }
        let (whole, fractionText) = TextFields.cut(digits, at: ".")
        let fraction = fractionText ?? ""
        func isDigits(_ s: Substring) -> Bool { s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        guard !whole.isEmpty, isDigits(whole), isDigits(fraction), fractionText == nil || !fraction.isEmpty else {
            throw PeerDurationError(text: text, reason: .notADuration)
        }
        // Whole units: at most max / unit of them, checked while the digits are read.
        let limit = Self.max.milliseconds / unit.milliseconds
        var n: Int64 = 0
        for d in whole.utf8 {
            n = n * 10 + Int64(d - 0x30)
            if n > limit { throw PeerDurationError(text: text, reason: .tooLong) }
        }
        var ms = n * unit.milliseconds
        // The fraction, rounded down to a millisecond: floor(0.f1f2…fk × unit), exactly.
        // Multiplying the digits by the unit from the last one, what carries out past the first
        // is the whole part of the product. (No fixed number of digits is enough: the first nine
        // of 0.000000011574074075d give 0.95 ms, the whole fraction 1.00000000008 ms.)
        var carry: Int64 = 0
        for d in fraction.utf8.reversed() { carry = (Int64(d - 0x30) * unit.milliseconds + carry) / 10 }
        ms += carry
        guard ms <= Self.max.milliseconds else { throw PeerDurationError(text: text, reason: .tooLong) }
        milliseconds = ms
    }

    /// `self + other`, or nil above ``max``.
    public func adding(_ other: PeerDuration) -> PeerDuration? {
        PeerDuration(milliseconds: milliseconds + other.milliseconds)
    }

    /// Seconds, for messages.
    public var seconds: Double { Double(milliseconds) / 1000 }

    /// The shortest exact form: `8d`, `90s`, `1500ms`, `0ms`.
    public var description: String {
        for u in [Unit.days, .hours, .minutes, .seconds] where milliseconds > 0 && milliseconds % u.milliseconds == 0 {
            return "\(milliseconds / u.milliseconds)\(u.rawValue)"
        }
        return "\(milliseconds)ms"
    }

    public static func < (a: PeerDuration, b: PeerDuration) -> Bool { a.milliseconds < b.milliseconds }
}

/// Text that is not a duration, or one above ``PeerDuration/max``.
public struct PeerDurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// Not digits with an optional fraction and unit.
        case notADuration
        /// Longer than ``PeerDuration/max``.
        case tooLong
    }
    /// The text as given.
    public var text: String
    /// What was wrong.
    public var reason: Reason

    /// For example "`1e300d` is not a duration (500ms, 30s, 10m, 2h, 8d)" or "`…` is longer than 36500d".
    public var description: String {
        switch reason {
        case .notADuration: "`\(text.prefix(40))` is not a duration (500ms, 30s, 10m, 2h, 8d, 1.5s)"
        case .tooLong: "`\(text.prefix(40))` is longer than the longest duration, \(PeerDuration.max)"
        }
    }
}
