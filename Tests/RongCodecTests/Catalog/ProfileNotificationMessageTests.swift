// Tests/RongCodecTests/Catalog/ProfileNotificationMessageTests.swift - RC:ProfileNtf

import Testing

@testable import RongCodec

extension ProfileNotificationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ProfileNotificationMessage {
        ProfileNotificationMessage(operation: s.optString(), data: s.optString(), common: s.common())
    }
}

@Suite("RC:ProfileNtf")
struct ProfileNotificationMessageTests {
    @Test("fields land in the typed model")
    func fields() throws {
        let m = try ProfileNotificationMessage(json: #"{"operation":"o","data":{"k":1}}"#)
        #expect(m.operation == "o")
        #expect(m.data == #"{"k":1}"#)
        #expect(ProfileNotificationMessage.persistence == .isPersisted)
    }
}
