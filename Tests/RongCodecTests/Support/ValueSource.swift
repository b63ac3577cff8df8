// Tests/RongCodecTests/Support/ValueSource.swift - random values for property-based tests

import PropertyBased

@testable import RongCodec

/// Draws random field values from a seeded generator. Strings include escapes, control
/// characters, CJK and emoji so the writer and scanner are exercised on every path, and é in
/// both NFC and NFD so that a normalization anywhere would change the bytes.
///
/// With ``invalidPercent`` above 0, that share of the field draws that can be invalid are: an
/// integer outside the field's range, a non-finite double, an empty user, a mention type other
/// than 1 and 2, an unknown key that the object's decoder reads itself. Each such draw records
/// the error code the encoder must answer with in ``expectedCodes``. The ranges come from the
/// generators (written from the spec), never from the codec.
struct ValueSource {
    var rng: any SeededRandomNumberGenerator
    /// Percent of the draws that can be invalid that are (0: only valid values).
    var invalidPercent = 0
    /// The codes an encoder may throw for what was drawn; empty when every draw was valid.
    var expectedCodes: Set<CodecError.Code> = []

    init(rng: any SeededRandomNumberGenerator, invalidPercent: Int = 0) {
        self.rng = rng
        self.invalidPercent = invalidPercent
    }

    /// Whether this draw is to be invalid; records `code` when it is. Consumes no randomness
    /// when ``invalidPercent`` is 0, so valid-only runs draw exactly what they always drew.
    mutating func drawInvalid(_ code: CodecError.Code) -> Bool {
        guard invalidPercent > 0, int(1...100) <= invalidPercent else { return false }
        expectedCodes.insert(code)
        return true
    }

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

    /// A field value in `range` (the field's domain), or in invalid draws one just outside it.
    mutating func optInt64(_ range: ClosedRange<Int64> = Int64.min...Int64.max) -> Int64? {
        maybe { s in
            let below = range.lowerBound > Int64.min, above = range.upperBound < Int64.max
            guard below || above, s.drawInvalid(.invalidValue) else { return s.int64(range) }
            return below && (!above || s.bool())
                ? (s.bool() ? range.lowerBound - 1 : Int64.random(in: Int64.min...(range.lowerBound - 1), using: &s.rng))
                : (s.bool() ? range.upperBound + 1 : Int64.random(in: (range.upperBound + 1)...Int64.max, using: &s.rng))
        }
    }

    /// A field value in `range` (the field's domain, 32-bit by default as in the decoder), or in
    /// invalid draws one outside it.
    mutating func optInt(_ range: ClosedRange<Int> = Int(Int32.min)...Int(Int32.max)) -> Int? {
        maybe { s in
            let below = range.lowerBound > Int.min, above = range.upperBound < Int.max
            guard below || above, s.drawInvalid(.invalidValue) else { return s.int(range) }
            return below && (!above || s.bool())
                ? (s.bool() ? range.lowerBound - 1 : Int.random(in: Int.min...(range.lowerBound - 1), using: &s.rng))
                : (s.bool() ? range.upperBound + 1 : Int.random(in: (range.upperBound + 1)...Int.max, using: &s.rng))
        }
    }

    /// A finite double, or in invalid draws NaN or an infinity (JSON has neither).
    mutating func optDouble() -> Double? {
        maybe { s in s.drawInvalid(.invalidValue) ? [Double.nan, .infinity, -.infinity][s.int(0...2)] : s.double() }
    }

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
    /// In invalid draws it also holds one of `colliding`: keys the object's decoder reads itself.
    mutating func jsonObject(depth: Int = 1, prefix: String = "x_", colliding: [String] = []) -> JSONObject {
        var o = JSONObject()
        for i in 0..<int(0...3) { o[prefix + "\(i)" + string(maxParts: 2)] = jsonValue(depth: depth) }
        if !colliding.isEmpty, drawInvalid(.unknownKeyConflict) {
            o[colliding[int(0...(colliding.count - 1))]] = jsonValue(depth: depth)
        }
        return o
    }

    /// The keys of `user` (CONTENT-USER-001, -002), of `mentionedInfo` (CONTENT-MENTION-001), and
    /// the shared content keys plus `localPath` (spec/content-common.md), as the spec lists them.
    static let userKeys = ["id", "name", "portrait", "extra", "alias"]
    static let mentionKeys = ["type", "userIdList", "mentionedContent"]
    static let sharedKeys = ["extra", "user", "mentionedInfo", "isBurnAfterRead", "burnDuration", "localPath"]

    /// A non-empty object of JSON values (for fields modelled as objects).
    mutating func nonEmptyObject() -> JSONObject {
        var o = jsonObject()
        if o.isEmpty { o["k"] = .string(string()) }
        return o
    }

    mutating func user() -> UserInfo {
        // An all-empty user decodes as "no user" (CONTENT-USER-004).
        if drawInvalid(.invalidValue) { return UserInfo() }
        var u = UserInfo(id: optString(), name: optString(), portrait: optString(), extra: optString(), alias: optString())
        u.unknownFields = jsonObject(colliding: Self.userKeys)
        if u == UserInfo() { u.id = "u" }
        return u
    }

    mutating func mentionedInfo() -> MentionedInfo {
        // Mention types are 1 and 2 (CONTENT-MENTION-001).
        let type: MentionedInfo.MentionType =
            drawInvalid(.invalidValue) ? .init(rawValue: [0, 3, -1, Int.max][int(0...3)]) : bool() ? .all : .users
        var m = MentionedInfo(type: type, userIdList: optStringArray(), mentionedContent: optString())
        m.unknownFields = jsonObject(colliding: Self.mentionKeys)
        return m
    }

    /// Random shared keys and unknown keys.
    mutating func common() -> ContentCommon {
        var c = ContentCommon(extra: optString(), user: maybe { $0.user() }, mentionedInfo: maybe { $0.mentionedInfo() })
        c.burn = BurnAfterReading(isBurnAfterRead: optBool(), burnDuration: optInt64(0...Int64.max))
        c.unknownFields = jsonObject(colliding: Self.sharedKeys)
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

/// A value that may hold invalid parts, and the codes an encoder may refuse it with (empty: the
/// value is valid).
struct MaybeInvalid<T: Sendable>: Sendable {
    let value: T
    let expectedCodes: Set<CodecError.Code>
}

/// A generator of values of which about `percent` percent of the parts that can be invalid are.
func maybeInvalidGenerator<T: ArbitraryContent>(
    _ type: T.Type, percent: Int, aliases: Set<String>
) -> Generator<MaybeInvalid<T>, Shrink.None<MaybeInvalid<T>>> {
    Generator(run: { rng in
        var s = ValueSource(rng: rng, invalidPercent: percent)
        var v = T.arbitrary(&s)
        // The type's own modelled keys (its table without the aliases the spec lists) as unknown keys;
        // array content (RC:Delivered) has no top-level keys, its generator draws its own invalid parts.
        let own = T.isArrayContent ? [] : BuiltInCatalog.keys(of: T.self).filter { !aliases.contains($0) && !ValueSource.sharedKeys.contains($0) }
        if !own.isEmpty, s.drawInvalid(.unknownKeyConflict) {
            v.unknownFields[own[s.int(0...(own.count - 1))]] = s.jsonValue()
        }
        rng = s.rng
        return MaybeInvalid(value: v, expectedCodes: s.expectedCodes)
    })
}
