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
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "Android cloud-config task shape",
            #"{"uri":"logcollection.ronghub.com/upload","logId":"d010a239-76a7-450b-92d9-4b1cd098df1d","platform":"Android","packageName":"","startTime":1690947322000,"endTime":1690949158000}"#),
        DecodeCase(
            "org.json escaped slash", #"{"uri":"logcollection.ronghub.com\/upload","startTime":0,"endTime":0}"#,
            canonical: #"{"uri":"logcollection.ronghub.com/upload","startTime":0,"endTime":0}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("unknown keys go last", #"{"logType":"NORMAL","logId":"x"}"#, canonical: #"{"logId":"x","logType":"NORMAL"}"#),
        DecodeCase("64-bit extremes", #"{"startTime":-9223372036854775808,"endTime":9223372036854775807}"#),
        DecodeCase("CJK and emoji", #"{"packageName":"com.例子.app😀"}"#),
        DecodeCase("null uri is absent", #"{"uri":null,"logId":"a"}"#, canonical: #"{"logId":"a"}"#, leniencies: [.nullAsAbsent]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(LogCommandMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("startTime as a string", #"{"startTime":"1690947322000"}"#, .typeMismatch),
        RejectCase("fractional endTime", #"{"endTime":1.5}"#, .typeMismatch),
        RejectCase("endTime above 64 bits", #"{"endTime":9223372036854775808}"#, .numberOutOfRange),
        RejectCase("platform as a number", #"{"platform":2}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(LogCommandMessage.self, c)
    }

    @Test("flag")
    func flag() {
        #expect(LogCommandMessage.persistence == .none)
    }
}
