// Tests/RongPeerTests/Stores/ChatroomStoreTests.swift - the chatroom store's rules: membership, KV, controls, dispatch

import RongSupport
import Testing

@testable import RongPeer

@Suite("Chatroom store")
struct ChatroomStoreTests {
    typealias Bits = ChatroomStore.EntryBits

    /// `lobby` from the fixture with alice and bob; alice set `seat` (auto-delete) and `title`.
    static func store() -> ChatroomStore {
        var s = ChatroomStore(fixtureRooms: ["lobby"], maxMembers: [:])
        s.join("lobby", user: "alice", at: 10)
        s.join("lobby", user: "bob", at: 10)
        _ = s.setEntry("lobby", user: "alice", key: "seat", value: "3", status: Bits.autoDelete, at: 20)
        _ = s.setEntry("lobby", user: "alice", key: "title", value: "t", status: 0, at: 20)
        return s
    }

    @Test("members by join time, then join order; a user's rooms the earliest joined first")
    func membership() {
        var s = Self.store()
        s.create("party")
        s.join("party", user: "alice", at: 10)
        #expect(s.membersByJoin("lobby").map(\.user) == ["alice", "bob"])
        #expect(s.rooms(of: "alice").map(\.room) == ["lobby", "party"])
        #expect(s.isMember("bob", of: "lobby") && !s.isMember("bob", of: "party"))
    }

    @Test("leaving removes the member's auto-delete keys, stamped, in the order they were set; a created room ends when empty")
    func leaving() {
        var s = Self.store()
        _ = s.setEntry("lobby", user: "alice", key: "mic", value: "on", status: Bits.autoDelete | Bits.overwrite, at: 20)
        let r1 = s.leave("lobby", user: "alice", at: 30) == 2
        #expect(r1)
        let r2 = s.leave("lobby", user: "alice", at: 30) == nil
        #expect(r2, "not a member any more")
        #expect(s.entries("lobby", since: 30).map(\.key) == ["seat", "mic"])
        #expect(s.entries("lobby", since: 30).allSatisfy { $0.isRemoved && $0.value.isEmpty && $0.timestamp == 30 })
        #expect(s.entries("lobby", since: 30).last?.status == Bits.autoDelete | Bits.overwrite | Bits.delete, "the bits it was set with stay")
        #expect(s.entries("lobby", since: 0).map(\.key) == ["title"])
        let r3 = s.leave("lobby", user: "bob", at: 31) == 0
        #expect(r3)
        let r4 = !s.endIfAbandoned("lobby") && s["lobby"] != nil
        #expect(r4, "a fixture room stays")
        s.create("party")
        s.join("party", user: "carol", at: 40)
        let r5 = !s.endIfAbandoned("party")
        #expect(r5, "a member is left")
        _ = s.leave("party", user: "carol", at: 41)
        let r6 = s.endIfAbandoned("party") && s["party"] == nil
        #expect(r6)
    }

    @Test("KV refusals in order: member, key and value, missing key, owner, count")
    func refusals() {
        var s = Self.store()
        #expect(s.refusal("lobby", user: "carol", key: "a b", value: "", status: 0) == PeerStatus.notInChatroom)
        #expect(s.refusal("lobby", user: "bob", key: "a b", value: "", status: 0) == PeerStatus.chatroomInvalidParameter)
        #expect(s.refusal("lobby", user: "bob", key: "k", value: String(repeating: "v", count: 4097), status: 0) == PeerStatus.chatroomInvalidParameter)
        #expect(s.refusal("lobby", user: "bob", key: "k", value: String(repeating: "v", count: 4097), status: Bits.delete) == PeerStatus.chatroomKeyNotExist)
        #expect(s.refusal("lobby", user: "bob", key: "title", value: "x", status: 0) == PeerStatus.chatroomKeyNotOwned)
        #expect(s.refusal("lobby", user: "bob", key: "title", value: "x", status: Bits.overwrite) == nil)
        #expect(s.refusal("lobby", user: "alice", key: "title", value: "", status: Bits.delete) == nil)
        for i in 0..<98 { _ = s.setEntry("lobby", user: "bob", key: "k\(i)", value: "v", status: 0, at: 25) }
        #expect(s.refusal("lobby", user: "bob", key: "new", value: "v", status: 0) == PeerStatus.chatroomKeyCountExceeded)
        #expect(s.refusal("lobby", user: "bob", key: "k1", value: "w", status: 0) == nil, "a change of a held key is not new")
        #expect(!ChatroomStore.isKey("") && !ChatroomStore.isKey(String(repeating: "k", count: 129)) && ChatroomStore.isKey("Ab0+=_-"))
    }

