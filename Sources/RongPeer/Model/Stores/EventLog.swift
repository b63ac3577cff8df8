// Sources/RongPeer/Model/Stores/EventLog.swift - what /state shows of the past: the push log and the latest events

/// The pushes the service would have sent (PEER-PUSH-001, PEER-CONV-006) and the peer's latest
/// event lines (PEER-OBS-001), each kept up to a limit, oldest first. The only writer of them.
struct EventLog: Sendable {
    /// How many push records and events /state keeps.
    static let pushLimit = 1000
    static let eventLimit = 200
    /// The longest event line kept, in bytes (a longer one is cut, with `…`).
    static let eventBytes = 512

    private(set) var pushes: [PeerModel.PushRecord] = []
    /// Pushes that went out.
    private(set) var pushCount = 0
    /// Pushes do-not-disturb held back (in the log with `skipped`, not in `pushCount`).
    private(set) var pushSkipped = 0
    private(set) var events: [String] = []

    /// Records a push (or a held-back one: `skipped`).
    mutating func recordPush(_ r: PeerModel.PushRecord) {
        if r.skipped == nil { pushCount += 1 } else { pushSkipped += 1 }
        pushes.append(r)
        if pushes.count > Self.pushLimit { pushes.removeFirst(pushes.count - Self.pushLimit) }
    }

    /// Records an event line, stamped `millis`. Lines quote what clients sent (topics, ids): each
    /// is cut at ``eventBytes``.
    mutating func recordEvent(_ text: String, at millis: Int64) {
        var line = "\(millis) \(text)"
        if line.utf8.count > Self.eventBytes {
            line = String(decoding: line.utf8.prefix(Self.eventBytes), as: UTF8.self) + "…"
        }
        events.append(line)
        if events.count > Self.eventLimit { events.removeFirst(events.count - Self.eventLimit) }
    }
}
