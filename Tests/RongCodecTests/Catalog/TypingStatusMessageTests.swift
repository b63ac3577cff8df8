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
    @Test("fields and the STATUS flag")
    func fields() throws {
        let m = try TypingStatusMessage(json: #"{"typingContentType":"RC:TxtMsg","data":"d"}"#)
        #expect(m.typingContentType == "RC:TxtMsg")
        #expect(m.data == "d")
        #expect(TypingStatusMessage.persistence == .status)
    }
}
