// Tests/RongCodecTests/Catalog/CallHangupMessageTests.swift - RC:VCHangup: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension CallHangupMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallHangupMessage {
        CallHangupMessage(callId: s.optString(), reason: s.optInt(), mode: s.optInt(), subInfo: s.optOpenValue(), common: s.common())
    }
}
