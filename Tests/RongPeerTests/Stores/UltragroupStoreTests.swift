// Tests/RongPeerTests/Stores/UltragroupStoreTests.swift - the ultragroup store's rules: channels, read times, default levels, the change log

import Testing

@testable import RongPeer

@Suite("Ultragroup store")
struct UltragroupStoreTests {
    typealias Key = UltragroupChannelKey
    typealias Change = UltragroupStore.Change

    static let listed = PeerFixture.Group(id: "guild", members: ["alice", "bob"], channels: ["ch1", "ch2"])
    static let open = PeerFixture.Group(id: "open", members: ["alice"])

    @Test("a listed ultragroup takes its channels and the default one; another id is unknown, one over 20 characters invalid")
    func listedChannels() throws {
        var s = UltragroupStore(fixture: ["guild": Self.listed])
        try s.admit("ch1", of: Self.listed)
        try s.admit("", of: Self.listed)
        #expect(throws: UltragroupStore.ChannelRefusal.unknown) { try s.admit("ch3", of: Self.listed) }
        #expect(throws: UltragroupStore.ChannelRefusal.invalidId) { try s.admit(String(repeating: "c", count: 21), of: Self.listed) }
        #expect(s.channels["guild"] == ["ch1", "ch2"])
    }

    @Test("an ultragroup without listed channels takes any, up to 50 (the default channel not counted)")
    func openChannels() throws {
        var s = UltragroupStore(fixture: ["open": Self.open])
        #expect(s.channels["open"] == nil)
        for i in 0..<PeerFixture.maxChannels { try s.admit("c\(i)", of: Self.open) }
        try s.admit("c0", of: Self.open)
        try s.admit("", of: Self.open)
        #expect(throws: UltragroupStore.ChannelRefusal.tooMany) { try s.admit("c50", of: Self.open) }
        #expect(s.channels["open"]?.count == 50)
        #expect(throws: UltragroupStore.ChannelRefusal.invalidId) { try s.admit(String(repeating: "x", count: 21), of: Self.open) }
    }

    @Test("a read time never goes back; the mark keeps when it was last set")
    func readMarks() {
        var s = UltragroupStore(fixture: [:])
        let k = Key(group: "guild", channel: "ch1")
        #expect(s.readMark(user: "bob", k) == nil)
        s.markRead(user: "bob", k, upTo: 100, at: 200)
        s.markRead(user: "bob", k, upTo: 50, at: 300)
        #expect(s.readMark(user: "bob", k)?.time == 100)
        #expect(s.readMark(user: "bob", k)?.changedAt == 300)
        #expect(s.readMark(user: "alice", k) == nil, "per user")
        #expect(s.readMark(user: "bob", Key(group: "guild", channel: "")) == nil, "per channel")
    }

    @Test("default levels take the NotificationLevel values only", arguments: [Int32(-1), 0, 1, 2, 4, 5])
    func levels(_ level: Int32) {
        var s = UltragroupStore(fixture: [:])
        let k = Key(group: "guild", channel: "ch1")
        let taken = s.setDefaultLevel(k, level)
        #expect(taken)
        #expect(s.defaultLevel(k) == level)
        let refused = [Int32(3), 6, -2].map { s.setDefaultLevel(k, $0) }
        #expect(refused == [false, false, false])
        #expect(s.defaultLevel(k) == level, "a refused value changes nothing")
        #expect(s.defaultLevel(Key(group: "guild", channel: "ch2")) == nil)
    }

    @Test("changes after a time, oldest first, in the user's ultragroups, paged; retention drops old ones")
    func changeLog() {
        var s = UltragroupStore(fixture: [:])
        let a = Key(group: "guild", channel: "ch1")
        let b = Key(group: "other", channel: "")
        for t in Int64(1)...5 {
            s.record(Change(time: t * 10, type: t == 3 ? .recall : .modification, uid: "U\(t)", msgTime: t, channel: t.isMultiple(of: 2) ? b : a, operatorId: "alice"))
        }
        let mine = s.changes(after: 0, limit: 100) { $0 == "guild" }
        #expect(mine.list.map(\.uid) == ["U1", "U3", "U5"] && !mine.hasNext)
        #expect(mine.list.map(\.type.rawValue) == [2, 3, 2])
        let page = s.changes(after: 10, limit: 2) { _ in true }
        #expect(page.list.map(\.uid) == ["U2", "U3"] && page.hasNext)
        let next = s.changes(after: page.list.last!.time, limit: 2) { _ in true }
        #expect(next.list.map(\.uid) == ["U4", "U5"] && !next.hasNext)
        #expect(s.changes(after: 50, limit: 2) { _ in true }.list.isEmpty)
        s.compact(before: 31)
        #expect(s.changes.map(\.uid) == ["U4", "U5"])
    }

    @Test("channel keys read group/channel and sort by group, then channel")
    func keys() {
        #expect(Key(group: "guild", channel: "ch1").description == "guild/ch1")
        #expect(Key(group: "guild", channel: "").description == "guild/")
        #expect([Key(group: "b", channel: "a"), Key(group: "a", channel: "z"), Key(group: "a", channel: "")].sorted().map(\.description) == ["a/", "a/z", "b/a"])
    }
}
