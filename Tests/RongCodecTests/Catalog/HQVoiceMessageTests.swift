// Tests/RongCodecTests/Catalog/HQVoiceMessageTests.swift - RC:HQVCMsg

import Testing

@testable import RongCodec

extension HQVoiceMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> HQVoiceMessage {
        HQVoiceMessage(
            name: s.optString(), remoteUrl: s.optString(), duration: s.optInt(0...Int(Int32.max)), type: s.optString(),
            common: s.common())
    }
}

@Suite("RC:HQVCMsg")
struct HQVoiceMessageTests {
    @Test("seed spellings are aliases", arguments: ["RC:HQVcMsg", "RC:HQVoiceMsg"])
    func aliases(_ name: String) throws {
        let decoded = try ContentRegistry.builtIn.decode(objectName: name, bytes: Array(#"{"remoteUrl":"u"}"#.utf8))
        #expect(decoded.objectName == "RC:HQVCMsg")
        #expect(decoded.typed?.diagnostics.leniencies.contains(.objectNameAlias) == true)
    }
}
