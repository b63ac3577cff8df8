// Sources/RongPeer/Model/PeerFixture+QuietHours.swift - a user's daily quiet hours (global do-not-disturb)

import RongSupport
import Yams

extension PeerFixture {
    /// A user's quiet hours: one window a day in which offline messages produce no push
    /// (000:5831-5850, 15167-15169; `startTime` `HH:MM:SS` and `spanMins` 1-1439, 000:15209-15213).
    /// The Web engine has no request that sets them, so the fixture does (PEER-CONV-005).
    public struct QuietHours: Sendable, Hashable {
        /// What still pushes inside the window (`RCPushNotificationQuietHoursLevel`, protocol-rules.md § 12).
        public enum Level: String, Sendable, Hashable, CaseIterable {
            /// @-mentions of the user still push (level 1; "@ messages are high priority", 000:5849).
            case mention
            /// Nothing pushes (level 5).
            case blocked
        }

        /// The window's start, seconds after midnight UTC.
        public var startSecond: Int
        /// The window's length in minutes, 1-1439.
        public var spanMinutes: Int
        /// What still pushes inside it.
        public var level: Level

        /// Quiet hours from `startSecond` (after midnight UTC) lasting `spanMinutes` (1-1439).
        public init(startSecond: Int, spanMinutes: Int, level: Level = .mention) {
            self.startSecond = startSecond
            self.spanMinutes = spanMinutes
            self.level = level
        }

        /// Whether the window, repeated every day, covers the time `ms` (ms since 1970, UTC). The
        /// last minute counts whole: "start 00:00:00, 1439 minutes" is the seed's "all day"
        /// (000:15166), so the window runs from `start` to the end of minute `start + spanMins`.
        public func covers(_ ms: Int64) -> Bool {
            let day: Int64 = 86_400
            let secondOfDay = ((ms / 1000) % day + day) % day
            let sinceStart = ((secondOfDay - Int64(startSecond)) % day + day) % day
            return sinceStart < (Int64(spanMinutes) + 1) * 60
        }

        /// `HH:MM:SS` of the start.
        public var startText: String {
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            return "\(two(startSecond / 3600)):\(two(startSecond / 60 % 60)):\(two(startSecond % 60))"
        }

        /// The fixture form, `{start: "22:00:00", spanMins: 480, level: mention}`.
        var yamlText: String { "{start: \"\(startText)\", spanMins: \(spanMinutes), level: \(level.rawValue)}" }
    }

    /// `quietHours: {start: "HH:MM:SS", spanMins: 1-1439, level: mention | blocked}`.
    static func loadQuietHours(_ node: Node, _ r: StrictYAMLReader) throws(LoadError) -> QuietHours {
        var start: Int?
        var span: Int?
        var level = QuietHours.Level.mention
        for e in try r.mapping(node, "`quietHours`", allowed: ["start", "spanMins", "level"]) {
            switch e.key {
            case "start":
                let text = try r.string(e.value, "`start`")
                guard let parts = TextFields(text, separator: ":").exactly(3), parts.allSatisfy({ $0.count == 2 }),
                    let h = Int(parts[0]), let m = Int(parts[1]), let s = Int(parts[2]), (0..<24).contains(h), (0..<60).contains(m), (0..<60).contains(s)
                else { throw r.error(e.value, "`start` must be a time HH:MM:SS (000:15209-15213), not \(text)") }
                start = h * 3600 + m * 60 + s
            case "spanMins":
                let n = try r.integer(e.value, "`spanMins`")
                guard (1...1439).contains(n) else { throw r.error(e.value, "`spanMins` must be 1-1439 (000:15209-15213), not \(n)") }
                span = n
            default:
                level = try r.choice(e.value, "`level`")
            }
        }
        guard let start, let span else { throw r.error(node, "`quietHours` needs `start` and `spanMins`") }
        return QuietHours(startSecond: start, spanMinutes: span, level: level)
    }
}
