// Tests/RongCodecTests/Catalog/RecallCommandMessageTests.swift - RC:RcCmd: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension RecallCommandMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> RecallCommandMessage {
        RecallCommandMessage(
            messageUId: s.string(), conversationType: s.optInt(), targetId: s.optString(), channelId: s.optString(),
            sentTime: s.optInt64(), isAdmin: s.optBool(), isDelete: s.optBool(), disablePush: s.optBool(), common: s.common())
    }
}
