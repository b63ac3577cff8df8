// Tests/RongCodecTests/Catalog/CallHangupMessageTests.swift - RC:VCHangup

import Testing

@testable import RongCodec

extension CallHangupMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallHangupMessage {
        CallHangupMessage(callId: s.optString(), reason: s.optInt(), mode: s.optInt(), subInfo: s.optOpenValue(), common: s.common())
    }
}

@Suite("RC:VCHangup")
struct CallHangupMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("Web v2 form", #"{"callId":"c","reason":3,"mode":0,"subInfo":{}}"#),
        DecodeCase("Go SDK form", #"{"callId":"c","reason":13,"extra":"e"}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("negative reason", #"{"reason":-1}"#),
        DecodeCase("CJK and emoji in extra", #"{"callId":"c","extra":"挂断😀"}"#),
        DecodeCase("unknown keys go last", #"{"reasonText":"busy","callId":"c"}"#, canonical: #"{"callId":"c","reasonText":"busy"}"#),
        DecodeCase("null reason is absent", #"{"callId":"c","reason":null}"#, canonical: #"{"callId":"c"}"#, leniencies: [.nullAsAbsent]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(CallHangupMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("reason as a string", #"{"reason":"3"}"#, .typeMismatch),
        RejectCase("fractional reason", #"{"reason":1.5}"#, .typeMismatch),
        RejectCase("callId as a number", #"{"callId":1}"#, .typeMismatch),
        RejectCase("reason above 32 bits", #"{"reason":2147483648}"#, .numberOutOfRange),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(CallHangupMessage.self, c)
    }

    @Test("flag")
    func flag() {
        #expect(CallHangupMessage.persistence == .none)
    }
}
