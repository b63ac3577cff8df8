// Tests/RongCodecTests/Catalog/DiscussionNotificationMessageTests.swift - RC:DizNtf

import Testing

@testable import RongCodec

extension DiscussionNotificationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> DiscussionNotificationMessage {
        DiscussionNotificationMessage(
            type: s.optInt(), extension: s.optString(), operator: s.optString(), isHasReceived: s.optBool(),
            operation: s.optString(), common: s.common())
    }
}

@Suite("RC:DizNtf")
struct DiscussionNotificationMessageTests {
    @Test("fields land in the typed model")
    func fields() throws {
        let m = try DiscussionNotificationMessage(json: #"{"type":2,"extension":"e","operator":"o","isHasReceived":true,"operation":"Kick"}"#)
        #expect(m.type == 2)
        #expect(m.extension == "e")
        #expect(m.operator == "o")
        #expect(m.isHasReceived == true)
        #expect(m.operation == "Kick")
        #expect(DiscussionNotificationMessage.persistence == .isPersisted)
    }
}
