// Tests/RongCodecTests/Catalog/CallModifyMemberMessageTests.swift - RC:VCModifyMem

import Testing

@testable import RongCodec

extension CallModifyMemberMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallModifyMemberMessage {
        CallModifyMemberMessage(
            modifyMemType: s.optInt(), callId: s.optString(), caller: s.optString(), engineType: s.optInt(),
            channelInfo: s.maybe { $0.jsonObject() }, mediaType: s.optInt(), inviteUserIds: s.optStringArray(),
            existedMemberStatusList: s.optValueArray(), existedUserPofiles: s.optValueArray(),
            observerUserIds: s.optStringArray(), mode: s.optInt(), subInfo: s.optOpenValue(), common: s.common())
    }
}

@Suite("RC:VCModifyMem")
struct CallModifyMemberMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "Android call kit form",
            #"{"callId":"c","channelId":"c","caller":"u1","inviter":"u1","inviteUserIds":["u3"],"existedUserPofiles":[{"userId":"u1","mediaId":"m1","mediaType":2,"callStatus":4}],"engineType":1,"mediaType":2,"modifyMemType":1,"extra":""}"#,
            canonical: #"{"modifyMemType":1,"callId":"c","caller":"u1","engineType":1,"mediaType":2,"inviteUserIds":["u3"],"existedUserPofiles":[{"userId":"u1","mediaId":"m1","mediaType":2,"callStatus":4}],"extra":"","channelId":"c","inviter":"u1"}"#),
        DecodeCase(
            "Web v2 form",
            #"{"modifyMemType":1,"callId":"c","caller":"u1","engineType":3,"channelInfo":{"Id":"c"},"mediaType":1,"extra":"","inviteUserIds":["u4"],"existedMemberStatusList":["u1","u2"]}"#,
            canonical: #"{"modifyMemType":1,"callId":"c","caller":"u1","engineType":3,"channelInfo":{"Id":"c"},"mediaType":1,"inviteUserIds":["u4"],"existedMemberStatusList":["u1","u2"],"extra":""}"#),
        DecodeCase(
            "both member lists (desktop copy)",
            #"{"existedMemberStatusList":[{"userId":"u1","callStatus":1}],"existedUserPofiles":[{"userId":"u1","callStatus":1}]}"#),
        DecodeCase(
            "Go SDK form keeps modifyMemIds", #"{"callId":"c","modifyMemIds":["u5"],"extra":""}"#,
            canonical: #"{"callId":"c","extra":"","modifyMemIds":["u5"]}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase(
            "media name and observers", #"{"mediaType":"video","observerUserIds":["o1"]}"#,
            canonical: #"{"mediaType":2,"observerUserIds":["o1"]}"#, leniencies: [.mediaTypeName]),
        DecodeCase("CJK and emoji caller", #"{"caller":"张三😀","existedUserPofiles":[]}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(CallModifyMemberMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("member list as an object", #"{"existedUserPofiles":{"userId":"u1"}}"#, .typeMismatch),
        RejectCase("inviteUserIds as a string", #"{"inviteUserIds":"u3"}"#, .typeMismatch),
        RejectCase("modifyMemType as a string", #"{"modifyMemType":"1"}"#, .typeMismatch),
        RejectCase("channelInfo as an array", #"{"channelInfo":[]}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(CallModifyMemberMessage.self, c)
    }

    @Test("flag")
    func flag() {
        #expect(CallModifyMemberMessage.persistence == .none)
    }
}
