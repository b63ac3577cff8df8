// Sources/RongPeer/Model/Stores/ChatroomStore.swift - chatrooms: members, KV, controls, kept messages, dispatch

/// The peer's chatrooms (PEER-CHRM-*, PEER-PRIO-*): each room's members, KV entries, member
/// controls (mute, ban, distribution), latest messages and dispatch counts. The only writer of
/// them; joins and KV changes get an arrival number, which orders what shares a millisecond
/// (PEER-ORDER-001).
struct ChatroomStore: Sendable {
    /// A member's join: its time and arrival number.
    struct Membership: Sendable, Equatable {
        var joined: Int64
        var order: UInt64
    }

    /// A KV entry as set (ChrmKVEntity's fields), with the arrival number of its last change.
    struct Entry: Sendable, Equatable {
        var key: String
        var value: String
        var status: Int32
        /// The user who set it.
        var uid: String
        var timestamp: Int64
        var order: UInt64

        var isRemoved: Bool { status & EntryBits.delete != 0 }
    }

    /// ChrmKVEntity status bits (ENGINE lines 3285-3322, 1310-1317).
    enum EntryBits {
        static let autoDelete: Int32 = 0x01
        static let overwrite: Int32 = 0x02
        static let delete: Int32 = 0x04
    }

    /// One of a room's latest messages: what a pull filters on, so it looks up only the
    /// messages it returns (a live room's members pull after every message).
    struct Recent: Sendable {
        var time: Int64
        var uid: String
        /// The connection that sent it: not returned to that connection's pulls.
        var origin: ConnectionID
        var sender: String
        /// It has the mention bit, so each member's copy is its own (the `mentioned` status).
        var mentions = false
        /// What it adds to a reply (``PeerModel/replySize(_:)`` when it was sent).
        var size = 0
    }

    /// A room's newest message waiting for the room's next announcement (PEER-CHRM-014).
    struct HeldAnnouncement: Sendable, Equatable {
        var time: Int64
        var sender: String
    }

    /// Priority class of a chatroom message (PEER-PRIO-001).
    enum DispatchClass: Int, Sendable {
        case high = 0
        case low = 1
    }

    /// What one room dispatched and discarded, and when it dispatched in the last second.
    struct DispatchState: Sendable {
        /// Dispatched, by class (high, low).
        var dispatched = [0, 0]
        /// Discarded, by class (high stays 0: the rule, counted so /state shows it).
        var discarded = [0, 0]
        /// Times of the dispatches within the last second, oldest first from `head`.
        var window: [Int64] = []
        var head = 0

        /// Drops the window's entries older than a second before `t`; the count left.
        mutating func inWindow(at t: Int64) -> Int {
            while head < window.count && window[head] <= t - 1000 { head += 1 }
            if head > 1024 && head * 2 > window.count {
                window.removeFirst(head)
                head = 0
            }
            return window.count - head
        }
    }

    struct Chatroom: Sendable {
        /// A fixture room stays when its last member leaves; a room created by a join goes, with
        /// its KV (PEER-CHRM-005).
        var persistent = false
        /// Members at most (the fixture's `maxMembers`); nil: no limit (PEER-CHRM-005).
        var maxMembers: Int?
        fileprivate(set) var members: [String: Membership] = [:]
        /// The members' ids in order, kept with `members` (a live room's every message goes to
        /// all of them; sorting a thousand ids per message showed in the profile).
        fileprivate(set) var memberIds: [String] = []
        /// Muted members → until when (ms; `Int64.max`: until unmuted) (PEER-CHRM-010).
        var muted: [String: Int64] = [:]
        /// Banned users → until when (ms) (PEER-CHRM-011).
        var banned: [String: Int64] = [:]
        /// Messages are acknowledged and go nowhere (PEER-CHRM-012).
        var distributionStopped = false
        /// The latest messages, oldest first (at most `chatroomRecent`); their times increase
        /// strictly (``PeerModel/nextMessageTime()``), so a pull finds its start by bisection.
        var recent: [Recent] = []
        /// KV entries by key, removed ones kept (status bit 0x04) so an incremental pull reports
        /// the removal (PEER-CHRM-004).
        var entries: [String: Entry] = [:]
        /// What the room dispatched and discarded (PEER-PRIO-*).
        var dispatch = DispatchState()
        /// When its messages were last announced to the members (PEER-CHRM-014).
        var lastAnnounced: Int64?
        /// The newest message not announced yet because it came within the notice interval of
        /// the last announcement.
        var heldAnnouncement: HeldAnnouncement?
        /// The RTC room bound to it (`setRtcRoomId`, PEER-QUERY-001); nil: none.
        var rtcRoomId: String?

