// Tests/RongCodecTests/RegistryTests.swift - registry, custom types, objectName rules

import Testing

@testable import RongCodec
import RongTestSupport

/// A custom type as an app would write it (the live-chatroom demo's gift message, renamed).
struct GiftMessage: MessageContent {
    static let objectName = "App:GiftMsg"
    static let persistence = PersistenceFlag.status
    enum Key: String, FieldKey { case type, count }
    static let fields = FieldTable(Key.self)
    var type: String?
    var count: Int64?
    var common = ContentCommon()

    init(type: String? = nil, count: Int64? = nil) {
        self.type = type
        self.count = count
    }

    init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.type): type = try d.decodeString()
            case .own(.count): count = try d.decodeInt64(range: 0...10_000)
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("type", type)
        w.field("count", count)
        try common.encode(to: &w)
        w.endObject()
    }
}

struct RenamedGift: MessageContent {
    static let objectName = "RC:GiftMsg"
    static let persistence = PersistenceFlag.status
    var common = ContentCommon()
    init() {}
    init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(FieldTable(NoKeys.self))
        while let f = try d.nextField(&r) {
            switch f {
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }
    func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        try common.encode(to: &w)
        w.endObject()
    }
}

@Suite("Registry")
struct RegistryTests {
    @Test("the built-in catalog has unique objectNames and no alias shadows a type")
    func catalogIsConsistent() {
        let names = BuiltInCatalog.types.map { $0.objectName }
        #expect(Set(names).count == names.count)
        for (alias, target) in BuiltInCatalog.aliases {
            #expect(!names.contains(alias), "\(alias) is both a type and an alias")
            #expect(names.contains(target), "\(alias) points at \(target), which is not a type")
        }
    }

    @Test("every built-in type declares its keys, the shared keys last (localPath, dropped, among them)")
    func keys() {
        let shared = ["extra", "user", "mentionedInfo", "isBurnAfterRead", "burnDuration", "localPath"]
        // An array-content type (RC:Delivered) has no shared keys: it lists its elements' keys.
        for t in BuiltInCatalog.types where !t.isArrayContent {
            let keys = BuiltInCatalog.keys(of: t)
            #expect(Array(keys.suffix(shared.count)) == shared, "\(t.objectName)")
            #expect(keys.filter { $0 == "localPath" }.count == 1, "\(t.objectName)")
        }
        #expect(BuiltInCatalog.keys(of: TextMessage.self) == ["content"] + shared)
        #expect(BuiltInCatalog.keys(of: DeliveryReceiptMessage.self) == ["messageUId", "time", "targetId", "objectName"])
        #expect(BuiltInCatalog.types.filter { $0.isArrayContent }.map { $0.objectName } == ["RC:Delivered"])
    }

    @Test("every key in a built-in type's table decodes as the case of that name")
    func keysDecodeAsTheirCases() {
        func mismatches<T: DeclaresFieldTable>(_ type: T.Type) -> [String] {
            T.fields.names.filter { T.fields.field(named: $0)?.name != $0 }
        }
        func elementMismatches<T: DeclaresElementTable>(_ type: T.Type) -> [String] {
            T.elementFields.names.filter { T.elementFields.field(named: $0)?.name != $0 }
        }
        for t in BuiltInCatalog.types {
            if let declaring = t as? any DeclaresFieldTable.Type {
                #expect(mismatches(declaring).isEmpty, "\(t.objectName)")
            } else if let declaring = t as? any DeclaresElementTable.Type {
                #expect(elementMismatches(declaring).isEmpty, "\(t.objectName)")
            } else {
                Issue.record("\(t.objectName) declares no field table")
            }
        }
        #expect(TextMessage.fields.field(named: "content") == .own(.content))
        #expect(TextMessage.fields.field(named: "localPath") == .shared(.localPath))
        #expect(TextMessage.fields.field(named: "contents") == nil)
    }

