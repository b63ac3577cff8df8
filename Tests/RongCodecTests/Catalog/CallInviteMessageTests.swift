// Tests/RongCodecTests/Catalog/CallInviteMessageTests.swift - RC:VCInvite

import Testing

@testable import RongCodec

extension CallInviteMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallInviteMessage {
        CallInviteMessage(
            mediaId: s.optString(), callId: s.optString(), engineType: s.optInt(), channelInfo: s.maybe { $0.jsonObject() },
            mediaType: s.optInt(), inviteUserIds: s.optStringArray(), observerUserIds: s.optStringArray(), mode: s.optInt(),
            subInfo: s.optOpenValue(), common: s.common())
    }
}

@Suite("RC:VCInvite")
struct CallInviteMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "Web v2 form",
            #"{"mediaId":"m","callId":"c","engineType":4,"channelInfo":{"Id":"ch","Key":"k"},"mediaType":2,"extra":"","inviteUserIds":["u2","u3"],"observerUserIds":[],"mode":0}"#,
            canonical: #"{"mediaId":"m","callId":"c","engineType":4,"channelInfo":{"Id":"ch","Key":"k"},"mediaType":2,"inviteUserIds":["u2","u3"],"observerUserIds":[],"mode":0,"extra":""}"#),
        DecodeCase(
            "Android call kit form with channelId",
            #"{"callId":"c","channelId":"c","extra":"","inviteUserIds":["u2"],"engineType":1,"mediaType":1}"#,
            canonical: #"{"callId":"c","engineType":1,"mediaType":1,"inviteUserIds":["u2"],"extra":"","channelId":"c"}"#),
        DecodeCase(
            "Go SDK form", #"{"callId":"c","mediaType":"video","extra":"{\"k\":1}"}"#,
            canonical: #"{"callId":"c","mediaType":2,"extra":"{\"k\":1}"}"#, leniencies: [.mediaTypeName]),
        DecodeCase("empty object", "{}"),
        DecodeCase("CJK and emoji in a user id", #"{"callId":"c","inviteUserIds":["用户😀"]}"#),
        DecodeCase("media type as a numeric string", #"{"mediaType":"1"}"#, canonical: #"{"mediaType":1}"#, leniencies: [.numericString]),
        DecodeCase("empty channelInfo", #"{"channelInfo":{}}"#),
        DecodeCase(
            "null subInfo is absent", #"{"callId":"c","subInfo":null}"#, canonical: #"{"callId":"c"}"#, leniencies: [.nullAsAbsent]),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(CallInviteMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("channelInfo as a string", #"{"channelInfo":"ch"}"#, .typeMismatch),
        RejectCase("a number among the invited", #"{"inviteUserIds":["u",1]}"#, .typeMismatch),
        RejectCase("engineType as a string", #"{"engineType":"4"}"#, .typeMismatch),
        RejectCase("observerUserIds as a string", #"{"observerUserIds":"u1"}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(CallInviteMessage.self, c)
    }

    @Test("flag")
    func flag() {
        #expect(CallInviteMessage.persistence == .none)
    }
}
