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
