// Tests/RongCodecTests/Catalog/ContactCardMessageTests.swift - RC:CardMsg

import Testing

@testable import RongCodec

extension ContactCardMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ContactCardMessage {
        ContactCardMessage(
            userId: s.optString(), name: s.optString(), portraitUri: s.optString(), sendUserId: s.optString(),
            sendUserName: s.optString(), common: s.common())
    }
}

@Suite("RC:CardMsg")
struct ContactCardMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "iOS kit form",
            #"{"userId":"u2","name":"Bob","portraitUri":"https://x/b.png","sendUserId":"u1","sendUserName":"Ann","user":{"id":"u1","name":"Ann"},"burnDuration":10}"#),
        DecodeCase(
            "older Android copy with burn keys",
            #"{"userId":"u2","name":"Bob","portraitUri":"","sendUserId":"u1","sendUserName":"Ann","extra":"","isBurnAfterRead":false,"burnDuration":0}"#),
        DecodeCase("the card's portraitUri is a plain field", #"{"userId":"u","portraitUri":"p"}"#),
        DecodeCase(
            "user.portraitUri is still the user avatar alias", #"{"portraitUri":"card.png","user":{"id":"u1","portraitUri":"me.png"}}"#,
            canonical: #"{"portraitUri":"card.png","user":{"id":"u1","portrait":"me.png"}}"#, leniencies: [.avatarPortraitUri]),
        DecodeCase("top-level portrait is not an alias", #"{"userId":"u","portrait":"p"}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("CJK name with a ZWJ emoji", #"{"name":"李雷 🧑‍💻","sendUserName":"韩梅梅"}"#),
        DecodeCase("Android emoji token is kept verbatim", #"{"name":"[/u1f600]"}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(ContactCardMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("numeric userId (numericUserId is for user.id only)", #"{"userId":123}"#, .typeMismatch),
        RejectCase("name as an object", #"{"name":{}}"#, .typeMismatch),
        RejectCase("sendUserId as a boolean", #"{"sendUserId":true}"#, .typeMismatch),
        RejectCase("duplicate userId", #"{"userId":"a","userId":"a"}"#, .duplicateKey),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(ContactCardMessage.self, c)
    }
}
