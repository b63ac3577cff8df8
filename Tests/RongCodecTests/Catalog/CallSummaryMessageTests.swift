// Tests/RongCodecTests/Catalog/CallSummaryMessageTests.swift - RC:VCSummary

import Testing

@testable import RongCodec

extension CallSummaryMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallSummaryMessage {
        CallSummaryMessage(
            caller: s.optString(), inviter: s.optString(), mediaType: s.optInt(), memberIdList: s.optStringArray(),
            startTime: s.optInt64(), activeTime: s.optInt64(), connectedTime: s.optInt64(), duration: s.optInt64(),
            hangupReason: s.optInt(), status: s.optInt(), common: s.common())
    }
}

@Suite("RC:VCSummary")
struct CallSummaryMessageTests {
    @Test("flag is ISPERSISTED; Android and Web keys are separate fields")
    func fields() throws {
        let m = try CallSummaryMessage(json: #"{"activeTime":1,"connectedTime":2}"#)
        #expect(m.activeTime == 1)
        #expect(m.connectedTime == 2)
        #expect(CallSummaryMessage.persistence == .isPersisted)
    }
}
