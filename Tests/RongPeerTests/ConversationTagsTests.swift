// Tests/RongPeerTests/ConversationTagsTests.swift - tag changes reach the user's other devices (PEER-CONV-007)

import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

/// What scenarios do not see: the notices a tag change sends to the user's other connections
/// (`s_us` for the list, `s_cmd` type 3 for a conversation's tags) and to nobody else.
@Suite("Conversation tags")
struct ConversationTagsTests {
    /// The topics of the server PUBLISHes written to `conn`.
    static func published(_ out: [PeerOutput], to conn: ConnectionID) -> [String] {
        var topics: [String] = []
        for case .packet(conn, let p) in out {
            if case .serverPublish(let s) = p.body { topics.append(s.topic.text) }
        }
        return topics
    }

    @Test("addSeTag announces s_us, addTag s_cmd type 3, to the user's other devices only; delSeTag also leaves the conversations")
    func notices() throws {
        var m = PeerModel(fixture: PeerFixture.demo, clock: ManualClock())
        _ = m.connect(1, params: ConnectParams(query: ["appId": "rongwire-demo", "token": "alice-token"]))
        _ = m.connect(2, params: ConnectParams(query: ["appId": "rongwire-demo", "token": "alice-token", "platform": "PC"]))
        _ = m.connect(3, params: ConnectParams(query: ["appId": "rongwire-demo", "token": "bob-token"]))
        var tag = Modules_SessionTagItem()
        tag.tagID = "work"
        tag.name = "Work"
        var add = Modules_SessionTagAddInput()
        add.version = 0
        add.tags = [tag]
        let created = m.receive(Packet(.query(.init(topic: .addSeTag, targetId: "alice", messageId: 1, payload: protoBytes(add)))), from: 1)
        #expect(PeerUnitTests.queryAck(created)?.status == 0)
        #expect(Self.published(created, to: 2) == ["s_us"] && Self.published(created, to: 1).isEmpty && Self.published(created, to: 3).isEmpty)

        var item = Modules_SessionStateItem()
        item.sessionStateType = .tags
        item.value = "[]"
        var named = Modules_SessionTagItem()
        named.tagID = "work"
        item.tags = [named]
        var state = Modules_SessionState()
        state.type = .person
        state.channelID = "bob"
        state.time = 1
        state.stateItem = [item]
        var req = Modules_SessionStateModifyReq()
        req.version = 1
        req.state = [state]
        let tagged = m.receive(Packet(.query(.init(topic: .addTag, targetId: "alice", messageId: 2, payload: protoBytes(req)))), from: 2)
        #expect(PeerUnitTests.queryAck(tagged)?.status == 0)
        #expect(try KeptSettingsTests.commands(tagged, to: 1).map(\.type) == [3] && Self.published(tagged, to: 3).isEmpty)

        var del = Modules_SessionTagDelInput()
        del.version = 0
        del.tags = [named]
        let removed = m.receive(Packet(.query(.init(topic: .delSeTag, targetId: "alice", messageId: 3, payload: protoBytes(del)))), from: 1)
        #expect(Self.published(removed, to: 2).sorted() == ["s_cmd", "s_us"], "the list and the conversation changed")
        var pull = Modules_SessionReq()
        pull.time = 0
        let ack = try #require(EngineCompatibilityTests.query(&m, 2, "pullSeAtts", "alice", protoBytes(pull), id: 4))
        let states = try parseBody(ack.payload, as: Modules_SessionStates.self).state
        #expect(states.count == 1 && states.first?.stateItem.isEmpty == true, "the tag left the conversation")
        var us = Modules_PullUserSettingInput()
        us.version = 0
        let settings = try #require(EngineCompatibilityTests.query(&m, 2, "pullUS", "alice", protoBytes(us), id: 5))
        let items = try parseBody(settings.payload, as: Modules_PullUserSettingOutput.self).items
        #expect(items.count == 1 && items.first?.key == "Tag" && items.first?.tags.isEmpty == true, "the whole (now empty) list")
    }
}
