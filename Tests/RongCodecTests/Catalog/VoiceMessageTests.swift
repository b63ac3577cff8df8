// Tests/RongCodecTests/Catalog/VoiceMessageTests.swift - RC:VcMsg

import Testing

@testable import RongCodec

extension VoiceMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> VoiceMessage {
        VoiceMessage(content: s.optString(), duration: s.optInt(0...Int(Int32.max)), common: s.common())
    }
}

@Suite("RC:VcMsg")
struct VoiceMessageTests {
    @Test("the Go server objectName RC:VCMsg is an alias")
    func goAlias() throws {
        let decoded = try ContentRegistry.builtIn.decode(objectName: "RC:VCMsg", bytes: Array(#"{"duration":2}"#.utf8))
        let m = try #require(decoded.typed as? VoiceMessage)
        #expect(m.duration == 2)
        #expect(m.diagnostics.leniencies.contains(.objectNameAlias))
    }
}
