// Tests/RongCodecTests/Catalog/ChatroomKVNotificationMessageTests.swift - RC:chrmKVNotiMsg

import Testing

@testable import RongCodec

extension ChatroomKVNotificationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ChatroomKVNotificationMessage {
        ChatroomKVNotificationMessage(key: s.optString(), value: s.optString(), type: s.optInt(), common: s.common())
    }
}

@Suite("RC:chrmKVNotiMsg")
struct ChatroomKVNotificationMessageTests {
    @Test("the Go object extra lands in extra as JSON text")
    func fields() throws {
        let m = try ChatroomKVNotificationMessage(json: #"{"extra":{"n":"1"},"type":2}"#)
        #expect(m.extra == #"{"n":"1"}"#)
        #expect(m.type == 2)
        #expect(ChatroomKVNotificationMessage.persistence == .none)
    }
}
