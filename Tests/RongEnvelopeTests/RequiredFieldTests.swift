// Tests/RongEnvelopeTests/RequiredFieldTests.swift - errors that name the missing required field

import RongCodec
import Testing

@testable import RongEnvelope

@Suite("Missing required fields")
struct RequiredFieldTests {
    /// A DownStreamMessage with every required field but those left out (numbers) and with
    /// `type` given as `typeValue`.
    static func down(typeValue: UInt64 = 3, leaving out: Set<UInt8> = []) -> [UInt8] {
        let fields: [(UInt8, [UInt8])] = [
            (1, lengthDelimited(1, Array("u1".utf8))), (2, varintField(2, typeValue)), (4, lengthDelimited(4, Array("RC:TxtMsg".utf8))),
            (5, lengthDelimited(5, Array("{}".utf8))), (6, varintField(6, 1)), (7, varintField(7, 0)),
        ]
        return fields.filter { !out.contains($0.0) }.flatMap(\.1)
    }

    static func error(_ body: () throws -> Void) -> CodecError? {
        do {
            try body()
            return nil
        } catch {
            return error as? CodecError
        }
    }

    @Test("a field that is simply absent is named with its number and path")
    func absent() {
        let e = Self.error { _ = try BodyJSON.json(of: Self.down(leaving: [4]), as: .downStreamMessage) }
        #expect(e?.code == .missingRequiredField)
        #expect(e?.reason == "DownStreamMessage lacks required field classname (4)")
        #expect(e?.path == "$.classname")
    }

    @Test("inside a list the path names the element; the packet JSON puts it under $.body")
    func nested() throws {
        let list = lengthDelimited(1, Self.down()) + lengthDelimited(1, Self.down(typeValue: 12)) + varintField(2, 5)
        let e = Self.error { _ = try BodyJSON.json(of: list, as: .downStreamMessages) }
        #expect(e?.reason == "DownStreamMessage lacks required field type (2): it holds 12, which ChannelType does not define")
        #expect(e?.path == "$.list[1].type")
        let ack = Packet(.queryAck(.init(messageId: 9, date: 1, status: 0, payload: list)))
        let p = Self.error { _ = try ack.jsonValue(options: PacketJSONOptions(queryTopic: .pullMsg)) }
        #expect(p?.code == .missingRequiredField && p?.path == "$.body.list[1].type")
        // The message's own fields are checked before its sub-messages.
        let both = lengthDelimited(1, Self.down(typeValue: 12))
        #expect(Self.error { _ = try BodyJSON.json(of: both, as: .downStreamMessages) }?.path == "$.syncTime")
    }

    @Test("another wire type in a required field is named too (ENV-BODY-006)")
    func wireType() {
        // SyncRequestMsg.ispolling (a bool) sent length-delimited.
        let e = Self.error { _ = try BodyJSON.json(of: varintField(1, 1) + lengthDelimited(2, []), as: .syncRequestMsg) }
        #expect(e?.reason == "SyncRequestMsg lacks required field ispolling (2): it was sent with wire type 2, which the field does not take")
        #expect(e?.path == "$.ispolling")
    }

    @Test("encoding the JSON form names the field with its packet JSON path")
    func encoding() throws {
        let json = try JSONValue(parsing: Array(#"{"header":{"type":"QUERY"},"topic":"qryRelation","targetId":"me","messageId":1,"bodyType":"RelationsInput","body":{"count":3}}"#.utf8))
        let e = Self.error { _ = try Packet(json: json, from: .client) }
        #expect(e?.code == .missingRequiredField)
        #expect(e?.reason == "RelationsInput lacks required field type (1)")
        #expect(e?.path == "$.body.type")
    }

    @Test("body paths join under $.body", arguments: [
        (nil, "$.body"), ("", "$.body"), ("$", "$.body"), ("$.type", "$.body.type"), ("$[1]", "$.body[1]"),
        ("type", "$.body.type"), ("[2].x", "$.body[2].x"), (".x", "$.body.x"),
    ] as [(String?, String)])
    func bodyPath(_ path: String?, _ expected: String) {
        #expect(CodecError.bodyPath(path) == expected)
        #expect(CodecError(.invalidValue, "x", path: path).underBody().path == expected)
    }

    @Test("unknown-field bytes: occurrences of one field, and no crash on cut input")
    func unknownFields() {
        let bytes = varintField(2, 12) + lengthDelimited(3, [1, 2]) + [0x1D, 1, 2, 3, 4] + varintField(2, 9)
        #expect(UnknownFields.occurrences(of: 2, in: bytes).map(\.varint) == [12, 9])
        #expect(UnknownFields.occurrences(of: 3, in: bytes).map(\.wireType) == [2, 5])
        for cut in 0..<bytes.count { _ = UnknownFields.occurrences(of: 2, in: Array(bytes[..<cut])) }
        #expect(UnknownFields.occurrences(of: 1, in: [0x0A, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]).isEmpty)
    }

    /// The tables against spec/rongcloud.proto.
    @Test("the required-field and message-field tables are exactly those of the schema")
    func tables() throws {
        let schema = try SchemaTableTests.schemaWithNumbers()
        let enums = try SchemaTableTests.enums()
        let messageNames = Set(schema.keys)
        #expect(BodyType.requiredFields[.getQNupTokenInput]?.first?.enumType == "FileType")
        for type in BodyType.allCases {
            let fields = schema[type.rawValue]!
            let required = fields.filter { $0.label == "required" }.sorted { $0.number < $1.number }.map {
                BodyType.RequiredField(number: $0.number, name: $0.name, enumType: enums.contains($0.type) ? $0.type : nil)
            }
            #expect((BodyType.requiredFields[type] ?? []) == required, "\(type) required fields")
            var messages: [Int: BodyType.MessageField] = [:]
            for f in fields where messageNames.contains(f.type) { messages[f.number] = .init(name: f.name, repeated: f.label == "repeated") }
            #expect((BodyType.messageFields[type] ?? [:]) == messages, "\(type) message fields")
        }
    }
}
