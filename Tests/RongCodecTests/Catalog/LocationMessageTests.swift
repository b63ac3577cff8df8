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
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "legacy docs shape with a valid longitude",
            #"{"content":"/9j/4AAQSkZJRgABA","latitude":24.114,"longitude":116.221,"poi":"北京市朝阳区北苑路北辰泰岳大厦","extra":"helloExtra"}"#),
        DecodeCase(
            "Android encoder order with burn keys",
            #"{"content":"/9j/","latitude":39.9087,"longitude":116.3975,"extra":"e","poi":"天安门","user":{"id":"u"},"isBurnAfterRead":false,"burnDuration":0}"#,
            canonical: #"{"content":"/9j/","latitude":39.9087,"longitude":116.3975,"poi":"天安门","extra":"e","user":{"id":"u"},"isBurnAfterRead":false,"burnDuration":0}"#),
        DecodeCase(
            "Flutter spurious mBase64 and mImgUri stay unknown keys",
            #"{"content":"c","latitude":1.5,"longitude":-2.25,"poi":"p","mBase64":"c","mImgUri":"file:///x.png"}"#),
        DecodeCase("integer coordinates", #"{"latitude":0,"longitude":180}"#),
        DecodeCase("exponent forms", #"{"latitude":1.0E1,"longitude":-1.5e2}"#, canonical: #"{"latitude":10,"longitude":-150}"#),
        DecodeCase("lower bounds", #"{"latitude":-90,"longitude":-180}"#),
        DecodeCase("tiny values in ECMAScript form", #"{"latitude":1e-7,"longitude":0.000001}"#),
        DecodeCase("Android image URI in content", #"{"content":"file:///data/x.png","latitude":1,"longitude":2}"#),
        DecodeCase("six decimals", #"{"latitude":31.230416,"longitude":121.473701,"poi":"上海 🏙️"}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(LocationMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("empty object", "{}", .missingRequiredField),
        RejectCase("no longitude", #"{"latitude":1}"#, .missingRequiredField),
        RejectCase("null latitude", #"{"latitude":null,"longitude":1}"#, .missingRequiredField),
        RejectCase("legacy sample longitude 334.221", #"{"content":"x","latitude":24.114,"longitude":334.221,"poi":"p"}"#, .invalidValue),
        RejectCase("latitude above 90", #"{"latitude":90.5,"longitude":0}"#, .invalidValue),
        RejectCase("latitude as a string", #"{"latitude":"39.9","longitude":116}"#, .typeMismatch),
        RejectCase(
            "malformed legacy sample: syntax error wins over the range error",
            #"{"content":"x","latitude":24.114,"longitude":334.221,poi":"p"}"#, .unexpectedByte),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(LocationMessage.self, c)
    }

    @Test("encoding refuses coordinates the decoder would reject")
    func encodeRange() {
        expectCodecError(.invalidValue) { try LocationMessage(latitude: 91, longitude: 0).jsonBytes() }
        expectCodecError(.invalidValue) { try LocationMessage(latitude: 0, longitude: -180.5).jsonBytes() }
        expectCodecError(.invalidValue) { try LocationMessage(latitude: .nan, longitude: 0).jsonBytes() }
    }
}
