// Tests/RongCodecTests/Catalog/LocationMessageTests.swift - RC:LBSMsg

import Testing

@testable import RongCodec
import RongTestSupport

extension LocationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> LocationMessage {
        func coordinate(_ s: inout ValueSource, _ limit: Double) -> Double {
            // Latitude within ±90, longitude within ±180, finite (CONTENT-LBS-*).
            if s.drawInvalid(.invalidValue) { return [limit.nextUp, -limit - 1, .nan, .infinity][s.int(0...3)] }
            switch s.int(0...3) {
            case 0: return limit
            case 1: return -limit
            case 2: return Double(s.int(-Int(limit)...Int(limit)))
            default: return Double.random(in: -limit...limit, using: &s.rng)
            }
        }
        return LocationMessage(
            content: s.optString(), latitude: coordinate(&s, 90), longitude: coordinate(&s, 180), poi: s.optString(),
            common: s.common())
    }
}

@Suite("RC:LBSMsg")
struct LocationMessageTests {
    @Test("encoding refuses coordinates the decoder would reject")
    func encodeRange() {
        expectCodecError(.invalidValue) { try LocationMessage(latitude: 91, longitude: 0).jsonBytes() }
        expectCodecError(.invalidValue) { try LocationMessage(latitude: 0, longitude: -180.5).jsonBytes() }
        expectCodecError(.invalidValue) { try LocationMessage(latitude: .nan, longitude: 0).jsonBytes() }
    }
}
