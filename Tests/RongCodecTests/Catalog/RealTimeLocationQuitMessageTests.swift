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

    static let accepted: [DecodeCase] = [
        DecodeCase("an empty object encodes to zero bytes", "{}", canonical: ""),
        DecodeCase("whitespace inside the object", "{ }", canonical: ""),
        DecodeCase("keys are kept", #"{"extra":"e","k":1}"#),
        DecodeCase("user is kept", #"{"user":{"id":"u1","name":"Ann"}}"#),
        DecodeCase("null extra is absent", #"{"extra":null}"#, canonical: "", leniencies: [.nullAsAbsent]),
        DecodeCase("an empty user is no user", #"{"user":{}}"#, canonical: "", leniencies: [.emptyUser]),
        DecodeCase("CJK and emoji in an unknown key", #"{"名":"😀"}"#),
    ]

    @Test("decodes JSON objects too", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(RealTimeLocationQuitMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("whitespace only", " ", .truncated),
        RejectCase("an array", "[]", .typeMismatch),
        RejectCase("garbage", "x", .unexpectedByte),
        RejectCase("extra as a number", #"{"extra":1}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(RealTimeLocationQuitMessage.self, c)
    }
}
