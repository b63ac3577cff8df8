// Tests/RongEnvelopeTests/PacketJSONTests.swift - the packet JSON form

import RongCodec
import RongEnvelope
import Testing

@Suite("Packet JSON form")
struct PacketJSONTests {
    func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    func canonical(_ v: JSONValue) throws -> String { String(decoding: try v.canonicalBytes(), as: UTF8.self) }

    @Test("every sample packet: bytes → JSON → bytes is exact", arguments: SamplePackets.all().map { "\($0.1) \($0.0)" })
    func roundTrip(_ name: String) throws {
        let (_, side, packet) = SamplePackets.all().first { "\($0.1) \($0.0)" == name }!
        let value = try packet.jsonValue()
        let back = try Packet(json: value, from: side)
        #expect(back == packet)
        #expect(try back.encoded() == packet.encoded())
        // Also through the text form, as the CLI does.
        #expect(try Packet(json: try JSONValue(parsing: value.canonicalBytes()), from: side) == packet)
    }

    @Test("a client PUBLISH of RC:TxtMsg, member by member")
    func publishForm() throws {
        let p = SamplePackets.client.first { $0.0 == "PUBLISH" }!.1
        let expected = try json(
            #"{"header":{"type":"PUBLISH","dup":false,"qos":1,"retain":false},"topic":"ppMsgP","targetId":"u2","messageId":1,"bodyType":"UpStreamMessage","body":{"sessionId":3,"classname":"RC:TxtMsg","content":"{\"content\":\"hi\"}","configFlag":0,"$content":{"registered":true,"value":{"content":"hi"}}}}"#
        )
        #expect(try canonical(p.jsonValue()) == canonical(expected))
    }

    @Test("server PUBACK, CONNACK: derived members")
    func derived() throws {
        let ack = SamplePackets.server.first { $0.0 == "PUBACK" }!.1
        #expect(
            try canonical(ack.jsonValue())
                == #"{"header":{"type":"PUBACK","dup":false,"qos":0,"retain":true},"messageId":1,"date":1700000000,"status":0,"millisecond":123,"messageUId":"ABCD-EFGH-IJKL-MNOP","$sentTime":1700000000123}"#
        )
        let connack = Packet(.connAck(.init(status: 4)))
        #expect(
            try canonical(connack.jsonValue())
                == #"{"header":{"type":"CONNACK","dup":false,"qos":0,"retain":false},"reserved":0,"status":4,"$statusName":"TOKEN_INCORRECT"}"#)
        // `$` members are ignored on input, whatever they say.
        let edited = try json(#"{"header":{"type":"CONNACK"},"status":4,"$statusName":"nonsense"}"#)
        #expect(try Packet(json: edited, from: .server) == connack)
    }

