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
    static let accepted: [DecodeCase] = [
        DecodeCase("Android defaults", #"{"content":"","extra":""}"#),
        DecodeCase("a start text", #"{"content":"Ann started sharing her location"}"#),
        DecodeCase("CJK and emoji", #"{"content":"共享位置 📍😀","extra":"附加"}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase(
            "user and unknown keys", #"{"k":true,"content":"c","user":{"id":"u1","name":"Ann"}}"#,
            canonical: #"{"content":"c","user":{"id":"u1","name":"Ann"},"k":true}"#),
        DecodeCase("null content is absent", #"{"content":null,"extra":"e"}"#, canonical: #"{"extra":"e"}"#, leniencies: [.nullAsAbsent]),
        DecodeCase(
            "double-encoded content", #""{\"content\":\"x\"}""#, canonical: #"{"content":"x"}"#, leniencies: [.doubleEncodedContent]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(RealTimeLocationStartMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("content as a number", #"{"content":1}"#, .typeMismatch),
        RejectCase("extra as an object", #"{"extra":{}}"#, .typeMismatch),
        RejectCase("zero bytes (only RLJoin and RLQuit allow them)", "", .emptyContent),
        RejectCase("top level is an array", "[]", .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(RealTimeLocationStartMessage.self, c)
    }

    @Test("flag")
    func flag() {
        #expect(RealTimeLocationStartMessage.persistence == .isCounted)
    }
}