        /// Where `user` is, or would be, in ``memberIds``.
        fileprivate func memberIndex(_ user: String) -> Int {
            var lo = 0, hi = memberIds.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if memberIds[mid] < user { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        /// The entries not removed.
        var liveKeys: Int { entries.values.filter { !$0.isRemoved }.count }
    }

    /// Keys a room holds at most (23423; protocol-rules.md § 10.1, 000:12195-12480).
    static let maxKeys = 100
    /// The longest key, in characters.
    static let maxKeyLength = 128
    /// The longest value, in characters.
    static let maxValueLength = 4096
    /// Removed entries a room remembers for incremental pulls (PEER-CHRM-004); the oldest go
    /// first, so a client churning distinct keys cannot grow a room without bound.
    static let maxRemovedEntries = 1000

    private(set) var rooms: [String: Chatroom] = [:]
    /// Rooms holding an announcement, so that releasing them reads no other room.
    private(set) var roomsHoldingAnnouncements: Set<String> = []
    private var lastOrder: UInt64 = 0

    /// The fixture's rooms, which stay when empty.
    init(fixtureRooms: some Sequence<String>, maxMembers: [String: Int]) {
        for id in fixtureRooms { rooms[id] = Chatroom(persistent: true, maxMembers: maxMembers[id]) }
    }

    private mutating func nextOrder() -> UInt64 {
        lastOrder += 1
        return lastOrder
    }

    subscript(_ room: String) -> Chatroom? { rooms[room] }

    /// Whether `user` is a member of `room`.
    func isMember(_ user: String, of room: String) -> Bool { rooms[room]?.members[user] != nil }

    /// The rooms `user` is in, the earliest joined first: join time, then join order.
    func rooms(of user: String) -> [(room: String, membership: Membership)] {
        rooms.compactMap { id, r in r.members[user].map { (id, $0) } }.sorted { ($0.1.joined, $0.1.order) < ($1.1.joined, $1.1.order) }
    }

    /// The room's members by join time, then join order (PEER-ORDER-002).
    func membersByJoin(_ room: String) -> [(user: String, joined: Int64)] {
        (rooms[room]?.members ?? [:]).sorted { ($0.value.joined, $0.value.order) < ($1.value.joined, $1.value.order) }.map { ($0.key, $0.value.joined) }
    }

    // MARK: Joining and leaving (PEER-CHRM-001, -003, -005, -006)

    /// A room a join creates: it ends with its last member.
    mutating func create(_ room: String) {
        rooms[room] = Chatroom()
    }

    /// `user` joins `room` at `time`.
    mutating func join(_ room: String, user: String, at time: Int64) {
        if rooms[room]!.members.updateValue(Membership(joined: time, order: nextOrder()), forKey: user) == nil {
            rooms[room]!.memberIds.insert(user, at: rooms[room]!.memberIndex(user))
        }
    }

    /// `user` leaves `room` at `time`: the KV entries they set with auto-delete are removed
    /// (stamped `time`, in the order they were set). Nil when they were not a member, else how
    /// many entries went.
    mutating func leave(_ room: String, user: String, at time: Int64) -> Int? {
        guard rooms[room]?.members.removeValue(forKey: user) != nil else { return nil }
        rooms[room]!.memberIds.remove(at: rooms[room]!.memberIndex(user))
        let owned = rooms[room]!.entries.values.filter { e in
            e.uid == user && e.status & EntryBits.autoDelete != 0 && !e.isRemoved
        }
        for e in owned.sorted(by: { $0.order < $1.order }) {
            var gone = e
            gone.value = ""
            gone.status = e.status | EntryBits.delete
            gone.timestamp = time
            gone.order = nextOrder()
            rooms[room]!.entries[e.key] = gone
        }
        if !owned.isEmpty { pruneRemovedEntries(room) }
        return owned.count
    }

    /// Ends `room` if it has no member and a join created it; true when it ended.
    mutating func endIfAbandoned(_ room: String) -> Bool {
        guard let r = rooms[room], r.members.isEmpty, !r.persistent else { return false }
        rooms[room] = nil
        return true
    }

    // MARK: Member controls (PEER-CHRM-010 to -012)

    /// Mutes `user` in `room` until `until` (ms; `Int64.max`: until unmuted); nil lifts it.
    mutating func setMute(_ room: String, user: String, until: Int64?) {
        rooms[room]!.muted[user] = until
    }

    /// Bans `user` from `room` until `until` (ms); nil lifts it.
    mutating func setBan(_ room: String, user: String, until: Int64?) {
        rooms[room]!.banned[user] = until
    }

    /// Whether `user` is muted in `room` at `t`; a mute that ran out is lifted.
    mutating func isMuted(_ user: String, in room: String, at t: Int64) -> Bool {
        guard let until = rooms[room]?.muted[user] else { return false }
        if until > t { return true }
        rooms[room]!.muted[user] = nil
        return false
    }

    /// When `user`'s ban from `room` ends, if it is in force at `t`; a ban that ran out is lifted
    /// when `lifting`.
    mutating func ban(of user: String, in room: String, at t: Int64, lifting: Bool) -> Int64? {
        guard let until = rooms[room]?.banned[user] else { return nil }
        if until > t { return until }
        if lifting { rooms[room]!.banned[user] = nil }
        return nil
    }

    /// Binds the RTC room `rtcRoomId` to `room` (the latest binding stays).
    mutating func bindRTCRoom(_ room: String, _ rtcRoomId: String) {
        rooms[room]!.rtcRoomId = rtcRoomId
    }

    /// Stops (or resumes) the room's distribution.
    mutating func setDistribution(_ room: String, stopped: Bool) {
        rooms[room]!.distributionStopped = stopped
    }

    // MARK: Messages (PEER-CHRM-002, PEER-PRIO-*)

    /// A message among the room's latest, of which it keeps `keep`.
    mutating func keep(_ m: Recent, in room: String, recent keep: Int) {
        rooms[room]!.recent.append(m)
        if rooms[room]!.recent.count > keep { rooms[room]!.recent.removeFirst(rooms[room]!.recent.count - keep) }
    }

    /// Whether a message that arrived at `t` is announced now (true: the room's last
    /// announcement was `interval` ms ago or more, or `interval` is 0), or held for the next
    /// announcement (false; the newest held message is kept) (PEER-CHRM-014).
    mutating func announce(_ room: String, time: Int64, sender: String, at t: Int64, interval: Int64) -> Bool {
        guard interval > 0, rooms[room] != nil else { return true }
        if let last = rooms[room]!.lastAnnounced, t - last < interval {
            if (rooms[room]!.heldAnnouncement?.time ?? .min) < time { rooms[room]!.heldAnnouncement = HeldAnnouncement(time: time, sender: sender) }
            roomsHoldingAnnouncements.insert(room)
            return false
        }
        rooms[room]!.lastAnnounced = t
        rooms[room]!.heldAnnouncement = nil
        roomsHoldingAnnouncements.remove(room)
        return true
    }

    /// When the earliest held announcement is due, or nil.
    func nextAnnouncement(interval: Int64) -> Int64? {
        // Asked after every turn of the core: no array on the way.
        roomsHoldingAnnouncements.lazy.compactMap { self.rooms[$0]?.lastAnnounced.map { $0 + interval } }.min()
    }

    /// The held announcements due at `t`, taken out and recorded as made, by room id.
    mutating func dueAnnouncements(at t: Int64, interval: Int64) -> [(room: String, held: HeldAnnouncement)] {
        guard !roomsHoldingAnnouncements.isEmpty else { return [] }
        var due: [(room: String, held: HeldAnnouncement)] = []
        for room in roomsHoldingAnnouncements.sorted() {
            guard rooms[room] != nil, let held = rooms[room]!.heldAnnouncement else {
                roomsHoldingAnnouncements.remove(room)
                continue
            }
            if let last = rooms[room]!.lastAnnounced, t - last < interval { continue }
            rooms[room]!.lastAnnounced = t
            rooms[room]!.heldAnnouncement = nil
            roomsHoldingAnnouncements.remove(room)
            due.append((room, held))
        }
        return due
    }

    /// Whether a message of class `cls` is dispatched to the room's members at `t` (true), or
    /// discarded because the room dispatched `capacity` within the last second (false): only a
    /// low-priority message from a user off the whitelist is ever discarded. Counted either way.
    mutating func admit(_ room: String, _ cls: DispatchClass, whitelisted: Bool, capacity: Int?, at t: Int64) -> Bool {
        guard rooms[room] != nil else { return true }
        var admitted = true
        if let capacity {
            let busy = rooms[room]!.dispatch.inWindow(at: t) >= capacity
            if busy && cls == .low && !whitelisted {
                admitted = false
            } else {
                rooms[room]!.dispatch.window.append(t)
            }
        }
        if admitted {
            rooms[room]!.dispatch.dispatched[cls.rawValue] += 1
        } else {
            rooms[room]!.dispatch.discarded[cls.rawValue] += 1
        }
        return admitted
    }

    // MARK: KV (PEER-CHRM-004, -007, -008)

    /// Whether `key` is 1-128 characters of `[A-Za-z0-9+=_-]`.
    static func isKey(_ key: String) -> Bool {
        let bytes = key.utf8
        guard (1...maxKeyLength).contains(bytes.count) else { return false }
        return bytes.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2B || b == 0x3D || b == 0x5F || b == 0x2D
        }
    }

