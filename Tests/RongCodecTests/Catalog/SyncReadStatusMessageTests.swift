// Tests/RongCodecTests/Catalog/SyncReadStatusMessageTests.swift - RC:SRSMsg

import Testing

@testable import RongCodec

extension SyncReadStatusMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> SyncReadStatusMessage {
        SyncReadStatusMessage(lastMessageSendTime: s.int64(), common: s.common())
    }
}

@Suite("RC:SRSMsg")
struct SyncReadStatusMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("Android / WEBv2", #"{"lastMessageSendTime":1720000000000}"#),
        DecodeCase(
            "GO-FL lastMessageSend", #"{"lastMessageSend":1720000000000}"#,
            canonical: #"{"lastMessageSendTime":1720000000000}"#, leniencies: [.lastMessageSendAlias]),
        DecodeCase(
            "numeric string", #"{"lastMessageSendTime":"1720000000000"}"#,
            canonical: #"{"lastMessageSendTime":1720000000000}"#, leniencies: [.numericString]),
        DecodeCase(
            "documented key wins; the alias stays unknown", #"{"lastMessageSend":2,"zz":0,"lastMessageSendTime":1}"#,
            canonical: #"{"lastMessageSendTime":1,"zz":0,"lastMessageSend":2}"#),
        DecodeCase("time zero", #"{"lastMessageSendTime":0}"#),
        DecodeCase("largest time with extra", #"{"lastMessageSendTime":9223372036854775807,"extra":"多端 ✓"}"#),
        DecodeCase("time written as 1e3", #"{"lastMessageSendTime":1e3}"#, canonical: #"{"lastMessageSendTime":1000}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(SyncReadStatusMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("no time (WEBv2 drops a time of 0)", "{}", .missingRequiredField),
        RejectCase("time is a boolean", #"{"lastMessageSendTime":true}"#, .typeMismatch),
        RejectCase("hex string", #"{"lastMessageSendTime":"0x10"}"#, .typeMismatch),
        RejectCase("duplicate time", #"{"lastMessageSendTime":1,"lastMessageSendTime":2}"#, .duplicateKey),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(SyncReadStatusMessage.self, c)
    }

    @Test("fields and the NONE flag")
    func fields() throws {
        let m = try SyncReadStatusMessage(json: #"{"lastMessageSend":9}"#)
        #expect(m.lastMessageSendTime == 9)
        #expect(SyncReadStatusMessage.persistence == .none)
    }
}
