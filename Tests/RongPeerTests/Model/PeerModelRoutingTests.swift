// Tests/RongPeerTests/Model/PeerModelRoutingTests.swift - which publish topics the peer serves, read by RongEnvelope's topic types

import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

/// PEER-MSG-001, PEER-MSG-004: the peer serves the publish topics of private chats, groups,
/// chatrooms and ultragroups (spec/peer.md, "Sending"), each in its families, and answers every
/// other publish topic with 20109. The served list is written from the spec here, not read from
/// the code.
@Suite("Publish topics the peer serves")
struct PeerModelRoutingTests {
    static let served: [Topic: (ConversationType, TopicFamily)] = [
        .ppMsgP: (.private, .persisted), .ppMsgN: (.private, .noPush), .ppMsgS: (.private, .status),
        .pgMsgP: (.group, .persisted), .pgMsgN: (.group, .noPush), .pgMsgS: (.group, .status),
        .chatMsg: (.chatroom, .persisted), .chatMsgS: (.chatroom, .status), .ugMsg: (.ultragroup, .persisted),
    ]

    static let targets: [ConversationType: String] = [.private: "bob", .group: "team", .chatroom: "lobby", .ultragroup: "guild"]

    @Test("every publish topic: served ones stored (or, STATUS, delivered), the others 20109", arguments: BodyType.publishTopics.subtracting([.recallMsg]).sorted { $0.text < $1.text })
    func topic(_ topic: Topic) throws {
        let h = ModelHarness()
        let a = h.connect("alice")
        _ = h.connect("bob")
        #expect(h.query(a, "joinChrm", target: "lobby", chatroomInput)?.ack.status == 0)
        let route = Self.served[topic]
        var m = OutboundMessage(route?.0 ?? .private, targetId: Self.targets[route?.0 ?? .private]!, content: TextMessage(content: "hi"))
        m.topic = topic
        if route?.1 == .status { m.persistence = .status }
        let out = h.send(a, m)
        let ack = ModelHarness.pubAck(out, a)
        switch route?.1 {
        case nil: #expect(ack?.status == 20109)
        case .status: #expect(ack == nil && h.model.stats.published == 1 && h.model.stats.rejected == 0)
        default: #expect(ack?.status == 0 && h.model.stats.published == 1)
        }
    }
}
