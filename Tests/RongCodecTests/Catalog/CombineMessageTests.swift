// Tests/RongCodecTests/Catalog/CombineMessageTests.swift - RC:CombineMsg

import Testing

@testable import RongCodec

extension CombineMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CombineMessage {
        CombineMessage(
            title: s.optString(), name: s.optString(), remoteUrl: s.optString(), conversationType: s.optInt(),
            nameList: s.optStringArray(), summaryList: s.optStringArray(), common: s.common())
    }
}

@Suite("RC:CombineMsg")
struct CombineMessageTests {
    @Test("comma-joined lists split into the typed model")
    func commaSplit() throws {
        let m = try CombineMessage(json: #"{"nameList":"Ann,Bob,Cy","summaryList":"x"}"#)
        #expect(m.nameList == ["Ann", "Bob", "Cy"])
        #expect(m.summaryList == ["x"])
        #expect(m.remoteUrl == nil)
    }
}
