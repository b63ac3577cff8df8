// Tests/RongCodecTests/Catalog/InformationNotificationMessageTests.swift - RC:InfoNtf

import Testing

@testable import RongCodec

extension InformationNotificationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> InformationNotificationMessage {
        InformationNotificationMessage(message: s.optString(), common: s.common())
    }
}

@Suite("RC:InfoNtf")
struct InformationNotificationMessageTests {
    @Test("fields land in the typed model")
    func fields() throws {
        let m = try InformationNotificationMessage(json: #"{"message":"hi","extra":"e"}"#)
        #expect(m.message == "hi")
        #expect(m.extra == "e")
        #expect(InformationNotificationMessage.objectName == "RC:InfoNtf")
        #expect(InformationNotificationMessage.persistence == .isPersisted)
    }
}
