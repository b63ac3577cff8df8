// Tests/RongPeerTests/Stores/ModelKeysTests.swift - the typed keys: one identity and one text each

import RongCodec
import Testing

@testable import RongPeer

/// The keys replace interpolated strings: equal keys are equal whatever side built them, and each
/// writes the text `/state` has always shown.
@Suite("Model keys")
struct ModelKeysTests {
    @Test("a private history is the same key from either side; others are the target's")
    func historyKeys() {
        let ab = HistoryKey(.private, sender: "alice", target: "bob")
        #expect(ab == HistoryKey(.private, sender: "bob", target: "alice"))
        #expect(ab.description == "private:alice:bob")
        #expect(HistoryKey(.group, sender: "alice", target: "team").description == "group:team")
        #expect(HistoryKey(.group, sender: "bob", target: "team") == HistoryKey(.group, sender: "alice", target: "team"))
        #expect(HistoryKey(.chatroom, sender: "a", target: "lobby").description == "chatroom:lobby")
        #expect(HistoryKey(.ultragroup, sender: "a", target: "guild").description == "ultragroup:guild")
        #expect(HistoryKey(.group, sender: "a", target: "x") != HistoryKey(.chatroom, sender: "a", target: "x"))
    }

    @Test("conversation, resend and receipt keys write their /state text")
    func texts() {
        #expect(ConversationKey(type: .private, target: "bob").description == "private:bob")
        #expect(ConversationKey(type: .group, target: "team").description == "group:team")
        #expect(ConversationKey(type: .private, target: "bob") != ConversationKey(type: .group, target: "bob"))
        #expect(ResendKey(sender: "alice", clientUniqueId: 42).description == "alice#42")
        #expect(ReceiptKey.message(uid: "AAAA-BBBB-CCCC-DDDD").description == "AAAA-BBBB-CCCC-DDDD")
        #expect(ReceiptKey.privateChat(sender: "alice", reader: "bob").description == "private:alice→bob")
        #expect(ReceiptKey.privateChat(sender: "alice", reader: "bob") != .privateChat(sender: "bob", reader: "alice"))
    }
}
