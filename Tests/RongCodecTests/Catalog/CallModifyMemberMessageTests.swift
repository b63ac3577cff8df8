// Tests/RongCodecTests/Catalog/CallModifyMemberMessageTests.swift - RC:VCModifyMem: random values for the property-based tests (its codec cases are vectors)

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
