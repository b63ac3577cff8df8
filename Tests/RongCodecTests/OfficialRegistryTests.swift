// Tests/RongCodecTests/OfficialRegistryTests.swift - the catalog as RongCloud's registry: attributes, open and array content

import RongTestSupport
import Testing

@testable import RongCodec

/// A custom open type, as an app registers one whose keys it does not model.
enum AppPingKind: OpenContentKind {
    static let objectName = "App:Ping"
    static let persistence = PersistenceFlag.status
    static let attributes: ContentAttributes = .command
}

@Suite("Official registry")
struct OfficialRegistryTests {
    @Test("command and media are public on the type, the catalog entry and the decoded content")
    func attributes() throws {
        #expect(RecallCommandMessage.attributes == .command && RecallCommandMessage.isCommand && !RecallCommandMessage.isMedia)
        #expect(ImageMessage.isMedia && !ImageMessage.isCommand)
        #expect(TextMessage.attributes.isEmpty)
        // NONE but not a command (RUST): the app receives RC:CmdMsg as a message.
        #expect(CommandMessage.persistence == .none && !CommandMessage.isCommand)
        #expect(ContentAttributes.command.description == "command" && ContentAttributes([.command, .media]).names == ["command", "media"])
        #expect(ContentAttributes().description == "-")

        let typing = try #require(BuiltInCatalog.entry(for: "RC:TypSts"))
        #expect(typing.persistence == .status && typing.attributes == .command && typing.isInOfficialRegistry && !typing.isOpen)
        #expect(BuiltInCatalog.entry(for: "RC:HQVcMsg") == nil)  // aliases are not entries
        #expect(BuiltInCatalog.entry(for: "RC:HQVCMsg")?.aliases == ["RC:HQVcMsg", "RC:HQVoiceMsg"])

        let r = ContentRegistry.builtIn
        #expect(try r.decode(objectName: "RC:RcCmd", bytes: Array(#"{"messageUId":"A"}"#.utf8)).attributes == .command)
        #expect(try r.decode(objectName: "RC:HQVcMsg", bytes: Array("{}".utf8)).attributes == .media)
        #expect(try r.decode(objectName: "App:X", bytes: Array("{}".utf8)).attributes == nil)
        #expect(GiftMessage.attributes.isEmpty)
    }

    @Test("the catalog is RongCloud's 64 types plus the kit's 11; the kit's are the ones RUST lacks")
    func registry() {
        let entries = BuiltInCatalog.entries
        #expect(entries.map(\.objectName) == BuiltInCatalog.types.map { $0.objectName })
        #expect(entries.count == 75)
        #expect(entries.filter(\.isInOfficialRegistry).count == 64)
        // official-sdks.md § 1: "RUST does not register RC:CombineMsg, RC:StkMsg, RC:CardMsg,
        // RC:PSImgTxtMsg, RC:PSMultiImgTxtMsg, RC:StreamMsg or the RC:RL* types".
        let kit = Set(entries.filter { !$0.isInOfficialRegistry }.map(\.objectName))
        #expect(
            kit == [
                "RC:CombineMsg", "RC:StkMsg", "RC:CardMsg", "RC:PSImgTxtMsg", "RC:PSMultiImgTxtMsg", "RC:StreamMsg", "RC:RLStart",
                "RC:RLJoin", "RC:RLQuit", "RC:RL", "RC:RLEnd",
            ])
        let open = entries.filter(\.isOpen)
        #expect(open.count == 20)
        #expect(open.filter { $0.objectName.hasPrefix("RCRTC:") }.allSatisfy { $0.persistence == .status })
        for e in open { #expect(e.keys == ContentCommon.decodedKeys, "\(e.objectName)") }
        #expect(BuiltInCatalog.entry(for: "RCRTC:invite")?.swiftTypeName == "OpenContent<RTCInviteKind>")
    }

