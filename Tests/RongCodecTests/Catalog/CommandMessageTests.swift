// Tests/RongCodecTests/Catalog/CommandMessageTests.swift - RC:CmdMsg

import Testing

@testable import RongCodec

extension CommandMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CommandMessage {
        CommandMessage(name: s.optString(), data: s.optString(), common: s.common())
    }
}

@Suite("RC:CmdMsg")
struct CommandMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("Android form", #"{"name":"refresh","data":"{\"id\":1}"}"#),
        DecodeCase("callback doc: data is a string of escaped JSON", #"{"name":"CustomCommand","data":"{\"k\":\"v\",\"n\":[1,2]}","extra":""}"#),
        DecodeCase(
            "Web v2 sends data as an object", #"{"name":"cmd","data":{"b":1,"a":[true,null]}}"#,
            canonical: #"{"name":"cmd","data":"{\"b\":1,\"a\":[true,null]}"}"#, leniencies: [.objectAsString]),
        DecodeCase(
            "data as an array", #"{"name":"x","data":[1,"two"]}"#, canonical: #"{"name":"x","data":"[1,\"two\"]"}"#,
            leniencies: [.objectAsString]),
        DecodeCase("Java server SDK empty defaults", #"{"name":"","data":""}"#),
        DecodeCase("CJK and emoji", #"{"name":"刷新😀","data":"数据 👍🏽"}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase(
            "user and unknown keys", #"{"zz":0,"name":"n","user":{"id":"u1","name":"Ann","portrait":"p"}}"#,
            canonical: #"{"name":"n","user":{"id":"u1","name":"Ann","portrait":"p"},"zz":0}"#),
        DecodeCase("null data is absent", #"{"name":"n","data":null}"#, canonical: #"{"name":"n"}"#, leniencies: [.nullAsAbsent]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(CommandMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("name as a number", #"{"name":1}"#, .typeMismatch),
        RejectCase("data as a number", #"{"name":"n","data":2}"#, .typeMismatch),
        RejectCase("data as a boolean", #"{"data":true}"#, .typeMismatch),
        RejectCase("name twice", #"{"name":"a","name":"b"}"#, .duplicateKey),
        RejectCase("zero bytes", "", .emptyContent),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(CommandMessage.self, c)
    }

    @Test("the Go server SDK's RC:CMDMsg decodes as RC:CmdMsg")
    func goAlias() throws {
        let decoded = try ContentRegistry.builtIn.decode(objectName: "RC:CMDMsg", bytes: Array(#"{"name":"n","data":"d"}"#.utf8))
        guard case .typed(let any) = decoded, let m = any.base as? CommandMessage else {
            Issue.record("expected a typed CommandMessage")
            return
        }
        #expect(m == CommandMessage(name: "n", data: "d"))
        #expect(m.diagnostics.leniencies.contains(.objectNameAlias))
        #expect(CommandMessage.persistence == .none)
    }
}
