// Tests/RongEnvelopeTests/InboundMessageTests.swift - server pushes and pull results → messages

import RongCodec
import RongEnvelope
import Testing

@Suite("Inbound messages")
struct InboundMessageTests {
    static func down(
        type: Modules_ChannelType = .group, from: String = "u1", group: String? = "g1", classname: String = "RC:TxtMsg",
        content: String = #"{"content":"hi"}"#, status: Int64 = 0x30, direction: Int32? = nil
    ) -> Modules_DownStreamMessage {
        var m = Modules_DownStreamMessage()
        m.fromUserID = from
        m.type = type
        if let group { m.groupID = group }
        m.classname = classname
        m.content = .init(Array(content.utf8))
        m.dataTime = 1_700_000_000_123
        m.status = status
        m.msgID = "BQ0T-J3P4-0FA2-0003"
        if let direction { m.direction = direction }
        return m
    }

    @Test("content, ids, time and flags of a received group message")
    func groupMessage() throws {
        let m = try InboundMessage(Self.down())
        #expect(m.conversationType == .group && m.targetId == "g1" && m.senderUserId == "u1")
        #expect(m.objectName == "RC:TxtMsg")
        #expect((m.content.typed as? TextMessage)?.content == "hi")
        #expect(m.messageUId == "BQ0T-J3P4-0FA2-0003" && m.sentTime == 1_700_000_000_123)
        #expect(m.isPersisted && m.isCounted && m.persistence == .isCounted)
        #expect(!m.isMentioned && !m.isSilent && !m.canIncludeExpansion && !m.isRetrieved)
        #expect(m.direction == .received && m.expansion == nil)
    }

    @Test("each status bit sets exactly its flag", arguments: [0x02, 0x10, 0x20, 0x40, 0x100, 0x400] as [Int64])
    func statusBit(_ bit: Int64) throws {
        let m = try InboundMessage(Self.down(status: bit))
        #expect(m.isRetrieved == (bit == 0x02))
        #expect(m.isPersisted == (bit == 0x10))
        #expect(m.isCounted == (bit == 0x20))
        #expect(m.isMentioned == (bit == 0x40))
        #expect(m.isSilent == (bit == 0x100))
        #expect(m.canIncludeExpansion == (bit == 0x400))
        #expect(m.persistence == (bit == 0x20 ? .isCounted : bit == 0x10 ? .isPersisted : PersistenceFlag.none))
    }

    @Test("unknown status bits are kept")
    func otherBits() throws {
        let m = try InboundMessage(Self.down(status: 0x1_0000_0001))
        #expect(m.status.rawValue == 0x1_0000_0001)
        #expect(!m.isPersisted)
    }

    @Test("one-to-one target: the sender when received, groupId when sent by this user")
    func privateTarget() throws {
        let received = try InboundMessage(Self.down(type: .person, from: "peer", group: "me"))
        #expect(received.conversationType == .private && received.targetId == "peer" && received.direction == .received)
        let sent = try InboundMessage(Self.down(type: .person, from: "me", group: "peer", direction: 1))
        #expect(sent.targetId == "peer" && sent.direction == .sent)
        let chatroom = try InboundMessage(Self.down(type: .tempgroup, from: "u", group: "room"))
        #expect(chatroom.conversationType == .chatroom && chatroom.targetId == "room")
    }

    @Test("expansion, channel, push content, directed users, client id")
    func extras() throws {
        var d = Self.down(type: .ultragroup, status: 0x430)
        d.extraContent = #"{"color":{"v":"red"},"n":{"v":"1","ts":5}}"#
        d.busChannel = "ch"
        d.pushContent = "push"
        d.toUserID = ["a", "b"]
        d.clientUniqueID = 99
        let m = try InboundMessage(d)
        #expect(m.expansion == ["color": "red", "n": "1"])
        #expect(m.canIncludeExpansion && m.channelId == "ch" && m.pushContent == "push")
        #expect(m.directedUserIds == ["a", "b"] && m.clientUniqueId == 99)
    }

