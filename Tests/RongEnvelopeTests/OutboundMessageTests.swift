// Tests/RongEnvelopeTests/OutboundMessageTests.swift - the PUBLISH an SDK sends

import RongCodec
import RongEnvelope
import Testing

@Suite("Outbound messages")
struct OutboundMessageTests {
    /// Topics by conversation type, written from RUST's `get_send_method` (official-sdks.md § 3:
    /// stem by type, `S` for STATUS, `N` for the public services, none for a chatroom, never one
    /// for `ugMsg`, else `P`). nil: no topic (push service and encrypted, a kit choice, FLAG-005).
    static let normalTopic: [Int: String] = [
        1: "ppMsgP", 2: "pdMsgP", 3: "pgMsgP", 4: "chatMsg", 5: "pcMsgP", 6: "pbMsgP", 7: "pmcMsgN", 8: "pmpMsgN", 10: "ugMsg",
        12: "prMsgP",
    ]
    static let statusTopic: [Int: String] = [
        1: "ppMsgS", 2: "pdMsgS", 3: "pgMsgS", 4: "chatMsgS", 5: "pcMsgS", 6: "pbMsgS", 7: "pmcMsgS", 8: "pmpMsgS", 10: "ugMsg",
        12: "prMsgS",
    ]
    /// envelope.md § 8.6: ISCOUNTED 0x03, ISPERSISTED 0x01, NONE 0, STATUS 0 (forced).
    static let sessionBits: [Int: Int32] = [0: 0, 1: 1, 3: 3, 16: 0]

    struct Case: CustomTestStringConvertible, Sendable {
        let flag: PersistenceFlag
        let type: ConversationType
        var testDescription: String { "\(flag) to \(type)" }
    }

    static let cases = PersistenceFlag.allCases.flatMap { f in ConversationType.allCases.map { Case(flag: f, type: $0) } }

