// Tests/RongCodecTests/Catalog/RealTimeLocationStartMessageTests.swift - RC:RLStart

import Testing

@testable import RongCodec

extension RealTimeLocationStartMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> RealTimeLocationStartMessage {
        RealTimeLocationStartMessage(content: s.optString(), common: s.common())
    }
}

@Suite("RC:RLStart")
struct RealTimeLocationStartMessageTests {
    @Test("flag")
    func flag() {
        #expect(RealTimeLocationStartMessage.persistence == .isCounted)
    }
}
