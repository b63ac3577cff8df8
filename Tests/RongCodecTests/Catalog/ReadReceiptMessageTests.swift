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
    @Test("fields and the NONE flag")
    func fields() throws {
        let m = try ReadReceiptMessage(json: #"{"lastMessageSendTime":"12","messageUId":"U","type":2}"#)
        #expect(m.lastMessageSendTime == 12)
        #expect(m.messageUId == "U")
        #expect(m.type == 2)
        #expect(ReadReceiptMessage.persistence == .none)
    }
}