    @Test("objectName lookups find every name and alias, by bytes; the overloads agree")
    func lookups() throws {
        let r = ContentRegistry.builtIn
        for t in BuiltInCatalog.types {
            #expect(r.type(for: t.objectName) == t, "\(t.objectName)")
            #expect(!r.isAlias(t.objectName))
        }
        for (alias, target) in BuiltInCatalog.aliases {
            #expect(r.type(for: alias)?.objectName == target, "\(alias)")
            #expect(r.isAlias(alias))
        }
        for miss in ["", "RC:TxtMsg ", "rc:txtmsg", "RC:TxtMs", "RC:TxtMsgX", String(repeating: "RC:", count: 40)] {
            #expect(r.type(for: miss) == nil, "\(miss)")
        }
        let bytes = Array(#"{"content":"hi"}"#.utf8)
        let viaArray = try r.decode(objectName: "RC:TxtMsg", bytes: bytes)
        let viaRaw = try bytes.withUnsafeBytes { raw throws(CodecError) in try r.decode(objectName: "RC:TxtMsg", bytes: raw) }
        let viaGeneric = try r.decode(objectName: "RC:TxtMsg", bytes: bytes[...])
        #expect(viaArray == viaRaw && viaArray == viaGeneric && viaArray.objectName == "RC:TxtMsg")
        #expect(try bytes.withUnsafeBytes { raw throws(CodecError) in try r.decode(objectName: "App:X", bytes: raw) } == .unknown(UnknownContent(objectName: "App:X", bytes: bytes)))
    }

    @Test("table keys that JSON must escape are never matched as raw bytes")
    func escapedTableKeys() throws {
        enum EscapedKey: String, FieldKey {
            case quote = "a\"b", backslash = "c\\d"
        }
        let table = FieldTable(withoutSharedKeys: EscapedKey.self)
        func fields(_ json: String) throws -> [EscapedKey] {
            try Array(json.utf8).withUnsafeBytes { (raw) throws(CodecError) -> [EscapedKey] in
                var d = ContentDecoder(source: raw, options: .default)
                var r = try d.beginObject(table)
                var out: [EscapedKey] = []
                while let f = try d.nextField(&r) {
                    out.append(f)
                    try d.skipValue()
                }
                return out
            }
        }
        #expect(try fields(#"{"a\"b":1,"c\\d":2}"#) == [.quote, .backslash])
        expectCodecError(.unexpectedByte) { try fields(#"{"a"b":1}"#) }
        expectCodecError(.invalidEscape) { try fields(#"{"c\d":1}"#) }
    }

    @Test("each leniency rule has its own bit, in declaration order")
    func leniencyBits() {
        for (i, rule) in Leniency.allCases.enumerated() {
            #expect(rule.index == i, "\(rule)")
            var set = LeniencySet()
            set.insert(rule)
            #expect(Array(set) == [rule])
        }
        #expect(Leniency.allCases.count <= 64)
    }

    @Test("unregistered objectNames keep their bytes untouched")
    func unknownContent() throws {
        let bytes = Array(#"{ "b" : 1, "a":[ ] }"#.utf8) + [0xFF]  // not even valid JSON
        let decoded = try ContentRegistry.builtIn.decode(objectName: "App:Thing", bytes: bytes)
        #expect(decoded == .unknown(UnknownContent(objectName: "App:Thing", bytes: bytes)))
        #expect(try decoded.jsonBytes() == bytes)
        #expect(decoded.persistence == nil)
    }

    @Test("custom types register, decode and round-trip")
    func customType() throws {
        var registry = ContentRegistry()
        try registry.register(GiftMessage.self)
        let decoded = try registry.decode(objectName: "App:GiftMsg", bytes: Array(#"{"count":3,"type":"rose","user":{"id":"u","icon":"i"}}"#.utf8))
        let gift = try #require(decoded.typed as? GiftMessage)
        #expect(gift.type == "rose")
        #expect(gift.count == 3)
        #expect(gift.user?.portrait == "i")
        #expect(try gift.jsonString() == #"{"type":"rose","count":3,"user":{"id":"u","portrait":"i"}}"#)
        #expect(decoded.persistence == .status)
        expectCodecError(.numberOutOfRange) { try registry.decode(objectName: "App:GiftMsg", bytes: Array(#"{"count":99999}"#.utf8)) }
        expectCodecError(.duplicateRegistration) { try registry.register(GiftMessage.self) }
        // The built-in registry is unaffected.
        #expect(ContentRegistry.builtIn.type(for: "App:GiftMsg") == nil)
    }

    @Test("custom objectNames may not use the reserved prefix")
    func reservedPrefix() {
        var registry = ContentRegistry()
        expectCodecError(.invalidObjectName) { try registry.register(RenamedGift.self) }
        var relaxed = ContentRegistry(nameRules: ObjectNameRules(reservedPrefix: .none))
        #expect(throws: Never.self) { try relaxed.register(RenamedGift.self) }
    }

    static let names: [(String, ObjectNameRules.ReservedPrefix, Bool)] = [
        ("App:GiftMsg", .rcColon, true),
        ("RC:GiftMsg", .rcColon, false),
        ("RCGift", .rcColon, true),
        ("RCGift", .rc, false),
        ("RC:Gift", .none, true),
        ("", .rcColon, false),
        ("has space", .rcColon, false),
        ("中文", .rcColon, false),
        (String(repeating: "a", count: 64), .rcColon, true),
        (String(repeating: "a", count: 65), .rcColon, false),
    ]

    @Test("objectName rules", arguments: names)
    func nameRules(_ name: String, _ prefix: ObjectNameRules.ReservedPrefix, _ valid: Bool) {
        let rules = ObjectNameRules(reservedPrefix: prefix)
        if valid {
            #expect(throws: Never.self) { try rules.validate(name) }
        } else {
            expectCodecError(.invalidObjectName) { try rules.validate(name) }
        }
    }

    @Test("alias objectNames decode as the canonical type and are reported")
    func aliases() throws {
        let decoded = try ContentRegistry.builtIn.decode(objectName: "RC:RCntf", bytes: Array("{}".utf8))
        if ContentRegistry.builtIn.type(for: "RC:RcNtf") != nil {
            #expect(decoded.objectName == "RC:RcNtf")
            #expect(decoded.typed?.diagnostics.leniencies.contains(.objectNameAlias) == true)
            expectCodecError(.notNormalized) {
                try ContentRegistry.builtIn.decode(objectName: "RC:RCntf", bytes: Array("{}".utf8), options: .strict)
            }
        }
        // The seed's sample-code typo is not an alias.
        #expect(ContentRegistry.builtIn.type(for: "RC:TXT") == nil)
    }

    @Test("typed values compare through AnyMessageContent")
    func anyContent() {
        let a = AnyMessageContent(TextMessage(content: "x"))
        #expect(a == AnyMessageContent(TextMessage(content: "x")))
        #expect(a != AnyMessageContent(TextMessage(content: "y")))
        #expect(a != AnyMessageContent(ImageMessage(content: "x")))
        #expect(a.objectName == "RC:TxtMsg")
    }
}