    @Test("RongIMLib 5.7.2's types are built in with its flags, but RC:InterceptMsg, where RUST's newer registry wins")
    func sdk572Types() throws {
        // official-sdk-5x.md, "Message types": 5.7.2's send options (counted and persisted,
        // neither) and its status list.
        let counted = ["RC:SightMsg", "RC:GIFMsg", "RC:RLStart", "RC:RLEnd"]
        let neither = ["RC:RRMsg", "RC:LogCmdMsg", "RC:InterceptMsg", "RC:Delivered", "RC:RLJoin", "RC:RLQuit", "RC:RL"]
        let status = ["RC:TypSts", "RC:InterceptMsg", "RC:RL"]
        func flag(_ name: String) throws -> PersistenceFlag { try #require(BuiltInCatalog.entry(for: name)).persistence }
        for n in counted { #expect(try flag(n) == .isCounted, "\(n)") }
        for n in neither where !status.contains(n) { #expect(try flag(n) == PersistenceFlag.none, "\(n)") }
        for n in status where n != "RC:InterceptMsg" { #expect(try flag(n) == .status, "\(n)") }
        // 5.7.2 lists RC:InterceptMsg as a status message; RUST (2025) registers it NONE and a
        // command, and the newest wins (spec/decisions.md).
        #expect(try flag("RC:InterceptMsg") == PersistenceFlag.none)
        #expect(BuiltInCatalog.entry(for: "RC:RLEnd")?.isOpen == true && BuiltInCatalog.entry(for: "RC:RLEnd")?.isInOfficialRegistry == false)
        #expect(BuiltInCatalog.entry(for: "RC:ImgTextMsg")?.searchProps == ["content", "title"])
        #expect(BuiltInCatalog.entry(for: "RC:ReferenceMsg")?.searchProps == ["content"])
        #expect(BuiltInCatalog.entries.filter { !$0.searchProps.isEmpty }.count == 2)
    }

    @Test("open content keeps every key but the shared ones, in input order, and writes them after the shared keys")
    func openContent() throws {
        let json = #"{"roomId":"r1","user":{"id":"u","icon":"i"},"users":["a"],"n":null}"#
        let decoded = try ContentRegistry.builtIn.decode(objectName: "RCRTC:invite", bytes: Array(json.utf8))
        let invite = try #require(decoded.typed as? RTCInviteMessage)
        #expect(invite.fields.members.map(\.key) == ["roomId", "users", "n"])
        #expect(invite.fields["roomId"] == .string("r1") && invite.fields["n"] == .null)
        #expect(invite.user?.portrait == "i" && invite.diagnostics.leniencies.contains(.avatarIcon))
        #expect(try invite.jsonString() == #"{"user":{"id":"u","portrait":"i"},"roomId":"r1","users":["a"],"n":null}"#)
        #expect(decoded.persistence == .status)

        var built = RTCKickMessage(fields: JSONObject([.init(key: "roomId", value: .string("r1"))]), extra: "x")
        built.fields["reason"] = .number(JSONNumber(3))
        #expect(try built.jsonString() == #"{"extra":"x","roomId":"r1","reason":3}"#)
        // A shared key among the open keys is one the decoder reads itself.
        built.fields["user"] = .string("u")
        expectCodecError(.unknownKeyConflict) { _ = try built.jsonBytes() }
    }

    @Test("a custom open kind registers with its own flag and attributes")
    func customOpenKind() throws {
        var registry = ContentRegistry()
        try registry.register(OpenContent<AppPingKind>.self)
        let decoded = try registry.decode(objectName: "App:Ping", bytes: Array(#"{"seq":1}"#.utf8))
        #expect(decoded.persistence == .status && decoded.attributes == .command)
        #expect((decoded.typed as? OpenContent<AppPingKind>)?.fields["seq"] == .number(JSONNumber(1)))
    }

    @Test("RC:Delivered content is an array: an object is the wrong type, and shared keys cannot be written")
    func arrayContent() throws {
        let m = try DeliveryReceiptMessage(json: #"[{"time":5,"messageUId":"A"}]"#)
        #expect(m.receipts == [DeliveryReceipt(messageUId: "A", time: 5)])
        #expect(try m.jsonString() == #"[{"messageUId":"A","time":5}]"#)
        #expect(try m.normalizedValue() == .array([.object(JSONObject([
            .init(key: "messageUId", value: .string("A")), .init(key: "time", value: .number(JSONNumber(5))),
        ]))]))
        expectCodecError(.typeMismatch) { _ = try DeliveryReceiptMessage(json: #"{"messageUId":"A"}"#) }
        expectCodecError(.typeMismatch) { _ = try TextMessage(json: #"[{"content":"x"}]"#) }
        var withExtra = m
        withExtra.extra = "x"
        expectCodecError(.invalidValue) { _ = try withExtra.jsonBytes() }
        var withUnknown = m
        withUnknown.unknownFields["k"] = .null
        expectCodecError(.invalidValue) { _ = try withUnknown.jsonBytes() }
    }
}
