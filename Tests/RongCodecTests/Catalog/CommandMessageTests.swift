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
