// Tests/RongCodecTests/Support/ValueSource.swift - random values for property-based tests

import PropertyBased

@testable import RongCodec

/// Draws random field values from a seeded generator. Strings include escapes, control
/// characters, CJK and emoji so the writer and scanner are exercised on every path, and é in
/// both NFC and NFD so that a normalization anywhere would change the bytes.
struct ValueSource {
    var rng: any SeededRandomNumberGenerator

    private static let alphabet: [String] = [
        "a", "b", "Z", "0", "9", " ", "_", "-", "/", "\\", "\"", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}",
        "é", "e\u{301}", "ß", "中", "文", "😀", "👍🏽", "\u{2028}", "{", "}", "[", "]", ":", ",", "@", "https://", ".png",
    ]

    mutating func bool() -> Bool { Bool.random(using: &rng) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

    mutating func int64(_ range: ClosedRange<Int64> = Int64.min...Int64.max) -> Int64 {
        // Bias towards edges and timestamps.
        switch int(0...5) {
        case 0: return range.lowerBound
        case 1: return range.upperBound
        case 2: return min(max(1_720_000_000_000, range.lowerBound), range.upperBound)
        default: return Int64.random(in: range, using: &rng)
        }
    }

    mutating func double() -> Double {
        switch int(0...4) {
        case 0: return 0
        case 1: return Double(int(-180...180))
        case 2: return Double.random(in: -1e9...1e9, using: &rng)
        case 3: return Double.random(in: -1...1, using: &rng) * 1e-9
        default: return Double.random(in: -180...180, using: &rng)
        }
    }

    mutating func string(maxParts: Int = 6) -> String {
        var s = ""
        for _ in 0..<int(0...maxParts) { s += Self.alphabet[int(0...(Self.alphabet.count - 1))] }
        return s
    }

    mutating func maybe<T>(_ make: (inout ValueSource) -> T) -> T? {
        bool() ? make(&self) : nil
    }

    mutating func optString() -> String? { maybe { $0.string() } }
    mutating func optBool() -> Bool? { maybe { $0.bool() } }
    mutating func optInt64(_ range: ClosedRange<Int64> = Int64.min...Int64.max) -> Int64? { maybe { $0.int64(range) } }
    mutating func optInt(_ range: ClosedRange<Int> = Int(Int32.min)...Int(Int32.max)) -> Int? { maybe { $0.int(range) } }
    mutating func optDouble() -> Double? { maybe { $0.double() } }

    mutating func stringArray(max: Int = 4) -> [String] { (0..<int(0...max)).map { _ in string() } }
    mutating func optStringArray() -> [String]? { maybe { $0.stringArray() } }

    /// Any JSON value (bounded depth).
    mutating func jsonValue(depth: Int = 2) -> JSONValue {
        switch int(0...(depth > 0 ? 6 : 3)) {
        case 0: return .null
        case 1: return .bool(bool())
        case 2: return bool() ? .number(JSONNumber(int64())) : .number(JSONNumber(double()))
        case 3: return .string(string())
        case 4, 5: return .object(jsonObject(depth: depth - 1))
        default: return .array((0..<int(0...3)).map { _ in jsonValue(depth: depth - 1) })
        }
    }

    /// An object with keys that no content type knows (prefix `x_`), so they stay unknown.
    mutating func jsonObject(depth: Int = 1, prefix: String = "x_") -> JSONObject {
        var o = JSONObject()
        for i in 0..<int(0...3) { o[prefix + "\(i)" + string(maxParts: 2)] = jsonValue(depth: depth) }
        return o
    }

    /// A non-empty object of JSON values (for fields modelled as objects).
    mutating func nonEmptyObject() -> JSONObject {
        var o = jsonObject()
        if o.isEmpty { o["k"] = .string(string()) }
        return o
    }

    mutating func user() -> UserInfo {
        var u = UserInfo(id: optString(), name: optString(), portrait: optString(), extra: optString(), alias: optString())
        u.unknownFields = jsonObject()
        if u == UserInfo() { u.id = "u" }  // an all-empty user decodes as "no user"
        return u
    }

    mutating func mentionedInfo() -> MentionedInfo {
        var m = MentionedInfo(type: bool() ? .all : .users, userIdList: optStringArray(), mentionedContent: optString())
        m.unknownFields = jsonObject()
        return m
    }

    /// Random shared keys and unknown keys.
    mutating func common() -> ContentCommon {
        var c = ContentCommon(extra: optString(), user: maybe { $0.user() }, mentionedInfo: maybe { $0.mentionedInfo() })
        c.burn = BurnAfterReading(isBurnAfterRead: optBool(), burnDuration: optInt64(0...Int64.max))
        c.unknownFields = jsonObject()
        return c
    }
}

/// A content type that can produce random values of itself for property-based tests.
protocol ArbitraryContent: MessageContent {
    static func arbitrary(_ s: inout ValueSource) -> Self
}

/// A generator of random values of a content type.
func contentGenerator<T: ArbitraryContent>(_ type: T.Type) -> Generator<T, Shrink.None<T>> {
    Generator(run: { rng in
        var s = ValueSource(rng: rng)
        let v = T.arbitrary(&s)
        rng = s.rng
        return v
    })
}
