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

    static let accepted: [DecodeCase] = [
        DecodeCase("an empty object encodes to zero bytes", "{}", canonical: ""),
        DecodeCase("keys are kept", #"{"extra":"e","k":1}"#),
    ]

    @Test("decodes JSON objects too", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(RealTimeLocationJoinMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("whitespace only", " ", .truncated),
        RejectCase("an array", "[]", .typeMismatch),
        RejectCase("garbage", "x", .unexpectedByte),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(RealTimeLocationJoinMessage.self, c)
    }
}