    @Test("CONNACK version 4: flags and the fields it names; read back only as version 4")
    func connAckVersion4() throws {
        let ack = Packet(.connAck(.init(status: 0, fields: .init(userId: "alice", timestamp: 1_795_933_902_445, messageId: 1000))), retain: true)
        let value = try ack.jsonValue()
        #expect(
            try canonical(value)
                == #"{"header":{"type":"CONNACK","dup":false,"qos":0,"retain":true},"reserved":0,"status":0,"$statusName":"ACCEPTED","flags":13,"userId":"alice","timestamp":1795933902445,"messageId":1000}"#
        )
        #expect(try Packet(json: value, from: .server, protocol: .v4) == ack)
        // Version 3's form has no flags or messageId.
        expectCode(.invalidValue) { _ = try Packet(json: value, from: .server) }
        // flags may be left out (then the fields decide it); when given, bits 0-3 must match them.
        let noFlags = try json(#"{"header":{"type":"CONNACK","retain":true},"status":0,"userId":"alice","timestamp":1795933902445,"messageId":1000}"#)
        #expect(try Packet(json: noFlags, from: .server, protocol: .v4) == ack)
        let wrong = try json(#"{"header":{"type":"CONNACK"},"status":0,"flags":1,"messageId":1}"#)
        expectCode(.invalidValue) { _ = try Packet(json: wrong, from: .server, protocol: .v4) }
        // flags 0: a tail of one byte and no field; high bits are kept.
        let empty = try json(#"{"header":{"type":"CONNACK"},"status":0,"flags":240}"#)
        #expect(try Packet(json: empty, from: .server, protocol: .v4).encoded() == [0x20, 0, 0, 0xF0])
        // No flags and no fields: the short form, as in version 3.
        let short = try json(#"{"header":{"type":"CONNACK"},"status":14}"#)
        #expect(try Packet(json: short, from: .server, protocol: .v4).encoded() == [0x20, 0, 14])
        let big = try json(#"{"header":{"type":"CONNACK"},"status":0,"messageId":65536}"#)
        expectCode(.numberOutOfRange) { _ = try Packet(json: big, from: .server, protocol: .v4) }
    }

    @Test("DISCONNECT: $statusName for the named reasons")
    func disconnectName() throws {
        let d = Packet(.disconnect(.init(status: 6)))
        #expect(
            try canonical(d.jsonValue())
                == #"{"header":{"type":"DISCONNECT","dup":false,"qos":0,"retain":false},"reserved":0,"status":6,"$statusName":"REDIRECT_NEW"}"#)
        #expect(try Packet(json: d.jsonValue(), from: .server) == d)
    }

    @Test("non-canonical strings use the exact form")
    func exactStrings() throws {
        let frame = [0x40 | 0x01, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0] + lengthPrefixed(bytes("f09f9880"))
        let p = try Packet.decode(frame, from: .server)
        let v = try p.jsonValue()
        #expect(v.objectValue?["messageUId"] == ["text": "😀", "hex": "f09f9880"])
        #expect(try Packet(json: v, from: .server).encoded() == frame)
        // A plain JSON string is written as CESU-8.
        let plain = try json(#"{"header":{"type":"PUBACK"},"messageId":1,"date":0,"status":0,"millisecond":0,"messageUId":"😀"}"#)
        #expect(try Packet(json: plain, from: .server).encoded() == [0x40, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0] + lengthPrefixed(bytes("eda0bd edb880")))
        let mismatch = try json(#"{"header":{"type":"PUBACK"},"messageId":1,"date":0,"status":0,"millisecond":0,"messageUId":{"text":"x","hex":"79"}}"#)
        expectCode(.invalidValue) { _ = try Packet(json: mismatch, from: .server) }
    }

    @Test("bodyHex appears for bodies that would not re-encode the same, and wins on encode")
    func bodyHex() throws {
        // Fields out of number order, and an unknown field 15.
        let outOfOrder = lengthDelimited(2, Array("RC:TxtMsg".utf8)) + varintField(1, 3) + lengthDelimited(3, Array("{}".utf8))
        let unknownField = varintField(1, 3) + lengthDelimited(2, Array("RC:TxtMsg".utf8)) + lengthDelimited(3, Array("{}".utf8)) + [0x78, 0x01]
        for payload in [outOfOrder, unknownField] {
            let p = Packet(.publish(.init(topic: .ppMsgP, targetId: "u", messageId: 1, payload: payload)))
            let v = try p.jsonValue()
            #expect(v.objectValue?["bodyHex"] == .string(Hex.encode(payload)))
            #expect(v.objectValue?["bodyType"] == "UpStreamMessage")
            #expect(try Packet(json: v, from: .client).encoded() == p.encoded())
        }
    }

    @Test("unknown topics and QUERYACKs without the query topic give bodyHex only")
    func undecodedBodies() throws {
        let stat = Packet(.serverPublish(.init(date: 0, topic: .s_stat, targetId: "", messageId: 1, payload: [1, 2, 3])))
        #expect(try canonical(stat.jsonValue()).hasSuffix(#""messageId":1,"bodyHex":"010203"}"#))
        var list = Modules_DownStreamMessages()
        list.syncTime = 5
        let ack = Packet(.queryAck(.init(messageId: 3, date: 0, payload: try list.serializedBytes())))
        #expect(try ack.jsonValue().objectValue?["bodyHex"] == "1005")
        let decoded = try ack.jsonValue(options: PacketJSONOptions(queryTopic: .pullMsg))
        #expect(decoded.objectValue?["body"] == ["syncTime": 5])
        #expect(decoded.objectValue?["bodyType"] == "DownStreamMessages")
        #expect(try Packet(json: decoded, from: .server) == ack)
        // decodeBodies: false prints every payload as hex.
        let pub = SamplePackets.client.first { $0.0 == "PUBLISH" }!.1
        #expect(try pub.jsonValue(options: PacketJSONOptions(decodeBodies: false)).objectValue?["bodyType"] == nil)
    }

    @Test("bytes fields that are not UTF-8 use {\"hex\": …}")
    func binaryBytesField() throws {
        var item = Modules_UserSettingItem()
        item.targetID = "t"
        item.type = .group
        item.key = "k"
        item.value = .init([0xFF, 0x00])
        item.version = 1
        item.status = 1
        var out = Modules_PullUserSettingOutput()
        out.items = [item]
        out.version = 2
        let ack = Packet(.queryAck(.init(messageId: 1, date: 0, payload: try out.serializedBytes())))
        let v = try ack.jsonValue(options: PacketJSONOptions(queryTopic: .pullUS))
        #expect(
            try canonical(v.objectValue!["body"]!)
                == #"{"items":[{"targetId":"t","type":"GROUP","key":"k","value":{"hex":"ff00"},"version":1,"status":1}],"version":2}"#)
        #expect(try Packet(json: v, from: .server) == ack)
    }

    @Test("protobuf errors in a known body fail the JSON form")
    func bodyErrors() {
        let bad = Packet(.publish(.init(topic: .ppMsgP, targetId: "u", messageId: 1, payload: [0x0A])))
        expectCode(.protobufDecoding) { _ = try bad.jsonValue() }
        let missing = Packet(.publish(.init(topic: .ppMsgP, targetId: "u", messageId: 1, payload: varintField(1, 3))))
        expectCode(.missingRequiredField) { _ = try missing.jsonValue() }
    }

    static let badJSON: [(String, String, Side, CodecError.Code)] = [
        ("not an object", "[]", .client, .typeMismatch),
        ("no header", #"{"messageId":1}"#, .client, .missingRequiredField),
        ("unknown type name", #"{"header":{"type":"PING"}}"#, .client, .invalidValue),
        ("reserved type", #"{"header":{"type":"RESERVED"}}"#, .client, .unknownPacketType),
        ("unsupported type", #"{"header":{"type":"SUBSCRIBE"}}"#, .client, .unsupportedPacketType),
        ("wrong direction", #"{"header":{"type":"CONNACK"},"status":0}"#, .client, .wrongDirection),
        ("qos 4", #"{"header":{"type":"PINGREQ","qos":4}}"#, .client, .numberOutOfRange),
        ("dup not a bool", #"{"header":{"type":"PINGREQ","dup":1}}"#, .client, .typeMismatch),
        ("unknown member", #"{"header":{"type":"PINGREQ"},"extra":1}"#, .client, .invalidValue),
        ("missing messageId", #"{"header":{"type":"QUERYCON"}}"#, .client, .missingRequiredField),
        ("messageId 65536", #"{"header":{"type":"QUERYCON"},"messageId":65536}"#, .client, .numberOutOfRange),
        ("messageId -1", #"{"header":{"type":"QUERYCON"},"messageId":-1}"#, .client, .numberOutOfRange),
        ("messageId 1.5", #"{"header":{"type":"QUERYCON"},"messageId":1.5}"#, .client, .typeMismatch),
        ("CONNACK tail incomplete", #"{"header":{"type":"CONNACK"},"status":0,"userId":"u"}"#, .server, .missingRequiredField),
        ("body without bodyType", #"{"header":{"type":"PUBLISH"},"topic":"t","targetId":"","messageId":1,"body":{}}"#, .client, .missingRequiredField),
        ("unknown bodyType", #"{"header":{"type":"PUBLISH"},"topic":"t","targetId":"","messageId":1,"bodyType":"X","body":{}}"#, .client, .invalidValue),
        ("body misses a required field", #"{"header":{"type":"PUBLISH"},"topic":"t","targetId":"","messageId":1,"bodyType":"UpStreamMessage","body":{"sessionId":1}}"#, .client, .missingRequiredField),
        ("body has an unknown field", #"{"header":{"type":"PUBLISH"},"topic":"t","targetId":"","messageId":1,"bodyType":"NotifyMsg","body":{"type":1,"x":2}}"#, .client, .invalidValue),
        // ENV-JSON-005: integers are JSON numbers inside the body too (found by the C testee).
        ("a quoted int32 in the body", #"{"header":{"type":"PUBLISH"},"topic":"t","targetId":"","messageId":1,"bodyType":"NotifyMsg","body":{"type":"1"}}"#, .client, .typeMismatch),
        ("a quoted int64 in a nested body", #"{"header":{"type":"QUERYACK"},"messageId":1,"date":0,"status":0,"bodyType":"ChrmKVOutput","body":{"entries":[{"key":"k","value":"v","timestamp":"7"}]}}"#, .server, .typeMismatch),
        ("an undefined body member, even null", #"{"header":{"type":"PUBLISH"},"topic":"t","targetId":"","messageId":1,"bodyType":"NotifyMsg","body":{"type":1,"x":null}}"#, .client, .invalidValue),
        ("a null required bytes member", #"{"header":{"type":"PUBLISH"},"topic":"t","targetId":"","messageId":1,"bodyType":"UpStreamMessage","body":{"sessionId":1,"classname":"x","content":null}}"#, .client, .missingRequiredField),
        ("bad bodyHex", #"{"header":{"type":"PUBLISH"},"topic":"t","targetId":"","messageId":1,"bodyHex":"0g"}"#, .client, .invalidValue),
        ("a member of another packet type", #"{"header":{"type":"QUERYCON"},"messageId":1,"topic":"t"}"#, .client, .invalidValue),
        ("lone surrogate in exact string", #"{"header":{"type":"PUBLISH"},"topic":{"hex":"eda0bd"},"targetId":"","messageId":1}"#, .client, .invalidString),
    ]

    @Test("malformed packet JSON gives typed errors", arguments: badJSON.indices)
    func rejects(_ i: Int) throws {
        let (name, text, side, code) = Self.badJSON[i]
        let value = try json(text)
        expectCode(code, "\(name)") { _ = try Packet(json: value, from: side) }
    }

    @Test("null body members are absent (ENV-JSON-005): sub-messages, repeated fields, scalars")
    func nullMembers() throws {
        let input = #"{"type":"GROUP","msg":null,"count":null,"busChannel":null}"#
        #expect(try BodyJSON.payload(from: try json(input), as: .relationsInput) == [0x08, 0x03])
        let list = #"{"list":null,"syncTime":1}"#
        #expect(try BodyJSON.payload(from: try json(list), as: .downStreamMessages) == [0x10, 0x01])
    }

    @Test("enums still take a number on input; integers given as numbers in any spelling still encode")
    func integerSpellings() throws {
        #expect(try BodyJSON.payload(from: try json(#"{"type":3}"#), as: .relationsInput) == [0x08, 0x03])
        #expect(try BodyJSON.payload(from: try json(#"{"type":1e1}"#), as: .notifyMsg) == [0x08, 0x0A])
    }

    @Test("chatroom KV set with a notification: nested UpStreamMessage gets $content too")
    func nested() throws {
        let text = #"{"entry":{"key":"k","value":"v","status":3},"bNotify":true,"notification":{"sessionId":0,"classname":"RC:chrmKVNotiMsg","content":"{\"type\":1,\"key\":\"k\",\"value\":\"v\"}"},"type":"TEMPGROUP"}"#
        let payload = try BodyJSON.payload(from: try json(text), as: .setChrmKV)
        let q = Packet(.query(.init(topic: .setKV, targetId: "room", messageId: 4, payload: payload)))
        let v = try q.jsonValue()
        let notification = v.objectValue?["body"]?.objectValue?["notification"]?.objectValue
        #expect(notification?["$content"]?.objectValue?["registered"] != nil)
        #expect(try Packet(json: v, from: .client) == q)
    }
}
