// Tests/RongCodecTests/Catalog/SyncReadStatusMessageTests.swift - RC:SRSMsg

import Testing

@testable import RongCodec

extension SyncReadStatusMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> SyncReadStatusMessage {
        SyncReadStatusMessage(lastMessageSendTime: s.int64(), common: s.common())
    }
}

@Suite("RC:SRSMsg")
struct SyncReadStatusMessageTests {
    @Test("fields and the NONE flag")
    func fields() throws {
        let m = try SyncReadStatusMessage(json: #"{"lastMessageSend":9}"#)
        #expect(m.lastMessageSendTime == 9)
        #expect(SyncReadStatusMessage.persistence == .none)
    }
}
