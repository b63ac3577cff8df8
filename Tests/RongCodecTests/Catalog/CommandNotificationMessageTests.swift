// Tests/RongCodecTests/Catalog/CommandNotificationMessageTests.swift - RC:CmdNtf

import Testing

@testable import RongCodec

extension CommandNotificationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CommandNotificationMessage {
        CommandNotificationMessage(name: s.optString(), data: s.optString(), common: s.common())
    }
}

@Suite("RC:CmdNtf")
struct CommandNotificationMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("JAVA-SRV / Android form", #"{"name":"refresh","data":"{\"ids\":[1,2]}"}"#),
        DecodeCase(
            "GO-SRV writes the name under operation", #"{"operation":"refresh","data":"x"}"#,
            canonical: #"{"name":"refresh","data":"x"}"#, leniencies: [.operationForName]),
        DecodeCase(
            "name wins over operation, which stays an unknown key",
            #"{"operation":"b","zz":1,"name":"a"}"#, canonical: #"{"name":"a","zz":1,"operation":"b"}"#),
        DecodeCase(
            "WEBv2 re-encodes data as an object", #"{"name":"n","data":{"k":"v"},"extra":""}"#,
            canonical: #"{"name":"n","data":"{\"k\":\"v\"}","extra":""}"#, leniencies: [.objectAsString]),
        DecodeCase("empty object", "{}"),
        DecodeCase("escaped JSON inside data and CJK", #"{"name":"通知 🔔","data":"{\"t\":\"\\u4e2d\"}"}"#),
        DecodeCase(
            "null operation beside name", #"{"name":"a","operation":null}"#, canonical: #"{"name":"a"}"#,
            leniencies: [.nullAsAbsent]),
        DecodeCase(
            "null name, operation used", #"{"name":null,"operation":"op"}"#, canonical: #"{"name":"op"}"#,
            leniencies: [.nullAsAbsent, .operationForName]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(CommandNotificationMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("name is a number", #"{"name":1}"#, .typeMismatch),
        RejectCase("operation is a number", #"{"operation":1}"#, .typeMismatch),
        RejectCase("data is a number", #"{"name":"a","data":2}"#, .typeMismatch),
        RejectCase("duplicate name", #"{"name":"a","name":"b"}"#, .duplicateKey),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(CommandNotificationMessage.self, c)
    }

    @Test("GO-SRV objectName RC:CMDNtf and operation key")
    func goServerForm() throws {
        let decoded = try ContentRegistry.builtIn.decode(objectName: "RC:CMDNtf", bytes: Array(#"{"operation":"sync","data":""}"#.utf8))
        guard case .typed(let any) = decoded, let m = any.base as? CommandNotificationMessage else {
            Issue.record("expected a typed RC:CmdNtf")
            return
        }
        #expect(m.name == "sync")
        #expect(Set(m.diagnostics.leniencies) == [.objectNameAlias, .operationForName])
        #expect(CommandNotificationMessage.persistence == .isPersisted)
    }
}
