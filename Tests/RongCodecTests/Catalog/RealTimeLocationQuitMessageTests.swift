// Tests/RongCodecTests/Catalog/RealTimeLocationQuitMessageTests.swift - RC:RLQuit

import Testing

@testable import RongCodec

extension RealTimeLocationQuitMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> RealTimeLocationQuitMessage {
        RealTimeLocationQuitMessage(common: s.common())
    }
}

@Suite("RC:RLQuit")
struct RealTimeLocationQuitMessageTests {
    @Test("zero bytes is the canonical empty value")
    func empty() throws {
        let m = try RealTimeLocationQuitMessage(jsonBytes: [UInt8]())
        #expect(m == RealTimeLocationQuitMessage())
        #expect(try m.jsonBytes() == [])
        #expect(try m.normalizedValue() == .object(JSONObject()))
        #expect(RealTimeLocationQuitMessage.persistence == .none)
    }
}
