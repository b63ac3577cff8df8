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
    static let accepted: [DecodeCase] = [
        DecodeCase("Android 4.0 form", #"{"latitude":39.9042,"longitude":116.4074,"type":0}"#),
        DecodeCase("integral degrees", #"{"latitude":39,"longitude":116,"type":1}"#),
        DecodeCase(
            "zeros, including negative zero", #"{"latitude":0.0,"longitude":-0.0,"type":0}"#,
            canonical: #"{"latitude":0,"longitude":0,"type":0}"#),
        DecodeCase("older Android without type", #"{"latitude":31.2304,"longitude":121.4737}"#),
        DecodeCase("exponents", #"{"latitude":1e-7,"longitude":1.5E2}"#, canonical: #"{"latitude":1e-7,"longitude":150}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("extremes and an unknown key", #"{"latitude":-90,"longitude":180,"accuracy":5}"#),
        DecodeCase("null latitude is absent", #"{"latitude":null,"type":2}"#, canonical: #"{"type":2}"#, leniencies: [.nullAsAbsent]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(RealTimeLocationStatusMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("latitude as a string", #"{"latitude":"39.9"}"#, .typeMismatch),
        RejectCase("fractional type", #"{"type":1.5}"#, .typeMismatch),
        RejectCase("latitude overflows a double", #"{"latitude":1e400}"#, .numberOutOfRange),
        RejectCase("longitude as a boolean", #"{"longitude":true}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(RealTimeLocationStatusMessage.self, c)
    }

    @Test("flag is STATUS; doubles land in the model")
    func fields() throws {
        let m = try RealTimeLocationStatusMessage(json: #"{"latitude":39.9042,"longitude":116}"#)
        #expect(m.latitude == 39.9042)
        #expect(m.longitude == 116)
        #expect(RealTimeLocationStatusMessage.persistence == .status)
    }
}