    @Test("every flag × conversation type: topic, QoS, sessionId, body fields", arguments: cases)
    func flagByType(_ c: Case) throws {
        let content = Array(#"{"k":1}"#.utf8)
        let m = OutboundMessage(c.type, targetId: "t1", objectName: "App:Custom", contentBytes: content, persistence: c.flag)
        let expectedTopic = c.flag.isStatus ? Self.statusTopic[c.type.rawValue] : Self.normalTopic[c.type.rawValue]
        guard let expectedTopic else {
            expectCode(.noPublishTopic) { _ = try m.encoded(messageId: 1) }
            return
        }
        let bytes = try m.encoded(messageId: 42)
        let packet = try Packet.decode(bytes, from: .client)
        #expect(packet.header.byte == 0x32, "PUBLISH, QoS 1 (ENGINE), no dup, no retain")
        guard case .publish(let p) = packet.body else { Issue.record("not an upward PUBLISH"); return }
        #expect(p.topic.text == expectedTopic)
        #expect(p.targetId.text == "t1")
        #expect(p.messageId == 42)
        #expect(m.expectsAck == !c.flag.isStatus)

        // The body, written by hand: sessionId, classname, content, configFlag 0.
        let expectedBody =
            varintField(1, UInt64(Self.sessionBits[c.flag.rawValue]!)) + lengthDelimited(2, Array("App:Custom".utf8))
            + lengthDelimited(3, content) + varintField(9, 0)
        #expect(p.payload == expectedBody)
        let body = try Modules_UpStreamMessage(serializedBytes: p.payload)
        #expect(body.sessionID == Self.sessionBits[c.flag.rawValue]!)
        #expect(SessionIdBits(rawValue: body.sessionID) == SessionIdBits(flag: c.flag))
        #expect(body.classname == "App:Custom")
        #expect([UInt8](body.content) == content)
        #expect(!body.hasPushText && !body.hasAppData && body.userID.isEmpty && !body.hasExtraContent)
        #expect(body.hasConfigFlag && body.configFlag == 0)
        #expect(!body.hasClientUniqueID && !body.hasBusChannel && !body.hasDelMsgTime && !body.hasPushExt)
    }

    @Test("typed content takes its type's flag; unregistered content defaults to ISCOUNTED")
    func defaultFlags() throws {
        let txt = OutboundMessage(.private, targetId: "u2", content: TextMessage(content: "hi"))
        #expect(txt.effectivePersistence == .isCounted)
        #expect(try txt.publishTopic().text == "ppMsgP")
        let body = try txt.upStreamMessage()
        #expect(body.classname == "RC:TxtMsg" && body.sessionId.rawValue == 3)
        #expect(String(decoding: body.content, as: UTF8.self) == #"{"content":"hi"}"#)
        let raw = OutboundMessage(.group, targetId: "g", objectName: "App:X", contentBytes: Array("{}".utf8))
        #expect(raw.effectivePersistence == .isCounted)
    }

    @Test("options: mention, silence, expansion, push, directed users, channel, client id, VoIP")
    func options() throws {
        var m = OutboundMessage(.ultragroup, targetId: "ug1", content: TextMessage(content: "x"))
        m.isMentioned = true
        m.disableNotification = true
        m.expansion = ["b": "2", "a": "1"]
        m.pushContent = "Ann: x"
        m.pushData = "{\"id\":1}"
        m.directedUserIds = ["u3", "u4"]
        m.channelId = "ch1"
        m.clientUniqueId = 1_700_000_000_000
        m.isVoIPPush = true
        // 0x01 | 0x02 | 0x04 | 0x20 | 0x40
        #expect(m.sessionIdBits.rawValue == 0x67)
        let p = try Packet.decode(try m.encoded(messageId: 7), from: .client)
        guard case .publish(let pub) = p.body else { Issue.record("not a PUBLISH"); return }
        #expect(pub.topic.text == "ugMsg")
        let expected =
            varintField(1, 0x67) + lengthDelimited(2, Array("RC:TxtMsg".utf8)) + lengthDelimited(3, Array(#"{"content":"x"}"#.utf8))
            + lengthDelimited(4, Array("Ann: x".utf8)) + lengthDelimited(5, Array(#"{"id":1}"#.utf8))
            + lengthDelimited(6, Array("u3".utf8)) + lengthDelimited(6, Array("u4".utf8)) + varintField(9, 1)
            + varintField(10, 1_700_000_000_000) + lengthDelimited(11, Array(#"{"a":{"v":"1"},"b":{"v":"2"}}"#.utf8))
            + [0x6A] + varint(3) + Array("ch1".utf8)  // field 13, wire type 2
        #expect(pub.payload == expected)
    }

    @Test("VILLA's ultragroup send: sessionId 67 = persisted | counted | canIncludeExpansion")
    func villaUltragroup() throws {
        var m = OutboundMessage(.ultragroup, targetId: "villa", content: TextMessage(content: "hi"))
        m.canIncludeExpansion = true
        m.channelId = "room"
        #expect(try m.upStreamMessage().sessionId.rawValue == 67)
    }

    @Test("a mention in the content sets 0x04 by default; STATUS keeps option bits but not the flag bits")
    func mentionAndStatus() throws {
        var content = TextMessage(content: "@all")
        content.mentionedInfo = MentionedInfo(type: .all)
        let m = OutboundMessage(.group, targetId: "g1", content: content)
        #expect(m.isMentioned)
        #expect(try m.upStreamMessage().sessionId.rawValue == 0x07, "WEBv2 writes 7 for a group @-message")
        var s = OutboundMessage(.private, targetId: "u2", objectName: "App:Typing", contentBytes: Array("{}".utf8), persistence: .status)
        s.disableNotification = true
        #expect(try s.upStreamMessage().sessionId.rawValue == 0x20)
        #expect(try s.publishTopic().text == "ppMsgS")
    }

    @Test("topic override for recall and no-push topics")
    func topicOverride() throws {
        var m = OutboundMessage(.private, targetId: "me", objectName: "RC:RcCmd", contentBytes: Array("{}".utf8), persistence: .isPersisted)
        m.topic = .recallMsg
        guard case .publish(let p) = try Packet.decode(try m.encoded(messageId: 1), from: .client).body else { return }
        #expect(p.topic.text == "recallMsg")
    }

    @Test("content above 131,072 bytes is sizeLimit (decision 22)")
    func contentLimit() throws {
        let fill = String(repeating: "a", count: 131_072 - 14)
        let ok = OutboundMessage(.private, targetId: "u", content: TextMessage(content: fill))
        #expect(try ok.upStreamMessage().content.count == 131_072)
        let over = OutboundMessage(.private, targetId: "u", content: TextMessage(content: fill + "a"))
        expectCode(.sizeLimit) { _ = try over.upStreamMessage() }
        let raw = OutboundMessage(.private, targetId: "u", objectName: "App:Big", contentBytes: [UInt8](repeating: 0x20, count: 131_073))
        expectCode(.sizeLimit) { _ = try raw.upStreamMessage() }
    }
}

@Suite("Outbound message JSON form")
struct OutboundMessageJSONTests {
    static func parse(_ text: String) throws -> (message: OutboundMessage, messageId: UInt16) {
        try OutboundMessage.decodeJSON(try JSONValue(parsing: Array(text.utf8)))
    }

    static func failure(_ text: String) -> CodecError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error as? CodecError
        }
    }

    @Test("every member reaches the message; the PUBLISH matches the one built in Swift")
    func members() throws {
        let (m, id) = try Self.parse(
            #"{"conversationType":10,"targetId":"ug1","objectName":"RC:TxtMsg","content":"{\"content\":\"hi\"}","messageId":9,"#
                + #""mentioned":true,"silent":true,"canIncludeExpansion":true,"voipPush":true,"expansion":{"k":"v"},"#
                + #""pushContent":"p","pushData":"d","channelId":"ch","directedUserIds":["a","b"],"clientUniqueId":-5,"topic":null}"#)
        #expect(id == 9)
        var expected = OutboundMessage(.ultragroup, targetId: "ug1", content: TextMessage(content: "hi"))
        expected.isMentioned = true
        expected.disableNotification = true
        expected.canIncludeExpansion = true
        expected.isVoIPPush = true
        expected.expansion = ["k": "v"]
        expected.pushContent = "p"
        expected.pushData = "d"
        expected.channelId = "ch"
        expected.directedUserIds = ["a", "b"]
        expected.clientUniqueId = -5
        #expect(try m.encoded(messageId: 9) == expected.encoded(messageId: 9))
        #expect(m.effectivePersistence == .isCounted && m.topic == nil)
    }

    @Test("an absent persistence is the registered type's flag, else ISCOUNTED")
    func defaultFlag() throws {
        let typing = try Self.parse(#"{"conversationType":1,"targetId":"u","objectName":"RC:TypSts","content":"{}","messageId":1}"#)
        #expect(typing.message.effectivePersistence == .status)
        let custom = try Self.parse(#"{"conversationType":1,"targetId":"u","objectName":"App:X","content":{"hex":"7b7d"},"messageId":1}"#)
        #expect(custom.message.effectivePersistence == .isCounted)
        #expect(try custom.message.upStreamMessage().content == .init([0x7B, 0x7D]))
    }

    @Test("errors carry the member's path and the codes of ENV-JSON-003", arguments: [
        (#"[]"#, "typeMismatch", "$"),
        (#"{"targetId":"u","objectName":"X","content":"{}","messageId":1}"#, "missingRequiredField", "$.conversationType"),
        (#"{"conversationType":256,"targetId":"u","objectName":"X","content":"{}","messageId":1}"#, "numberOutOfRange", "$.conversationType"),
        (#"{"conversationType":1,"objectName":"X","content":"{}","messageId":1}"#, "missingRequiredField", "$.targetId"),
        (#"{"conversationType":1,"targetId":"u","objectName":"X","content":"{}","messageId":1,"persistence":2}"#, "invalidValue", "$.persistence"),
        (#"{"conversationType":1,"targetId":"u","objectName":"X","content":"{}","messageId":1,"expansion":{"a":1}}"#, "typeMismatch", "$.expansion.a"),
        (#"{"conversationType":1,"targetId":"u","objectName":"X","content":"{}","messageId":1,"directedUserIds":["a",2]}"#, "typeMismatch", "$.directedUserIds[1]"),
        (#"{"conversationType":1,"targetId":"u","objectName":"X","content":"{}","messageId":1,"clientUniqueId":9223372036854775808}"#, "numberOutOfRange", "$.clientUniqueId"),
        (#"{"conversationType":1,"targetId":"u","objectName":"X","content":"{}","messageId":1,"to":"x"}"#, "invalidValue", "$.to"),
    ] as [(String, String, String)])
    func errors(_ text: String, _ code: String, _ path: String) {
        let e = Self.failure(text)
        #expect(e?.code.rawValue == code)
        #expect(e?.path == path)
    }
}
