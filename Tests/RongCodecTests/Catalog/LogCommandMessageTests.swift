// Tests/RongCodecTests/Catalog/LogCommandMessageTests.swift - RC:LogCmdMsg: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension LogCommandMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> LogCommandMessage {
        LogCommandMessage(
            uri: s.optString(), logId: s.optString(), platform: s.optString(), packageName: s.optString(),
            startTime: s.optInt64(), endTime: s.optInt64(), common: s.common())
    }
}
