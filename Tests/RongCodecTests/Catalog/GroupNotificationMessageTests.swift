// Tests/RongCodecTests/Catalog/GroupNotificationMessageTests.swift - RC:GrpNtf: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension GroupNotificationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> GroupNotificationMessage {
        GroupNotificationMessage(
            operatorUserId: s.optString(), operation: s.optString(), data: s.optString(), message: s.optString(),
            common: s.common())
    }
}
