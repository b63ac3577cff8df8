// Tests/RongPeerTests/Stores/ConversationStoreTests.swift - the conversation store's rules: unread, receipts, states, tags, removal

import RongCodec
import Testing

@testable import RongPeer

@Suite("Conversation store")
struct ConversationStoreTests {
    static let bob = ConversationKey(type: .private, target: "bob")
    static let team = ConversationKey(type: .group, target: "team")

    @Test("a read clears what came up to its time and keeps the latest read time; a recall clears everywhere")
    func unread() {
        var s = ConversationStore()
        for (t, uid) in [(Int64(10), "a"), (20, "b"), (30, "c")] { s.addUnread(user: "alice", Self.bob, time: t, uid: uid) }
        s.addUnread(user: "carol", Self.team, time: 25, uid: "b")
        s.markRead(user: "alice", Self.bob, upTo: 20)
        s.markRead(user: "alice", Self.bob, upTo: 15)
        #expect(s.unreadState(of: "alice", Self.bob)?.pending.map(\.uid) == ["c"])
        #expect(s.unreadState(of: "alice", Self.bob)?.readTime == 20, "an earlier read does not go back")
        s.forgetUnread(uid: "b")
        #expect(s.unreadTotal(of: "carol") == 0 && s.unreadTotal(of: "alice") == 1)
    }

    @Test("readers come by read time, then in the order their reads came; a second read replaces the first")
    func readers() {
        var s = ConversationStore()
        let key = ReceiptKey.message(uid: "m")
        s.recordRead(key, reader: "zed", time: 5)
        s.recordRead(key, reader: "carol", time: 5)
        s.recordRead(key, reader: "bob", time: 3)
        #expect(s.readers(of: key).map(\.reader) == ["bob", "zed", "carol"])
        s.recordRead(key, reader: "zed", time: 5)
        #expect(s.readers(of: key).map(\.reader) == ["bob", "carol", "zed"])
        #expect(s.readers(of: .message(uid: "other")).isEmpty)
    }

    @Test("receipts go with their messages at compaction; private read times stay, and so do requests for held messages")
    func compaction() {
        var s = ConversationStore()
        s.recordRead(.message(uid: "gone"), reader: "bob", time: 1)
        s.recordRead(.message(uid: "kept"), reader: "bob", time: 1)
        s.recordRead(.privateChat(sender: "alice", reader: "bob"), reader: "bob", time: 1)
        s.requestReceipts(uid: "gone", requester: "alice")
        s.requestReceipts(uid: "kept", requester: "alice")
        s.compact { $0 == "kept" }
        #expect(Set(s.receipts.keys) == [.message(uid: "kept"), .privateChat(sender: "alice", reader: "bob")])
        #expect(s.requester(of: "gone") == nil && s.requester(of: "kept") == "alice")
    }

    @Test("setSeAtt merges items per kind, stamps the change; states come by change time, then change order")
    func states() {
        var s = ConversationStore()
        s.setStates(user: "alice", [(Self.bob, [.silent("1")]), (Self.team, [.top("1")])], at: 100)
        s.setStates(user: "alice", [(Self.bob, [.top("1"), .silent("0")])], at: 100)
        let all = s.states(of: "alice", changedSince: 0)
        #expect(all.map(\.key) == [Self.team, Self.bob], "bob changed last")
        #expect(all.last?.silent == "0" && all.last?.top == "1")
        #expect(s.states(of: "alice", changedSince: 101).isEmpty && s.states(of: "bob", changedSince: 0).isEmpty)
        #expect(!s.isMuted("alice", Self.bob))
        s.setStates(user: "alice", [(Self.bob, [.silent("1")])], at: 200)
        #expect(s.isMuted("alice", Self.bob) && !s.isMuted("bob", Self.bob))
    }

    @Test("states are accepted for ids of 1-64 bytes, up to 10,000 conversations a user")
    func stateLimits() {
        var s = ConversationStore()
        #expect(!s.acceptsStates(of: "alice", [ConversationKey(type: .private, target: "")]))
        #expect(!s.acceptsStates(of: "alice", [ConversationKey(type: .private, target: String(repeating: "x", count: 65))]))
        let many = (0..<ConversationStore.statesPerUser).map { ConversationKey(type: .private, target: "u\($0)") }
        #expect(s.acceptsStates(of: "alice", many))
        s.setStates(user: "alice", many.map { ($0, [.top("1")]) }, at: 1)
        #expect(s.acceptsStates(of: "alice", [many[0]]), "a kept conversation changes")
        #expect(!s.acceptsStates(of: "alice", [Self.team]), "a new one is one too many")
    }

