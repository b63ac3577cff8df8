// Tests/RongCodecTests/Catalog/LogCommandMessageTests.swift - RC:LogCmdMsg

import Testing

@testable import RongCodec

extension LogCommandMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> LogCommandMessage {
        LogCommandMessage(
            uri: s.optString(), logId: s.optString(), platform: s.optString(), packageName: s.optString(),
            startTime: s.optInt64(), endTime: s.optInt64(), common: s.common())
    }
}

@Suite("RC:LogCmdMsg")
struct LogCommandMessageTests {
    @Test("flag")
    func flag() {
        #expect(LogCommandMessage.persistence == .none)
    }
}
