// Tests/RongCodecTests/Catalog/CallInviteMessageTests.swift - RC:VCInvite: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension CallInviteMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallInviteMessage {
        CallInviteMessage(
            mediaId: s.optString(), callId: s.optString(), engineType: s.optInt(), channelInfo: s.maybe { $0.jsonObject() },
            mediaType: s.optInt(), inviteUserIds: s.optStringArray(), observerUserIds: s.optStringArray(), mode: s.optInt(),
            subInfo: s.optOpenValue(), common: s.common())
    }
}
