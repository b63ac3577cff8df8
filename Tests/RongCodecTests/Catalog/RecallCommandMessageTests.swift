// Tests/RongCodecTests/Catalog/RecallCommandMessageTests.swift - RC:RcCmd

import Testing

@testable import RongCodec

extension RecallCommandMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> RecallCommandMessage {
        RecallCommandMessage(
            messageUId: s.string(), conversationType: s.optInt(), targetId: s.optString(), channelId: s.optString(),
            sentTime: s.optInt64(), isAdmin: s.optBool(), isDelete: s.optBool(), disablePush: s.optBool(), common: s.common())
    }
}

@Suite("RC:RcCmd")
struct RecallCommandMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "Android form", #"{"messageUId":"BA2B-7TCS-N4H5-9KJG","conversationType":1,"targetId":"u2","sentTime":1720000000123,"isAdmin":false,"isDelete":false}"#),
        DecodeCase(
            "Java server SDK: string type, int flags",
            #"{"messageUId":"A-B","conversationType":"6","targetId":"t","isAdmin":1,"isDelete":0}"#,
            canonical: #"{"messageUId":"A-B","conversationType":6,"targetId":"t","isAdmin":true,"isDelete":false}"#,
            leniencies: [.numericString, .boolAsInt]),
        DecodeCase(
            "sentTime as a numeric string", #"{"messageUId":"A","sentTime":"1720000000123"}"#,
            canonical: #"{"messageUId":"A","sentTime":1720000000123}"#, leniencies: [.numericString]),
        DecodeCase(
            "callback doc capitalised keys",
            #"{"MessageUId":"A","ConversationType":"3","TargetId":"g1","SentTime":"17"}"#,
            canonical: #"{"messageUId":"A","conversationType":3,"targetId":"g1","sentTime":17}"#,
            leniencies: [.capitalisedKeys, .numericString]),
        DecodeCase(
            "ChannelId is an alias of channelId", #"{"messageUId":"A","ChannelId":"c1"}"#,
            canonical: #"{"messageUId":"A","channelId":"c1"}"#, leniencies: [.capitalisedKeys]),
        DecodeCase(
            "a losing capitalised alias is kept, not reported", #"{"messageUId":"A","MessageUId":"B"}"#),
        DecodeCase(
            "5.8.1: recaller user info and extra", #"{"messageUId":"A","extra":"x","user":{"id":"op","name":"Op"}}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(RecallCommandMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("no messageUId", #"{"conversationType":1}"#, .missingRequiredField),
        RejectCase("null messageUId", #"{"messageUId":null}"#, .missingRequiredField),
        RejectCase("isAdmin 2", #"{"messageUId":"A","isAdmin":2}"#, .typeMismatch),
        RejectCase("non-numeric sentTime string", #"{"messageUId":"A","sentTime":"yesterday"}"#, .typeMismatch),
        RejectCase("numeric string with spaces", #"{"messageUId":"A","sentTime":" 12"}"#, .typeMismatch),
        RejectCase("fractional sentTime", #"{"messageUId":"A","sentTime":1.5}"#, .typeMismatch),
        RejectCase("conversationType too large", #"{"messageUId":"A","conversationType":99999999999}"#, .numberOutOfRange),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(RecallCommandMessage.self, c)
    }
}