    /// The entry of `key` in `room`, unless it was removed.
    func liveEntry(_ room: String, _ key: String) -> Entry? {
        rooms[room]?.entries[key].flatMap { $0.isRemoved ? nil : $0 }
    }

    /// Why `user` may not set (or, with bit 0x04, remove) `key` in `room` now, or nil. In order:
    /// not a member 23406; a bad key or a value over 4,096 characters 23412; removing a key the
    /// room does not hold 23427; changing another user's key without the overwrite bit 23424; a
    /// new key in a room with 100 23423 (RUST's codes, official-sdks.md § 7; protocol-rules.md
    /// § 10.1).
    func refusal(_ room: String, user: String, key: String, value: String, status: Int32) -> UInt16? {
        guard let r = rooms[room], r.members[user] != nil else { return PeerStatus.notInChatroom }
        guard Self.isKey(key) else { return PeerStatus.chatroomInvalidParameter }
        let removing = status & EntryBits.delete != 0
        if !removing && value.unicodeScalars.count > Self.maxValueLength { return PeerStatus.chatroomInvalidParameter }
        let current = liveEntry(room, key)
        if removing && current == nil { return PeerStatus.chatroomKeyNotExist }
        if let current, current.uid != user, status & EntryBits.overwrite == 0 { return PeerStatus.chatroomKeyNotOwned }
        if !removing && current == nil && r.liveKeys >= Self.maxKeys { return PeerStatus.chatroomKeyCountExceeded }
        return nil
    }

