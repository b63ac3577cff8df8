// Tests/RongCodecTests/Catalog/CallRingingMessageTests.swift - RC:VCRinging: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension CallRingingMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallRingingMessage {
        CallRingingMessage(callId: s.optString(), common: s.common())
    }
}
