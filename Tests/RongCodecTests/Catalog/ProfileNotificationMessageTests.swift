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
    static let accepted: [DecodeCase] = [
        DecodeCase("Android / JAVA-SRV: data as a string of JSON", #"{"operation":"update","data":"{\"name\":\"Ann\"}","extra":""}"#),
        DecodeCase(
            "WEBv2 re-encodes data as an object", #"{"operation":"update","data":{"name":"Ann","age":3}}"#,
            canonical: #"{"operation":"update","data":"{\"name\":\"Ann\",\"age\":3}"}"#, leniencies: [.objectAsString]),
        DecodeCase("data as an array", #"{"data":[1,"a"]}"#, canonical: #"{"data":"[1,\"a\"]"}"#, leniencies: [.objectAsString]),
        DecodeCase(
            "object data is kept as canonical JSON text",
            #"{"data":{ "t" : 1.50, "u":"\u00e9" }}"#, canonical: #"{"data":"{\"t\":1.5,\"u\":\"é\"}"}"#,
            leniencies: [.objectAsString]),
        DecodeCase("empty object", "{}"),
        DecodeCase("CJK and emoji, empty data", #"{"operation":"头像更新 😀","data":""}"#),
        DecodeCase(
            "user and unknown keys", #"{"q":true,"operation":"o","user":{"id":"u1"}}"#,
            canonical: #"{"operation":"o","user":{"id":"u1"},"q":true}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(ProfileNotificationMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("data is a number", #"{"data":42}"#, .typeMismatch),
        RejectCase("data is a boolean", #"{"data":true}"#, .typeMismatch),
        RejectCase("operation is an array", #"{"operation":["a"]}"#, .typeMismatch),
        RejectCase("duplicate data", #"{"data":"a","data":{}}"#, .duplicateKey),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(ProfileNotificationMessage.self, c)
    }

    @Test("fields land in the typed model")
    func fields() throws {
        let m = try ProfileNotificationMessage(json: #"{"operation":"o","data":{"k":1}}"#)
        #expect(m.operation == "o")
        #expect(m.data == #"{"k":1}"#)
        #expect(ProfileNotificationMessage.persistence == .isPersisted)
    }
}
