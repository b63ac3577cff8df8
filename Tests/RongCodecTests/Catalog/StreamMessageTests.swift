// Tests/RongCodecTests/Catalog/StreamMessageTests.swift - RC:StreamMsg

import Testing

@testable import RongCodec

extension StreamMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> StreamMessage {
        StreamMessage(
            content: s.optString(), seq: s.optInt64(1...Int64.max), complete: s.optBool(), completeReason: s.optInt(),
            type: s.optString(), messageUID: s.optString(), common: s.common())
    }
}

@Suite("RC:StreamMsg")
struct StreamMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "GO-FL first packet with user and extra",
            #"{"content":"你好","seq":1,"complete":false,"type":"markdown","messageUID":"C3QM-2D8H-0G05-0004","user":{"id":"bot","name":"AI"},"extra":"e"}"#,
            canonical: #"{"content":"你好","seq":1,"complete":false,"type":"markdown","messageUID":"C3QM-2D8H-0G05-0004","extra":"e","user":{"id":"bot","name":"AI"}}"#),
        DecodeCase("last packet", #"{"content":"。","seq":42,"complete":true,"completeReason":0}"#),
        DecodeCase(
            "completeReason as a numeric string", #"{"seq":3,"complete":true,"completeReason":"1001"}"#,
            canonical: #"{"seq":3,"complete":true,"completeReason":1001}"#, leniencies: [.numericString]),
        DecodeCase("html fragment", #"{"content":"<b>x</b>","seq":2,"complete":false,"type":"html"}"#),
        DecodeCase("another type string is kept", #"{"seq":1,"type":"json"}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("largest seq", #"{"seq":9223372036854775807}"#),
        DecodeCase("unknown key", #"{"content":"a","seq":1,"delta":true}"#),
        DecodeCase(
            "escaped emoji", #"{"content":"\ud83e\udd16 ok","seq":5,"complete":false}"#, canonical: #"{"content":"🤖 ok","seq":5,"complete":false}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(StreamMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("seq 0 (Go zero value)", #"{"seq":0}"#, .numberOutOfRange),
        RejectCase("negative seq", #"{"seq":-1}"#, .numberOutOfRange),
        RejectCase("seq as a string", #"{"seq":"1"}"#, .typeMismatch),
        RejectCase("complete as 1", #"{"complete":1}"#, .typeMismatch),
        RejectCase("fractional completeReason", #"{"completeReason":1.5}"#, .typeMismatch),
        RejectCase("non-numeric completeReason", #"{"completeReason":"x"}"#, .typeMismatch),
        RejectCase("type as a number", #"{"type":1}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(StreamMessage.self, c)
    }
}
