// Tests/RongPeerTests/Stores/MessageStoreTests.swift - the message store's rules: history per user, expansion, recall, retention

import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

@Suite("Message store")
struct MessageStoreTests {
    static func message(_ uid: String, time: Int64, from sender: String = "alice", to target: String = "bob", _ type: ConversationType = .private) -> MessageStore.StoredMessage {
        let up = UpStreamMessage(sessionId: SessionIdBits(rawValue: 3), classname: "RC:TxtMsg", content: Array(#"{"content":"hi"}"#.utf8))
        return MessageStore.StoredMessage(uid: uid, time: time, sender: sender, type: type, target: target, topic: .ppMsgP, up: up, flag: .isCounted, origin: 1)
    }

    /// m1 at 100, m2 at 200 in alice and bob's history.
    static func store() -> MessageStore {
        var s = MessageStore()
        for m in [message("m1", time: 100), message("m2", time: 200)] {
            s.store(m)
            s.appendToHistory(m.historyKey, uid: m.uid)
        }
        return s
    }

    @Test("a delete or a clear leaves one user's history; only what the store holds is remembered")
    func ownHistory() throws {
        var s = Self.store()
        let key = HistoryKey(.private, sender: "bob", target: "alice")
        let m1 = try #require(s["m1"]), m2 = try #require(s["m2"])
        s.deleteFromHistory(user: "alice", uids: ["m2", "nope"])
        #expect(!s.isInHistory(m2, of: "alice", key: key) && s.isInHistory(m2, of: "bob", key: key))
        #expect(s.deletedFromHistory["alice"] == ["m2"], "an unknown UID is not kept")
        s.clearHistory(user: "bob", key, upTo: 150)
        s.clearHistory(user: "bob", key, upTo: 120)
        #expect(!s.isInHistory(m1, of: "bob", key: key) && s.isInHistory(m2, of: "bob", key: key), "the later clear does not undo the earlier")
        s.clearHistory(user: "bob", HistoryKey(.group, sender: "bob", target: "team"), upTo: 999)
        #expect(s.historyClearedUpTo["bob"]?.count == 1, "a history the store does not hold is not kept")
    }

    @Test("an expansion update: limits, then clear, delete and put in that order; keys past 300 are dropped")
    func expansion() {
        #expect(MessageStore.expansionRefusal(put: (0..<21).map { (key: "k\($0)", value: "v") }) != nil)
        #expect(MessageStore.expansionRefusal(put: [(key: "a b", value: "v")]) != nil)
        #expect(MessageStore.expansionRefusal(put: [(key: String(repeating: "k", count: 33), value: "v")]) != nil)
        #expect(MessageStore.expansionRefusal(put: [(key: "k", value: String(repeating: "v", count: 4097))]) != nil)
        #expect(MessageStore.expansionRefusal(put: [(key: "Ab0+=_-", value: String(repeating: "v", count: 4096))]) == nil)
        var s = Self.store()
        let r1 = s.expand("m1", clear: false, delete: [], put: [(key: "a", value: "1"), (key: "b", value: "2")]) == 0
        #expect(r1)
        let r2 = s.expand("m1", clear: false, delete: ["a"], put: [(key: "c", value: "3")]) == 0
        #expect(r2)
        #expect(s["m1"]?.expansion == ["b": "2", "c": "3"])
        let r3 = s.expand("m1", clear: true, delete: [], put: [(key: "d", value: "4")]) == 0
        #expect(r3)
        #expect(s["m1"]?.expansion == ["d": "4"])
        for batch in 0..<15 {
            _ = s.expand("m1", clear: false, delete: [], put: (0..<20).map { (key: "k\(batch)-\($0)", value: "v") })
        }
        #expect(s["m1"]?.expansion?.count == 300, "299 fit beside d, one of the last batch is dropped")
        let r4 = s.expand("m1", clear: false, delete: [], put: [(key: "d", value: "5"), (key: "new", value: "x")]) == 1
        #expect(r4, "a change fits, a new key does not")
        #expect(s["m1"]?.expansion?["d"] == "5")
        let r5 = s.expand("nope", clear: false, delete: [], put: [(key: "a", value: "1")]) == 0 && s["nope"] == nil
        #expect(r5)
    }

    @Test("a recall marks the message with who recalled it and when")
    func recall() {
        var s = Self.store()
        s.markRecalled("m2", by: "bob", at: 300)
        #expect(s["m2"]?.recalled?.operatorId == "bob" && s["m2"]?.recalled?.actionTime == 300)
        #expect(s["m1"]?.recalled == nil)
    }

    @Test("a resend's first answer is remembered until the offline period ends")
    func resends() {
        var s = Self.store()
        let key = ResendKey(sender: "alice", clientUniqueId: 7)
        s.remember(key, uid: "m1", time: 100)
        #expect(s.firstResult(of: key)?.uid == "m1")
        #expect(s.firstResult(of: ResendKey(sender: "bob", clientUniqueId: 7)) == nil, "per sender")
        var app = PeerFixture.demo.app
        app.offlineRetention = PeerDuration(milliseconds: 1000)!
        s.compact(now: 1200, app)
        #expect(s.firstResult(of: key) == nil)
    }

    @Test("compaction drops inbox entries past the offline period, history past its own, messages past the longest")
    func retention() {
        var s = Self.store()
        s.appendToInbox("bob", .init(time: 100, uid: "m1", direction: .received))
        s.appendToInbox("bob", .init(time: 200, uid: "m2", direction: .received))
        var app = PeerFixture.demo.app
        app.offlineRetention = PeerDuration(milliseconds: 1000)!
        app.historyRetention = PeerDuration(milliseconds: 2000)!
        app.chatroomHistoryRetention = PeerDuration(milliseconds: 1)!
        app.ultragroupRetention = PeerDuration(milliseconds: 1)!
        s.compact(now: 1150, app)
        #expect(s.inboxes["bob"]?.map(\.uid) == ["m2"])
        #expect(s.history[HistoryKey(.private, sender: "alice", target: "bob")] == ["m1", "m2"])
        s.compact(now: 2150, app)
        #expect(s.history[HistoryKey(.private, sender: "alice", target: "bob")] == ["m2"])
        #expect(s["m1"] == nil && s["m2"] != nil)
        #expect(MessageStore.retention(of: HistoryKey(.chatroom, sender: "a", target: "r"), app) == 1)
    }

    @Test("compaction is due every 20,000 stored messages, or a minute of the clock after the last")
    func compactionInterval() {
        var s = MessageStore()
        var early = 0
        for _ in 1..<MessageStore.compactionInterval where s.countForCompaction(at: 1_000) { early += 1 }
        #expect(early == 0)
        let r6 = s.countForCompaction(at: 1_000)
        #expect(r6)
        s.compact(now: 1_000, PeerFixture.demo.app)
        let r7 = !s.countForCompaction(at: 1_000 + MessageStore.compactionPeriod - 1)
        #expect(r7, "one message, less than a minute later")
        let r8 = s.countForCompaction(at: 1_000 + MessageStore.compactionPeriod)
        #expect(r8, "a minute after the last compaction")
        s.compact(now: 1_000 + MessageStore.compactionPeriod, PeerFixture.demo.app)
        let r9 = !s.countForCompaction(at: 1_000 + MessageStore.compactionPeriod + 1)
        #expect(r9)
    }

    @Test("a message names the conversation as each side sees it")
    func conversationOfEachSide() {
        let m = Self.message("m", time: 1)
        #expect(m.conversation(for: "alice") == ConversationKey(type: .private, target: "bob"))
        #expect(m.conversation(for: "bob") == ConversationKey(type: .private, target: "alice"))
        let g = Self.message("g", time: 1, to: "team", .group)
        #expect(g.conversation(for: "bob") == ConversationKey(type: .group, target: "team"))
    }
}