    /// Sets (or, with bit 0x04, removes) `key` as `user` at `time`: the entry keeps the status
    /// bits it was set with (0x01, 0x02, 0x04), and a removal an empty value.
    mutating func setEntry(_ room: String, user: String, key: String, value: String, status: Int32, at time: Int64) -> Entry {
        let removing = status & EntryBits.delete != 0
        let entry = Entry(
            key: key, value: removing ? "" : value, status: status & (EntryBits.autoDelete | EntryBits.overwrite | EntryBits.delete), uid: user,
            timestamp: time, order: nextOrder())
        rooms[room]!.entries[key] = entry
        return entry
    }

    /// With `time` 0 every entry the room holds, else every change at or after `time` (removals
    /// included), in the order of the changes: time, then arrival (PEER-ORDER-002).
    func entries(_ room: String, since time: Int64) -> [Entry] {
        let all = (rooms[room]?.entries ?? [:]).values
        let picked = time == 0 ? all.filter { !$0.isRemoved } : all.filter { $0.timestamp >= time }
        return picked.sorted { ($0.timestamp, $0.order) < ($1.timestamp, $1.order) }
    }

    /// Forgets the oldest removed entries beyond ``maxRemovedEntries``.
    mutating func pruneRemovedEntries(_ room: String) {
        guard let entries = rooms[room]?.entries else { return }
        let removed = entries.values.filter(\.isRemoved)
        guard removed.count > Self.maxRemovedEntries else { return }
        for e in removed.sorted(by: { ($0.timestamp, $0.order) < ($1.timestamp, $1.order) }).prefix(removed.count - Self.maxRemovedEntries) {
            rooms[room]!.entries[e.key] = nil
        }
    }
}
