// Tests/RongCodecTests/Catalog/RealTimeLocationStatusMessageTests.swift - RC:RL

import Testing

@testable import RongCodec

extension RealTimeLocationStatusMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> RealTimeLocationStatusMessage {
        RealTimeLocationStatusMessage(latitude: s.optDouble(), longitude: s.optDouble(), type: s.optInt(), common: s.common())
    }
}

@Suite("RC:RL")
struct RealTimeLocationStatusMessageTests {
    @Test("flag is STATUS; doubles land in the model")
    func fields() throws {
        let m = try RealTimeLocationStatusMessage(json: #"{"latitude":39.9042,"longitude":116}"#)
        #expect(m.latitude == 39.9042)
        #expect(m.longitude == 116)
        #expect(RealTimeLocationStatusMessage.persistence == .status)
    }
}
