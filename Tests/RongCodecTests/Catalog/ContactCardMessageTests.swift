// Tests/RongCodecTests/Catalog/ContactCardMessageTests.swift - RC:CardMsg: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension ContactCardMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ContactCardMessage {
        ContactCardMessage(
            userId: s.optString(), name: s.optString(), portraitUri: s.optString(), sendUserId: s.optString(),
            sendUserName: s.optString(), common: s.common())
    }
}
