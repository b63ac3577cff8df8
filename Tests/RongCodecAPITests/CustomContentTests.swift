// Tests/RongCodecAPITests/CustomContentTests.swift - a custom content type on the public API alone
//
// This target imports RongCodec without @testable, and no file in it does: whatever compiles
// here is what an application can write. It defines, registers, decodes and encodes a custom
// type with a nested array of objects, as the MessageContent documentation describes.

import RongCodec
import Testing
import RongTestSupport

/// One gift in a gift message: an object inside an array.
struct GiftItem: Hashable, Sendable {
    var name = ""
    var quantity: Int?
    var unknownFields = JSONObject()

    enum Key: String, FieldKey { case name, quantity }
    static let fields = FieldTable(withoutSharedKeys: Key.self)
    static let quantities = 1...99

    static func decode(from d: inout ContentDecoder) throws(CodecError) -> GiftItem {
        var item = GiftItem()
        var r = try d.beginObject(fields)
        var name: String?
        while let f = try d.nextField(&r) {
            switch f {
            case .name: name = try d.decodeString()
            case .quantity: item.quantity = try d.decodeInt(range: quantities)
            }
        }
        guard let name else { throw CodecError(.missingRequiredField, "a gift item needs a name", offset: r.startOffset) }
        item.name = name
        item.unknownFields = r.unknownFields
        return item
    }

    func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("name", name)
        try w.field("quantity", quantity, in: Self.quantities)
        try w.unknownMembers(unknownFields, of: Self.fields)
        w.endObject()
    }
}

/// `App:GiftMsg`: `giftId` (required), `count` (1...1000), `items` (array of objects), `tags`.
struct GiftMessage: MessageContent {
    static let objectName = "App:GiftMsg"
    static let persistence = PersistenceFlag.isCounted
    enum Key: String, FieldKey { case giftId, count, items, tags }
    static let fields = FieldTable(Key.self)
    static let counts: ClosedRange<Int64> = 1...1000

    var giftId = ""
    var count: Int64?
    var items: [GiftItem]?
    var tags: [String]?
    var common = ContentCommon()

    init(giftId: String, count: Int64? = nil, items: [GiftItem]? = nil, tags: [String]? = nil) {
        self.giftId = giftId
        self.count = count
        self.items = items
        self.tags = tags
    }

    init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        var giftId: String?
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.giftId): giftId = try d.decodeString()
            case .own(.count): count = try d.decodeInt64(range: Self.counts)
            case .own(.items): items = try d.decodeArray { (d: inout ContentDecoder) throws(CodecError) in try GiftItem.decode(from: &d) }
            case .own(.tags): tags = try d.decodeStringArray()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        guard let giftId else { throw CodecError(.missingRequiredField, "App:GiftMsg needs giftId", offset: r.startOffset) }
        self.giftId = giftId
        common.finish(r, d)
    }

    func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("giftId", giftId)
        try w.field("count", count, in: Self.counts)
        if let items {
            w.key("items")
            w.beginArray()
            for item in items { try item.encode(to: &w) }
            w.endArray()
        }
        w.field("tags", tags)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}

/// A second reader of the same array shape, with the lower-level element loop.
func itemNames(_ json: String) throws(CodecError) -> [String] {
    struct Names: MessageContent {
        static let objectName = "App:Names"
        static let persistence = PersistenceFlag.none
        enum Key: String, FieldKey { case items }
        static let fields = FieldTable(withoutSharedKeys: Key.self)
        var names: [String] = []
        var common = ContentCommon()
        init(from d: inout ContentDecoder) throws(CodecError) {
            var r = try d.beginObject(Self.fields)
            while try d.nextField(&r) != nil {
                var a = try d.beginArray()
                while try d.nextElement(&a) { names.append(try GiftItem.decode(from: &d).name) }
            }
            common.finish(r, d)
        }
        func encode(to w: inout JSONWriter) throws(CodecError) {}
    }
    return try Names(json: json).names
}

@Suite("Public API: a custom content type")
struct CustomContentTests {
    static let canonical =
        #"{"giftId":"rose","count":3,"items":[{"name":"rose","quantity":2,"color":"red"},{"name":"card"}],"tags":["love"],"extra":"e","user":{"id":"u1"},"x":1}"#

