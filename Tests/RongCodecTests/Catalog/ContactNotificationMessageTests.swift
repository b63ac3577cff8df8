// Tests/RongCodecTests/Catalog/ContactNotificationMessageTests.swift - RC:ContactNtf

import Testing

@testable import RongCodec

extension ContactNotificationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ContactNotificationMessage {
        ContactNotificationMessage(
            operation: s.optString(), sourceUserId: s.optString(), targetUserId: s.optString(), message: s.optString(),
            common: s.common())
    }
}

@Suite("RC:ContactNtf")
struct ContactNotificationMessageTests {
    @Test("fields land in the typed model")
    func fields() throws {
        let m = try ContactNotificationMessage(json: #"{"operation":"Request","sourceUserId":"a","targetUserId":"b","message":"m"}"#)
        #expect(m.operation == "Request")
        #expect(m.sourceUserId == "a")
        #expect(m.targetUserId == "b")
        #expect(m.message == "m")
        #expect(ContactNotificationMessage.persistence == .isPersisted)
    }
}
