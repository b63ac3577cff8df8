// Tests/RongCodecTests/Catalog/ReadReceiptRequestMessageTests.swift - RC:RRReqMsg

import Testing

@testable import RongCodec

extension ReadReceiptRequestMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ReadReceiptRequestMessage {
        ReadReceiptRequestMessage(messageUId: s.string(), common: s.common())
    }
}

@Suite("RC:RRReqMsg")
struct ReadReceiptRequestMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("every SDK's form", #"{"messageUId":"BA2B-7TCS-N4H5-9KJG"}"#),
        DecodeCase("with an empty extra", #"{"messageUId":"BA2B-7TCS-N4H5-9KJG","extra":""}"#),
        DecodeCase("CJK and emoji uid (not validated)", #"{"messageUId":"消息-1 😀"}"#),
        DecodeCase("empty uid (not validated)", #"{"messageUId":""}"#),
        DecodeCase(
            "unknown keys survive", #"{"conversationType":3,"messageUId":"A"}"#,
            canonical: #"{"messageUId":"A","conversationType":3}"#),
        DecodeCase(
            "double-encoded content", #""{\"messageUId\":\"A\"}""#, canonical: #"{"messageUId":"A"}"#,
            leniencies: [.doubleEncodedContent]),
        DecodeCase(
            "WEBv2 avatar key in user", #"{"messageUId":"A","user":{"id":"u1","portraitUri":"p.png"}}"#,
            canonical: #"{"messageUId":"A","user":{"id":"u1","portrait":"p.png"}}"#, leniencies: [.avatarPortraitUri]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(ReadReceiptRequestMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("no messageUId", "{}", .missingRequiredField),
        RejectCase("null messageUId", #"{"messageUId":null}"#, .missingRequiredField),
        RejectCase("messageUId is a number", #"{"messageUId":12}"#, .typeMismatch),
        RejectCase("top level is an array", #"["A"]"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(ReadReceiptRequestMessage.self, c)
    }

    @Test("fields and the NONE flag")
    func fields() throws {
        let m = try ReadReceiptRequestMessage(json: #"{"messageUId":"U"}"#)
        #expect(m.messageUId == "U")
        #expect(ReadReceiptRequestMessage.persistence == .none)
    }
}
