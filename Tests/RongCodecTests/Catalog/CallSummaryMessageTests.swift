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
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "Android call kit form",
            #"{"caller":"u1","inviter":"u1","mediaType":1,"memberIdList":["u1","u2"],"startTime":1720000000000,"activeTime":1720000005000,"duration":65000,"hangupReason":3}"#),
        DecodeCase(
            "Web v2 form",
            #"{"caller":"u1","inviter":"u2","mediaType":2,"memberIdList":["u1","u2"],"startTime":1720000000000,"duration":30,"status":13,"connectedTime":1720000001000}"#,
            canonical: #"{"caller":"u1","inviter":"u2","mediaType":2,"memberIdList":["u1","u2"],"startTime":1720000000000,"connectedTime":1720000001000,"duration":30,"status":13}"#),
        DecodeCase("both key pairs are separate fields", #"{"activeTime":1,"connectedTime":2,"hangupReason":3,"status":4}"#),
        DecodeCase("media name", #"{"mediaType":"audio"}"#, canonical: #"{"mediaType":1}"#, leniencies: [.mediaTypeName]),
        DecodeCase("media type as a numeric string", #"{"mediaType":"2"}"#, canonical: #"{"mediaType":2}"#, leniencies: [.numericString]),
        DecodeCase("empty object", "{}"),
        DecodeCase("CJK, emoji and an unknown key", #"{"caller":"张三😀","v":1}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(CallSummaryMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("startTime as a string", #"{"startTime":"1720000000000"}"#, .typeMismatch),
        RejectCase("memberIdList as a string", #"{"memberIdList":"u1,u2"}"#, .typeMismatch),
        RejectCase("fractional hangupReason", #"{"hangupReason":1.5}"#, .typeMismatch),
        RejectCase("duration beyond 64 bits", #"{"duration":1e30}"#, .numberOutOfRange),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(CallSummaryMessage.self, c)
    }

    @Test("flag is ISPERSISTED; Android and Web keys are separate fields")
    func fields() throws {
        let m = try CallSummaryMessage(json: #"{"activeTime":1,"connectedTime":2}"#)
        #expect(m.activeTime == 1)
        #expect(m.connectedTime == 2)
        #expect(CallSummaryMessage.persistence == .isPersisted)
    }
}
