// Tests/RongCodecTests/Catalog/CallAcceptMessageTests.swift - RC:VCAccept

import Testing

@testable import RongCodec

extension ValueSource {
    /// A JSON value for open-shape fields; never `null`, which decodes as absent.
    mutating func optOpenValue() -> JSONValue? {
        guard let v = maybe({ $0.jsonValue() }), v != .null else { return nil }
        return v
    }

    /// An array of arbitrary JSON values.
    mutating func optValueArray() -> [JSONValue]? {
        maybe { s in (0..<s.int(0...3)).map { _ in s.jsonValue() } }
    }
}

extension CallAcceptMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallAcceptMessage {
        CallAcceptMessage(
            callId: s.optString(), mediaId: s.optString(), mediaType: s.optInt(), mode: s.optInt(),
            subInfo: s.optOpenValue(), common: s.common())
    }
}

@Suite("RC:VCAccept")
struct CallAcceptMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("Web v2 form", #"{"callId":"c1","mediaId":"m1","mediaType":2,"mode":0,"subInfo":{"tag":"t"}}"#),
        DecodeCase(
            "Go SDK media name audio", #"{"callId":"c1","mediaType":"audio","extra":"x"}"#,
            canonical: #"{"callId":"c1","mediaType":1,"extra":"x"}"#, leniencies: [.mediaTypeName]),
        DecodeCase(
            "Go SDK media name video", #"{"callId":"c","mediaType":"video"}"#, canonical: #"{"callId":"c","mediaType":2}"#,
            leniencies: [.mediaTypeName]),
        DecodeCase(
            "media type as a numeric string", #"{"callId":"c","mediaType":"2"}"#, canonical: #"{"callId":"c","mediaType":2}"#,
            leniencies: [.numericString]),
        DecodeCase("subInfo as a string", #"{"callId":"c","subInfo":"opaque"}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("CJK, emoji and an unknown key", #"{"callId":"通话😀","x":[1]}"#),
        DecodeCase("null subInfo is absent", #"{"callId":"c","subInfo":null}"#, canonical: #"{"callId":"c"}"#, leniencies: [.nullAsAbsent]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(CallAcceptMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("media name in capitals", #"{"mediaType":"AUDIO"}"#, .typeMismatch),
        RejectCase("fractional media type", #"{"mediaType":1.5}"#, .typeMismatch),
        RejectCase("media type as a boolean", #"{"mediaType":true}"#, .typeMismatch),
        RejectCase("mode as a string", #"{"mode":"1"}"#, .typeMismatch),
        RejectCase("numeric string above 32 bits", #"{"mediaType":"99999999999"}"#, .numberOutOfRange),
        RejectCase("numeric string with a space", #"{"mediaType":" 1"}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(CallAcceptMessage.self, c)
    }

    @Test("flag")
    func flag() {
        #expect(CallAcceptMessage.persistence == .none)
    }
}
