// Tests/RongCodecTests/Catalog/TypingStatusMessageTests.swift - RC:TypSts

import Testing

@testable import RongCodec

extension TypingStatusMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> TypingStatusMessage {
        TypingStatusMessage(typingContentType: s.optString(), data: s.optString(), common: s.common())
    }
}

@Suite("RC:TypSts")
struct TypingStatusMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("Android / JAVA-SRV / GO-FL: text being typed", #"{"typingContentType":"RC:TxtMsg"}"#),
        DecodeCase("Android with data", #"{"typingContentType":"RC:VcMsg","data":"recording"}"#),
        DecodeCase("WEBv2 obtain with empty data", #"{"typingContentType":"RC:TxtMsg","data":""}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("a custom objectName being typed", #"{"typingContentType":"App:GiftMsg"}"#),
        DecodeCase(
            "null data is absent", #"{"typingContentType":"RC:TxtMsg","data":null}"#,
            canonical: #"{"typingContentType":"RC:TxtMsg"}"#, leniencies: [.nullAsAbsent]),
        DecodeCase("CJK and emoji data", #"{"typingContentType":"RC:TxtMsg","data":"正在输入… ✍️"}"#),
        DecodeCase(
            "unknown keys survive", #"{"zz":true,"typingContentType":"RC:TxtMsg"}"#,
            canonical: #"{"typingContentType":"RC:TxtMsg","zz":true}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(TypingStatusMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("zero bytes", "", .emptyContent),
        RejectCase("typingContentType is a number", #"{"typingContentType":1}"#, .typeMismatch),
        RejectCase("data is an object", #"{"typingContentType":"RC:TxtMsg","data":{}}"#, .typeMismatch),
        RejectCase("duplicate typingContentType", #"{"typingContentType":"a","typingContentType":"b"}"#, .duplicateKey),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(TypingStatusMessage.self, c)
    }

    @Test("fields and the STATUS flag")
    func fields() throws {
        let m = try TypingStatusMessage(json: #"{"typingContentType":"RC:TxtMsg","data":"d"}"#)
        #expect(m.typingContentType == "RC:TxtMsg")
        #expect(m.data == "d")
        #expect(TypingStatusMessage.persistence == .status)
    }
}