    @Test(
        "malformed expansion is invalidValue",
        arguments: [
            #"{"a":"x"}"#, #"{"a":{}}"#, #"{"a":{"v":1}}"#, "[]", "{",
            // Two keys (NFC and NFD é) that a [String: String] would merge into one.
            "{\"\u{E9}\":{\"v\":\"a\"},\"e\u{301}\":{\"v\":\"b\"}}",
        ])
    func badExpansion(_ text: String) {
        var d = Self.down()
        d.extraContent = text
        expectCode(.invalidValue) { _ = try InboundMessage(d) }
    }

    @Test("expansion text round trip")
    func expansionText() throws {
        let text = try MessageExpansion.encode(["k": "v", "a": "é"])
        #expect(text == #"{"a":{"v":"é"},"k":{"v":"v"}}"#)
        #expect(try MessageExpansion.decode(text) == ["a": "é", "k": "v"])
        #expect(try MessageExpansion.decode("") == [:])
    }

    @Test("content errors surface with their code; unregistered types stay raw")
    func contentErrors() throws {
        expectCode(.typeMismatch) { _ = try InboundMessage(Self.down(content: #"{"content":5}"#)) }
        let unknown = try InboundMessage(Self.down(classname: "App:Gift", content: #"{"g":1}"#))
        guard case .unknown(let u) = unknown.content else { Issue.record("expected raw content"); return }
        #expect(u.bytes == Array(#"{"g":1}"#.utf8))
    }

    @Test("an s_msg PUBLISH decodes; other topics are notAMessage")
    func fromPacket() throws {
        let payload = try Self.down().serializedBytes() as [UInt8]
        let packet = Packet(.serverPublish(.init(date: 1, topic: .s_msg, targetId: "u1", messageId: 5, payload: payload)), qos: .atLeastOnce)
        let m = try InboundMessage(packet: try Packet.decode(try packet.encoded(), from: .server))
        #expect(m.targetId == "g1" && !m.isSyncMessage)
        let ntf = Packet(.serverPublish(.init(date: 1, topic: .s_ntf, targetId: "", messageId: 5, payload: varintField(1, 1))))
        expectCode(.notAMessage) { _ = try InboundMessage(packet: ntf) }
        expectCode(.notAMessage) { _ = try InboundMessage(packet: Packet(.pingResp)) }
        let garbage = Packet(.serverPublish(.init(date: 1, topic: .s_msg, targetId: "", messageId: 5, payload: [0xFF])))
        expectCode(.protobufDecoding) { _ = try InboundMessage(packet: garbage) }
        let missing = Packet(.serverPublish(.init(date: 1, topic: .s_msg, targetId: "", messageId: 5, payload: lengthDelimited(1, [0x61]))))
        expectCode(.missingRequiredField) { _ = try InboundMessage(packet: missing) }
    }

    @Test("an echoed own message (dup, publish topic): sessionId bits, either disable-notification bit, PUBACK completes it")
    func echo() throws {
        for (sessionId, silent) in [(0x23, true), (0x13, true), (0x03, false)] as [(UInt64, Bool)] {
            let body =
                varintField(1, sessionId) + lengthDelimited(2, Array("RC:TxtMsg".utf8)) + lengthDelimited(3, Array(#"{"content":"x"}"#.utf8))
                + lengthDelimited(5, Array("data".utf8))
            let packet = Packet(.serverPublish(.init(date: 1_700_000_000, topic: .pgMsgP, targetId: "g7", messageId: 11, payload: body)), dup: true, qos: .atLeastOnce)
            var m = try InboundMessage(packet: packet, currentUserId: "me")
            #expect(m.isSyncMessage && m.direction == .sent && m.senderUserId == "me")
            #expect(m.conversationType == .group && m.targetId == "g7")
            #expect(m.isPersisted && m.isCounted && m.isSilent == silent)
            #expect(m.pushData == "data" && m.messageUId == nil && m.sentTime == 1_700_000_000_000)
            m.apply(Packet.ServerPubAck(messageId: 11, date: 1_700_000_001, millisecond: 42, messageUId: "AAAA-BBBB-CCCC-DDDD"))
            #expect(m.messageUId == "AAAA-BBBB-CCCC-DDDD" && m.sentTime == 1_700_000_001_042)
        }
        let status = Packet(
            .serverPublish(.init(date: 1, topic: .ppMsgS, targetId: "u2", messageId: 1, payload: varintField(1, 0) + lengthDelimited(2, Array("RC:TypSts".utf8)) + lengthDelimited(3, Array(#"{"typingContentType":"RC:TxtMsg"}"#.utf8)))),
            dup: true)
        #expect(try InboundMessage(packet: status).persistence == .status)
    }

    /// An echoed own message (dup) on `topic` with an RC:TxtMsg, sessionId 3.
    static func echo(topic: Topic, target: String = "t9", classname: String = "RC:TxtMsg", content: String = #"{"content":"x"}"#) -> Packet {
        let body = varintField(1, 3) + lengthDelimited(2, Array(classname.utf8)) + lengthDelimited(3, Array(content.utf8))
        return Packet(.serverPublish(.init(date: 1_700_000_000, topic: topic, targetId: RMTPString(target), messageId: 3, payload: body)), dup: true, qos: .atLeastOnce)
    }

    /// Every publish topic of spec ENV-BODY-002 but recallMsg → the conversation type an echo
    /// on it names (envelope.md § 6.1 and § 6.4: `pc` → 5 for pcMsgP and pcuMsgP alike).
    static let echoTopics: [(String, Int)] = [
        ("ppMsgP", 1), ("ppMsgN", 1), ("ppMsgS", 1), ("pdMsgP", 2), ("pdMsgS", 2), ("pgMsgP", 3), ("pgMsgN", 3), ("pgMsgS", 3),
        ("chatMsg", 4), ("chatMsgS", 4), ("pcMsgP", 5), ("pcMsgS", 5), ("pcuMsgP", 5), ("pbMsgP", 6), ("pbMsgS", 6),
        ("pmcMsgN", 7), ("pmcMsgS", 7), ("pmpMsgN", 8), ("pmpMsgS", 8), ("ugMsg", 10), ("prMsgP", 12), ("prMsgS", 12),
    ]

    @Test("an echo names the conversation type of its topic and the PUBLISH targetId", arguments: echoTopics)
    func echoTopic(_ topic: String, _ type: Int) throws {
        let m = try InboundMessage(packet: Self.echo(topic: Topic(topic)), currentUserId: "me")
        #expect(m.conversationType.rawValue == type && m.targetId == "t9" && m.senderUserId == "me")
        // STATUS on every `…S` topic (RUST's family rule, FLAG-007).
        #expect(m.persistence == (topic.hasSuffix("MsgS") ? .status : .isCounted))
        #expect(BodyType.publishTopics.contains(Topic(topic)))
    }

    @Test("a recallMsg echo names the conversation its RC:RcCmd names, not the recaller's own id")
    func recallEcho() throws {
        let cmd = #"{"messageUId":"BQ0T-J3P4-0FA2-0003","conversationType":3,"targetId":"g1","sentTime":1700000000000}"#
        let m = try InboundMessage(packet: Self.echo(topic: .recallMsg, target: "me", classname: "RC:RcCmd", content: cmd), currentUserId: "me")
        #expect(m.conversationType == .group && m.targetId == "g1" && m.objectName == "RC:RcCmd" && m.direction == .sent)
        // The Java server SDK's numeric-string conversationType is read too (CONTENT-RCCMD-003).
        let javaForm = #"{"messageUId":"U","conversationType":"1","targetId":"u2"}"#
        let p = try InboundMessage(packet: Self.echo(topic: .recallMsg, target: "me", classname: "RC:RcCmd", content: javaForm))
        #expect(p.conversationType == .private && p.targetId == "u2")
        // Without the conversation there is nothing to place the echo in.
        expectCode(.missingRequiredField) {
            _ = try InboundMessage(packet: Self.echo(topic: .recallMsg, target: "me", classname: "RC:RcCmd", content: #"{"messageUId":"U"}"#))
        }
        expectCode(.missingRequiredField) { _ = try InboundMessage(packet: Self.echo(topic: .recallMsg, target: "me")) }
    }

    @Test("ChannelType 9, 11 and 12 cannot arrive: missingRequiredField naming the field and the value", arguments: [9, 11, 12, 13, 99])
    func undefinedChannelType(_ value: UInt64) throws {
        let body =
            lengthDelimited(1, Array("u1".utf8)) + varintField(2, value) + lengthDelimited(4, Array("RC:TxtMsg".utf8))
            + lengthDelimited(5, Array(#"{"content":"x"}"#.utf8)) + varintField(6, 1) + varintField(7, 0x30)
        let packet = Packet(.serverPublish(.init(date: 1, topic: .s_msg, targetId: "u1", messageId: 5, payload: body)))
        do {
            _ = try InboundMessage(packet: packet)
            Issue.record("type \(value) decoded")
        } catch {
            #expect(error.code == .missingRequiredField)
            #expect(error.path == "$.type")
            #expect(error.reason == "DownStreamMessage lacks required field type (2): it holds \(value), which ChannelType does not define")
        }
    }

    @Test("pull result: a message that decodes but does not render reports its own error code")
    func pullRenderError() throws {
        var registry = ContentRegistry.builtIn
        try registry.register(UnrenderableContent.self)
        var list = Modules_DownStreamMessages()
        list.list = [Self.down(), Self.down(classname: UnrenderableContent.objectName, content: "{}")]
        list.syncTime = 1
        let page = try InboundMessage.pullResult(try list.serializedBytes(), registry: registry)
        #expect((try? page.messages[1].get()) != nil, "the content decodes")
        guard case .object(let o) = page.jsonValue(), case .array(let messages)? = o["messages"] else {
            Issue.record("not a page")
            return
        }
        #expect(messages[1] == ["error": "depthLimit"])
        #expect(messages[0].objectValue?["targetId"] == "g1")
    }

    @Test("pull result: each message on its own, syncTime, absent finished means finished")
    func pull() throws {
        var list = Modules_DownStreamMessages()
        list.list = [Self.down(), Self.down(content: "not json")]
        list.syncTime = 1_700_000_000_999
        let r = try InboundMessage.pullResult(try list.serializedBytes())
        #expect(r.syncTime == 1_700_000_000_999 && r.isFinished && r.broadcastSyncTime == nil)
        #expect(r.messages.count == 2)
        #expect((try? r.messages[0].get()) != nil)
        if case .failure(let e) = r.messages[1] { #expect(e.code == .unexpectedByte) } else { Issue.record("bad content decoded") }
        list.finished = false
        #expect(try !InboundMessage.pullResult(try list.serializedBytes()).isFinished)
    }
}

/// Content that decodes but whose encoding fails with a code that is not invalidValue, as a
/// renderer's failure would (spec ENV-MSG-004: the page reports that code).
struct UnrenderableContent: MessageContent {
    static let objectName = "Test:Unrenderable"
    static let persistence = PersistenceFlag.isCounted
    static let fields = FieldTable(NoKeys.self)
    var common = ContentCommon()

    init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) { switch f { case .shared(let key): try common.decode(key, from: &d) } }
        common.finish(r, d)
    }

    func encode(to w: inout JSONWriter) throws(CodecError) {
        throw CodecError(.depthLimit, "cannot be written")
    }
}
