// Tests/RongCodecTests/Catalog/GroupNotificationMessageTests.swift - RC:GrpNtf

import Testing

@testable import RongCodec

extension GroupNotificationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> GroupNotificationMessage {
        GroupNotificationMessage(
            operatorUserId: s.optString(), operation: s.optString(), data: s.optString(), message: s.optString(),
            common: s.common())
    }
}

@Suite("RC:GrpNtf")
struct GroupNotificationMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("Android form, data as a string", #"{"operatorUserId":"u1","operation":"Add","data":"{\"targetUserIds\":[\"u2\"]}","message":"","extra":""}"#),
        DecodeCase(
            "SealTalk server form, data as an object",
            #"{"operatorUserId":"__system__","operation":"Create","data":{"operatorNickname":"Ann","targetGroupName":"g"},"message":""}"#,
            canonical: #"{"operatorUserId":"__system__","operation":"Create","data":"{\"operatorNickname\":\"Ann\",\"targetGroupName\":\"g\"}","message":""}"#,
            leniencies: [.objectAsString]),
        DecodeCase("Flutter empty user object", #"{"operation":"Quit","user":{}}"#, canonical: #"{"operation":"Quit"}"#, leniencies: [.emptyUser]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(GroupNotificationMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("operation as a number", #"{"operation":1}"#, .typeMismatch),
        RejectCase("data as a number", #"{"data":1}"#, .typeMismatch),
        RejectCase("duplicate data", #"{"data":"a","data":{}}"#, .duplicateKey),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(GroupNotificationMessage.self, c)
    }
}