    @Test("registers, decodes by objectName, and encodes back to the canonical bytes")
    func registerDecodeEncode() throws {
        var registry = ContentRegistry()
        try registry.register(GiftMessage.self)
        #expect(registry.type(for: "App:GiftMsg") == GiftMessage.self)

        let input = #"{"x":1,"user":{"id":"u1"},"tags":["love"],"extra":"e","items":[{"quantity":2,"name":"rose","color":"red"},{"name":"card"}],"count":3,"giftId":"rose"}"#
        let decoded = try registry.decode(objectName: "App:GiftMsg", bytes: Array(input.utf8))
        let gift = try #require(decoded.typed as? GiftMessage)
        #expect(gift.giftId == "rose")
        #expect(gift.count == 3)
        #expect(gift.items?.map(\.name) == ["rose", "card"])
        #expect(gift.items?.first?.unknownFields["color"] == "red")
        #expect(gift.user?.id == "u1")
        #expect(gift.unknownFields["x"] == 1)
        #expect(decoded.persistence == .isCounted)

        #expect(try gift.jsonString() == Self.canonical)
        #expect(try decoded.jsonBytes() == Array(Self.canonical.utf8))
        let again = try GiftMessage(json: Self.canonical, options: .strict)
        #expect(again == gift)
        #expect(try itemNames(Self.canonical) == ["rose", "card"])
    }

    @Test("leniencies of the shared rules fire for custom types too")
    func leniencies() throws {
        let gift = try GiftMessage(json: #"{"giftId":"g","count":null,"localPath":"/a","user":{}}"#)
        #expect(gift == GiftMessage(giftId: "g"))
        #expect(Set(gift.diagnostics.leniencies) == [.nullAsAbsent, .localPathDropped, .emptyUser])
        expectCodecError(.notNormalized) { try GiftMessage(json: #"{"giftId":"g","count":null}"#, options: .strict) }
    }

    static let rejected: [(String, CodecError.Code, String, String)] = [
        (#"{"giftId":"g","items":[{"name":"a"},{"name":5}]}"#, .typeMismatch, "$.items[1].name", #"{"giftId":"g","items":[{"name":"a"},{"name":"#),
        (#"{"giftId":"g","items":[{"name":"a","quantity":100}]}"#, .numberOutOfRange, "$.items[0].quantity", #"{"giftId":"g","items":[{"name":"a","quantity":"#),
        (#"{"giftId":"g","items":{}}"#, .typeMismatch, "$.items", #"{"giftId":"g","items":"#),
        (#"{"count":0,"giftId":"g"}"#, .numberOutOfRange, "$.count", #"{"count":"#),
        (#"{"count":1}"#, .missingRequiredField, "$", ""),
    ]

    @Test("errors carry code, path and offset", arguments: rejected)
    func rejects(_ input: String, _ code: CodecError.Code, _ path: String, _ before: String) {
        do throws(CodecError) {
            _ = try GiftMessage(json: input)
            Issue.record("accepted \(input)")
        } catch {
            #expect(error.code == code, "\(error)")
            #expect(error.path == path, "\(error)")
            #expect(error.offset == before.utf8.count, "\(error)")
        }
    }

    @Test("the encoder refuses what the decoder rejects")
    func encodeRefusals() {
        func refusal(_ value: GiftMessage) -> CodecError? {
            do throws(CodecError) {
                _ = try value.jsonBytes()
                return nil
            } catch {
                return error
            }
        }
        var zero = GiftMessage(giftId: "g", count: 0)
        #expect(refusal(zero)?.code == .invalidValue)
        #expect(refusal(zero)?.path == "$.count")
        zero.count = 1
        zero.items = [GiftItem(name: "a", quantity: 100)]
        #expect(refusal(zero)?.path == "$.items[0].quantity")
        var shadow = GiftMessage(giftId: "g")
        shadow.unknownFields["count"] = 5
        #expect(refusal(shadow)?.code == .unknownKeyConflict)
        #expect(refusal(shadow)?.path == "$.count")
        var item = GiftItem(name: "a")
        item.unknownFields["name"] = "b"
        #expect(refusal(GiftMessage(giftId: "g", items: [item]))?.code == .unknownKeyConflict)
        #expect(refusal(GiftMessage(giftId: "g", count: 1000, items: [GiftItem(name: "a", quantity: 99)])) == nil)
    }
}
