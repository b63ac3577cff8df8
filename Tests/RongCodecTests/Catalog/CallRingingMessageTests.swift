// Tests/RongCodecTests/Catalog/CallRingingMessageTests.swift - RC:VCRinging

import Testing

@testable import RongCodec

extension CallRingingMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallRingingMessage {
        CallRingingMessage(callId: s.optString(), common: s.common())
    }
}

@Suite("RC:VCRinging")
struct CallRingingMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("Web v2 form", #"{"callId":"c1"}"#),
        DecodeCase("Go SDK form", #"{"callId":"c1","extra":""}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("CJK and emoji", #"{"callId":"呼叫-😀"}"#),
        DecodeCase("unknown keys go last", #"{"a":1,"callId":"c"}"#, canonical: #"{"callId":"c","a":1}"#),
        DecodeCase("null callId is absent", #"{"callId":null}"#, canonical: "{}", leniencies: [.nullAsAbsent]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(CallRingingMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("callId as a number", #"{"callId":1}"#, .typeMismatch),
        RejectCase("callId as an array", #"{"callId":["c"]}"#, .typeMismatch),
        RejectCase("callId twice", #"{"callId":"a","callId":"a"}"#, .duplicateKey),
        RejectCase("zero bytes", "", .emptyContent),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(CallRingingMessage.self, c)
    }

    @Test("flag")
    func flag() {
        #expect(CallRingingMessage.persistence == .none)
    }
}
