// Tests/RongCodecTests/Catalog/ReadReceiptMessageTests.swift - RC:ReadNtf

import Testing

@testable import RongCodec

extension ReadReceiptMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ReadReceiptMessage {
        ReadReceiptMessage(lastMessageSendTime: s.int64(), messageUId: s.optString(), type: s.optInt(), common: s.common())
    }
}

@Suite("RC:ReadNtf")
struct ReadReceiptMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("Android by send time", #"{"lastMessageSendTime":1720000000000,"type":1}"#),
        DecodeCase("Android by UID (time written as 0)", #"{"lastMessageSendTime":0,"messageUId":"BA2B-7TCS-N4H5-9KJG","type":2}"#),
        DecodeCase("WEBv2 obtain", #"{"lastMessageSendTime":1720000000000,"messageUId":"BA2B-7TCS-N4H5-9KJG","type":1}"#),
        DecodeCase(
            "JAVA-SRV numeric string", #"{"lastMessageSendTime":"1720000000000","type":1}"#,
            canonical: #"{"lastMessageSendTime":1720000000000,"type":1}"#, leniencies: [.numericString]),
        DecodeCase(
            "GO-FL lastMessageSend", #"{"messageUId":"","lastMessageSend":1720000000000,"type":1}"#,
            canonical: #"{"lastMessageSendTime":1720000000000,"messageUId":"","type":1}"#, leniencies: [.lastMessageSendAlias]),
        DecodeCase(
            "documented key wins; the alias stays unknown", #"{"lastMessageSend":6,"lastMessageSendTime":5}"#,
            canonical: #"{"lastMessageSendTime":5,"lastMessageSend":6}"#),
        DecodeCase(
            "null documented key, alias used", #"{"lastMessageSendTime":null,"lastMessageSend":7}"#,
            canonical: #"{"lastMessageSendTime":7}"#, leniencies: [.nullAsAbsent, .lastMessageSendAlias]),
        DecodeCase("largest values", #"{"lastMessageSendTime":9223372036854775807,"type":2147483647}"#),
        DecodeCase(
            "unknown keys and a CJK uid", #"{"lastMessageSendTime":1,"messageUId":"消息😀","x":[]}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(ReadReceiptMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("no time", "{}", .missingRequiredField),
        RejectCase("null time", #"{"lastMessageSendTime":null}"#, .missingRequiredField),
        RejectCase("non-numeric string", #"{"lastMessageSendTime":"soon"}"#, .typeMismatch),
        RejectCase("fractional numeric string", #"{"lastMessageSendTime":"1.5"}"#, .typeMismatch),
        RejectCase("numeric string with a space", #"{"lastMessageSendTime":" 17"}"#, .typeMismatch),
        RejectCase("above Int64", #"{"lastMessageSendTime":9223372036854775808}"#, .numberOutOfRange),
        RejectCase("alias as a string", #"{"lastMessageSend":"17"}"#, .typeMismatch),
        RejectCase("type as a string", #"{"lastMessageSendTime":1,"type":"1"}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(ReadReceiptMessage.self, c)
    }

    @Test("fields and the NONE flag")
    func fields() throws {
        let m = try ReadReceiptMessage(json: #"{"lastMessageSendTime":"12","messageUId":"U","type":2}"#)
        #expect(m.lastMessageSendTime == 12)
        #expect(m.messageUId == "U")
        #expect(m.type == 2)
        #expect(ReadReceiptMessage.persistence == .none)
    }
}
