// Tests/RongCodecTests/Catalog/RealTimeLocationJoinMessageTests.swift - RC:RLJoin

import Testing

@testable import RongCodec

extension RealTimeLocationJoinMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> RealTimeLocationJoinMessage {
        RealTimeLocationJoinMessage(common: s.common())
    }
}

@Suite("RC:RLJoin")
struct RealTimeLocationJoinMessageTests {
    @Test("zero bytes is the canonical empty value")
    func empty() throws {
        let m = try RealTimeLocationJoinMessage(jsonBytes: [UInt8]())
        #expect(m == RealTimeLocationJoinMessage())
        #expect(try m.jsonBytes() == [])
        #expect(try m.normalizedValue() == .object(JSONObject()))
    }
}
