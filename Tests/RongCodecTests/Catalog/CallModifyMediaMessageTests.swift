// Tests/RongCodecTests/Catalog/CallModifyMediaMessageTests.swift - RC:VCModifyMedia

import Testing

@testable import RongCodec

extension CallModifyMediaMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallModifyMediaMessage {
        CallModifyMediaMessage(callId: s.optString(), mediaType: s.optInt(), mode: s.optInt(), subInfo: s.optOpenValue(), common: s.common())
    }
}

@Suite("RC:VCModifyMedia")
struct CallModifyMediaMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("Web v2 form", #"{"callId":"c","mediaType":1,"mode":0,"subInfo":[1,2]}"#),
        DecodeCase(
            "Go SDK form", #"{"callId":"c","mediaType":"audio","extra":""}"#, canonical: #"{"callId":"c","mediaType":1,"extra":""}"#,
            leniencies: [.mediaTypeName]),
        DecodeCase("empty object", "{}"),
        DecodeCase("CJK, emoji and an unknown key", #"{"callId":"切换😀","reason":"camera"}"#),
        DecodeCase("largest 32-bit media type", #"{"mediaType":2147483647}"#),
        DecodeCase("null mode is absent", #"{"mode":null,"mediaType":2}"#, canonical: #"{"mediaType":2}"#, leniencies: [.nullAsAbsent]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(CallModifyMediaMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("media name capitalised", #"{"mediaType":"Audio"}"#, .typeMismatch),
        RejectCase("numeric string above 32 bits", #"{"mediaType":"2147483648"}"#, .numberOutOfRange),
        RejectCase("media type above 32 bits", #"{"mediaType":2147483648}"#, .numberOutOfRange),
        RejectCase("callId as a number", #"{"callId":5}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(CallModifyMediaMessage.self, c)
    }

    @Test("flag")
    func flag() {
        #expect(CallModifyMediaMessage.persistence == .none)
    }
}
