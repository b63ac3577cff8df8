// Sources/RongPeer/Model/Stores/UltragroupStore.swift - ultragroup channels, read times, default levels and message changes

/// What the peer keeps about ultragroups besides their messages (PEER-UG-*): the channels each
/// ultragroup has, each user's read time per channel (`updUgRTime`), each channel's default
/// notification level (`ugUnpushSet`), and the log of message changes members pull after `s_cmd`
/// 7 (`qryMsgChange`): expansion, modification, recall. The only writer of them; the messages
/// themselves (content, expansion, recall marks) are ``MessageStore``'s.
struct UltragroupStore: Sendable {
    /// A message change as RongIMLib 5.7.2 numbers it (`changeType`, its enum at offset 48436):
    /// 1 expansion, 2 modification, 3 recall (4, a channel change, the peer does not make).
    enum ChangeType: Int32, Sendable {
        case expansion = 1
        case modification = 2
        case recall = 3
    }

    /// One entry of the change log (a MsgChange of `qryMsgChange`).
    struct Change: Sendable {
        /// When it happened: a message time (unique and increasing, PEER-MSG-003), so the log is
        /// in arrival order and a `syncTime` cursor never skips one.
        var time: Int64
        var type: ChangeType
        var uid: String
        /// The changed message's sent time.
        var msgTime: Int64
        var channel: UltragroupChannelKey
        var operatorId: String
    }

    /// A user's read time of a channel, and when it was set (a message time: the conversation's
    /// `versionTime` moves with it).
    struct ReadMark: Sendable {
        var time: Int64
        var changedAt: Int64
    }

    /// Why a channel is refused.
    enum ChannelRefusal: Error, Equatable {
        /// An id over 20 characters (000:9613).
        case invalidId
        /// Not one of the channels the fixture lists for the ultragroup.
        case unknown
        /// The ultragroup already has its most channels, 50 (000:12592).
        case tooMany
    }

    /// The NotificationLevel values (5.7.2's enum: -1 all messages, 0 not set, 1 @ messages,
    /// 2 @ of the user, 4 @ of everyone, 5 none): what `ugUnpushSet` takes.
    static let notificationLevels: Set<Int32> = [-1, 0, 1, 2, 4, 5]

    /// Channels each ultragroup has: the fixture's, or (when the fixture lists none) those used
    /// so far, at most ``PeerFixture/maxChannels`` (so a client cannot grow the model without
    /// bound). The default channel `""` is not counted.
    private(set) var channels: [String: Set<String>] = [:]
    /// Per user: their read time of each channel.
    private(set) var readMarks: [String: [UltragroupChannelKey: ReadMark]] = [:]
    /// Each channel's default notification level, once set.
    private(set) var defaultLevels: [UltragroupChannelKey: Int32] = [:]
    /// The change log, in time order.
    private(set) var changes: [Change] = []

    init(fixture: [String: PeerFixture.Group]) {
        for (id, g) in fixture where !g.channels.isEmpty { channels[id] = Set(g.channels) }
    }

    // MARK: Channels

    /// Takes `channel` for the fixture's ultragroup `group`: the default channel and a known one
    /// always; another is refused when the fixture lists the group's channels, and otherwise
    /// becomes one of its channels while there are fewer than 50.
    mutating func admit(_ channel: String, of group: PeerFixture.Group) throws(ChannelRefusal) {
        if channel.isEmpty { return }
        guard channel.count <= PeerFixture.maxChannelIdCharacters else { throw .invalidId }
        if !group.channels.isEmpty {
            guard group.channels.contains(channel) else { throw .unknown }
            return
        }
        if channels[group.id]?.contains(channel) == true { return }
        guard (channels[group.id]?.count ?? 0) < PeerFixture.maxChannels else { throw .tooMany }
        channels[group.id, default: []].insert(channel)
    }

    // MARK: Read state (`updUgRTime`)

    /// `user` read `key` up to `time` (a read time never goes back), at `changedAt`.
    mutating func markRead(user: String, _ key: UltragroupChannelKey, upTo time: Int64, at changedAt: Int64) {
        let old = readMarks[user]?[key]
        readMarks[user, default: [:]][key] = ReadMark(time: max(old?.time ?? 0, time), changedAt: changedAt)
    }

    /// The user's read mark of `key`, if they set one.
    func readMark(user: String, _ key: UltragroupChannelKey) -> ReadMark? { readMarks[user]?[key] }

    // MARK: Default notification levels (`ugUnpushSet`)

    /// Sets the default level of `key`; false for a value that is not a NotificationLevel.
    mutating func setDefaultLevel(_ key: UltragroupChannelKey, _ level: Int32) -> Bool {
        guard Self.notificationLevels.contains(level) else { return false }
        defaultLevels[key] = level
        return true
    }

    /// The default level of `key`, nil when never set.
    func defaultLevel(_ key: UltragroupChannelKey) -> Int32? { defaultLevels[key] }

    // MARK: Changes (`qryMsgChange`)

    /// Appends a change (its time is the newest message time handed out, so the log stays in
    /// order).
    mutating func record(_ change: Change) {
        changes.append(change)
    }

    /// The changes after `syncTime` in the ultragroups `isMember` accepts, oldest first, at
    /// most `limit`; and whether more remain.
    func changes(after syncTime: Int64, limit: Int, isMember: (String) -> Bool) -> (list: [Change], hasNext: Bool) {
        var lo = 0
        var hi = changes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if changes[mid].time <= syncTime { lo = mid + 1 } else { hi = mid }
        }
        var list: [Change] = []
        for c in changes[lo...] where isMember(c.channel.group) {
            if list.count == limit { return (list, true) }
            list.append(c)
        }
        return (list, false)
    }

    // MARK: Retention

    /// Changes older than `cut` go (ultragroup messages are kept 7 days; their changes with them).
    mutating func compact(before cut: Int64) {
        let n = changes.prefix { $0.time < cut }.count
        if n > 0 { changes.removeFirst(n) }
    }
}
