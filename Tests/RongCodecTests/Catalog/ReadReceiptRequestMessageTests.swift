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
    @Test("fields and the NONE flag")
    func fields() throws {
        let m = try ReadReceiptRequestMessage(json: #"{"messageUId":"U"}"#)
        #expect(m.messageUId == "U")
        #expect(ReadReceiptRequestMessage.persistence == .none)
    }
}