    @Test("pullKV: every live entry, or every change since a time, by time then change order")
    func entries() {
        var s = Self.store()
        _ = s.setEntry("lobby", user: "bob", key: "alpha", value: "1", status: 0, at: 20)
        _ = s.setEntry("lobby", user: "alice", key: "seat", value: "", status: Bits.delete, at: 25)
        _ = s.setEntry("lobby", user: "alice", key: "title", value: "u", status: 0, at: 25)
        #expect(s.entries("lobby", since: 0).map(\.key) == ["alpha", "title"])
        #expect(s.entries("lobby", since: 25).map(\.key) == ["seat", "title"])
        #expect(s.liveEntry("lobby", "seat") == nil && s.liveEntry("lobby", "title")?.value == "u")
        #expect(s["lobby"]?.liveKeys == 2)
    }

    @Test("removed entries beyond 1,000 go, the oldest first")
    func pruning() {
        var s = Self.store()
        for i in 0..<1001 {
            _ = s.setEntry("lobby", user: "bob", key: "k\(i)", value: "", status: Bits.delete, at: 100)
        }
        s.pruneRemovedEntries("lobby")
        #expect(s["lobby"]?.entries["k0"] == nil && s["lobby"]?.entries["k1"] != nil && s["lobby"]?.entries["k1000"] != nil)
        #expect(s["lobby"]?.entries.values.filter(\.isRemoved).count == ChatroomStore.maxRemovedEntries)
    }

    @Test("a mute or ban holds until its time; a run-out mute is lifted when read, a ban only when lifting")
    func controls() {
        var s = Self.store()
        s.setMute("lobby", user: "bob", until: 100)
        let r7 = s.isMuted("bob", in: "lobby", at: 99)
        #expect(r7)
        let r8 = !s.isMuted("bob", in: "lobby", at: 100) && s["lobby"]?.muted["bob"] == nil
        #expect(r8)
        s.setBan("lobby", user: "carol", until: 100)
        let r9 = s.ban(of: "carol", in: "lobby", at: 99, lifting: true) == 100
        #expect(r9)
        let r10 = s.ban(of: "carol", in: "lobby", at: 100, lifting: false) == nil && s["lobby"]?.banned["carol"] == 100
        #expect(r10)
        let r11 = s.ban(of: "carol", in: "lobby", at: 100, lifting: true) == nil && s["lobby"]?.banned["carol"] == nil
        #expect(r11)
        s.setDistribution("lobby", stopped: true)
        #expect(s["lobby"]?.distributionStopped == true)
    }

    @Test("dispatch: past the capacity only low-priority messages off the whitelist are discarded")
    func dispatch() {
        var s = Self.store()
        let r12 = s.admit("lobby", .low, whitelisted: false, capacity: 2, at: 1000)
        #expect(r12)
        let r13 = s.admit("lobby", .high, whitelisted: false, capacity: 2, at: 1000)
        #expect(r13)
        let r14 = !s.admit("lobby", .low, whitelisted: false, capacity: 2, at: 1999)
        #expect(r14)
        let r15 = s.admit("lobby", .low, whitelisted: true, capacity: 2, at: 1999)
        #expect(r15)
        let r16 = s.admit("lobby", .high, whitelisted: false, capacity: 2, at: 1999)
        #expect(r16)
        let r17 = s.admit("lobby", .low, whitelisted: false, capacity: 2, at: 3000)
        #expect(r17, "a second later")
        let r18 = s.admit("lobby", .low, whitelisted: false, capacity: nil, at: 3000)
        #expect(r18)
        #expect(s["lobby"]?.dispatch.dispatched == [2, 4] && s["lobby"]?.dispatch.discarded == [0, 1])
    }

    @Test("a room keeps its latest messages")
    func recent() {
        var s = Self.store()
        for i in 0..<5 { s.keep(.init(time: Int64(100 + i), uid: "m\(i)", origin: i % 2, sender: "alice"), in: "lobby", recent: 3) }
        #expect(s["lobby"]?.recent.map(\.uid) == ["m2", "m3", "m4"])
        #expect(s["lobby"]?.recent.map(\.time) == [102, 103, 104])
        #expect(s["lobby"]?.recent.map(\.origin) == [0, 1, 0])
    }

    /// The ids every message of the room goes to are kept in order with the members, not sorted
    /// per message: they must be exactly the members, sorted, after any joins and leaves.
    @Test("the member ids stay the sorted members through joins, rejoins and leaves", arguments: [1, 2, 3])
    func memberIdsFollowMembers(seed: UInt64) {
        var s = ChatroomStore(fixtureRooms: ["lobby"], maxMembers: [:])
        var rng = SplitMix64(seed: seed)
        for step in 0..<400 {
            let user = "u\(rng.next() % 40)"
            if rng.next() % 3 == 0 {
                _ = s.leave("lobby", user: user, at: Int64(step))
            } else {
                s.join("lobby", user: user, at: Int64(step))
            }
            let room = s["lobby"]!
            #expect(room.memberIds == room.members.keys.sorted(), "seed \(seed), step \(step)")
        }
    }
}
