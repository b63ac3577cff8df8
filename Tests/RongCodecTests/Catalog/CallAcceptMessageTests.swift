// Tests/RongCodecTests/Catalog/CallAcceptMessageTests.swift - RC:VCAccept: random values for the property-based tests (its codec cases are vectors)

@testable import RongCodec

extension ValueSource {
    /// A JSON value for open-shape fields; never `null`, which decodes as absent.
    mutating func optOpenValue() -> JSONValue? {
        guard let v = maybe({ $0.jsonValue() }), v != .null else { return nil }
        return v
    }

    /// An array of arbitrary JSON values.
    mutating func optValueArray() -> [JSONValue]? {
        maybe { s in (0..<s.int(0...3)).map { _ in s.jsonValue() } }
    }
}

extension CallAcceptMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CallAcceptMessage {
        CallAcceptMessage(
            callId: s.optString(), mediaId: s.optString(), mediaType: s.optInt(), mode: s.optInt(),
            subInfo: s.optOpenValue(), common: s.common())
    }
}