    @Test("a tag list: checks, at most 20, created in order; a removed tag leaves the conversations")
    func tagList() throws {
        var s = ConversationStore()
        #expect(throws: ConversationStore.TagRefusal.invalidTagId) { try s.changeTagList(user: "a", adding: true, [.init(id: "", name: "x")], at: 1) }
        #expect(throws: ConversationStore.TagRefusal.invalidTagId) { try s.changeTagList(user: "a", adding: true, [.init(id: "elevenchars", name: "x")], at: 1) }
        #expect(throws: ConversationStore.TagRefusal.invalidTagName) { try s.changeTagList(user: "a", adding: true, [.init(id: "t", name: nil)], at: 1) }
        #expect(throws: ConversationStore.TagRefusal.invalidTagName) { try s.changeTagList(user: "a", adding: true, [.init(id: "t", name: "sixteen-letters!")], at: 1) }
        #expect(throws: ConversationStore.TagRefusal.tooManyTags) { try s.changeTagList(user: "a", adding: true, (0...20).map { .init(id: "t\($0)", name: "x") }, at: 1) }
        #expect(s.tagList(of: "a") == nil, "a refused change changes nothing")
        let r1 = try s.changeTagList(user: "a", adding: true, [.init(id: "work", name: "Work"), .init(id: "home", name: "Home")], at: 5) == false
        #expect(r1)
        let r2 = try s.changeTagList(user: "a", adding: true, [.init(id: "work", name: nil)], at: 6) == false
        #expect(r2, "a known tag needs no name")
        #expect(s.tagList(of: "a")?.ordered.map(\.id) == ["work", "home"] && s.tagList(of: "a")?.version == 6)
        #expect(s.tagList(of: "a")?.tags["work"]?.name == "Work" && s.tagList(of: "a")?.tags["work"]?.createdTime == 5)
        s.changeConversationTags(user: "a", adding: true, [(Self.bob, [.init(id: "work", isTop: false), .init(id: "home", isTop: true)])], at: 7)
        let r3 = try s.changeTagList(user: "a", adding: false, [.init(id: "work", name: nil)], at: 8)
        #expect(r3, "bob's conversation changed")
        #expect(s.states(of: "a", changedSince: 0).first?.tags == [.init(id: "home", isTop: true)])
        #expect(s.states(of: "a", changedSince: 0).first?.time == 8)
        let r4 = try s.changeTagList(user: "a", adding: false, [.init(id: "nope", name: nil)], at: 9) == false
        #expect(r4)
    }

    @Test("addTag keeps a tag's place when it is put in again, with the new isTop; delTag takes it out")
    func conversationTags() {
        var s = ConversationStore()
        s.changeConversationTags(user: "a", adding: true, [(Self.bob, [.init(id: "b", isTop: false), .init(id: "a", isTop: false)])], at: 1)
        s.changeConversationTags(user: "a", adding: true, [(Self.bob, [.init(id: "c", isTop: false), .init(id: "b", isTop: true)])], at: 2)
        #expect(s.states(of: "a", changedSince: 0).first?.tags.map(\.id) == ["b", "a", "c"])
        #expect(s.states(of: "a", changedSince: 0).first?.tags.first?.isTop == true)
        s.changeConversationTags(user: "a", adding: false, [(Self.bob, [.init(id: "a", isTop: false)])], at: 3)
        #expect(s.states(of: "a", changedSince: 0).first?.tags.map(\.id) == ["b", "c"])
        s.changeConversationTags(user: "a", adding: false, [(Self.team, [.init(id: "x", isTop: false)])], at: 4)
        #expect(s.states["a"]?[Self.team]?.time == nil, "kept, unchanged: no time")
    }

    @Test("a removal holds until a message newer than the newest at the removal")
    func removal() {
        var s = ConversationStore()
        s.remove(user: "alice", Self.bob, newestTime: 100)
        #expect(s.isRemoved(user: "alice", Self.bob, newest: 100))
        #expect(!s.isRemoved(user: "alice", Self.bob, newest: 101))
        #expect(!s.isRemoved(user: "bob", Self.bob, newest: 50) && !s.isRemoved(user: "alice", Self.team, newest: 50))
    }
}
