// Tests/RongCodecTests/JSONParsingTests.swift - RFC 8259 strictness, limits, exact numbers

import Testing

@testable import RongCodec
import RongTestSupport

private func parse(_ text: String, _ options: DecodingOptions = .default) throws(CodecError) -> JSONValue {
    try JSONValue(parsing: Array(text.utf8), options: options)
}

private func parseBytes(_ bytes: [UInt8]) throws(CodecError) -> JSONValue {
    try JSONValue(parsing: bytes)
}

@Suite("JSON: strict parsing")
struct JSONParsingTests {
    /// Inputs RFC 8259 allows, with the value they must produce.
    static let accepted: [(String, JSONValue)] = [
        ("{}", .object(JSONObject())),
        ("[]", .array([])),
        (" \t\r\n{ \"a\" : 1 } \n", ["a": 1]),
        ("\"\\/\"", "/"),
        ("\"\\\"\\\\\\b\\f\\n\\r\\t\"", "\"\\\u{08}\u{0C}\n\r\t"),
        ("\"\\u00e9\\u4E2D\"", "é中"),
        ("\"\\ud83d\\ude00\"", "😀"),
        ("\"😀 中文\"", "😀 中文"),
        ("\"\\u0000\"", "\u{0}"),
        // Unescaping writes into the string's storage: escapes at either end, runs of plain
        // text between them, text much shorter than its escapes, and strings long enough for
        // heap storage.
        ("\"\\nabc\\n\"", "\nabc\n"),
        ("\"\\u4e2d\\u6587\\u4e2d\\u6587\\u4e2d\\u6587\\u4e2d\\u6587\"", "中文中文中文中文"),
        ("\"协议评审 RongWire \\\"quoted\\\" line\\n协议评审 RongWire \\\"quoted\\\" line\\n\"",
         "协议评审 RongWire \"quoted\" line\n协议评审 RongWire \"quoted\" line\n"),
        ("\"0123456789abcdef0123456789abcdef\\ud83d\\ude00\\/\\t\"", "0123456789abcdef0123456789abcdef😀/\t"),
        ("\"\u{7F}\"", "\u{7F}"),
        ("[true,false,null]", [true, false, nil]),
        ("0", 0),
        ("-0", 0),
        ("1720000000123", .number(JSONNumber(Int64(1_720_000_000_123)))),
        ("9223372036854775807", .number(JSONNumber(Int64.max))),
        ("-9223372036854775808", .number(JSONNumber(Int64.min))),
        ("1.5", 1.5),
        ("-2.5e-3", -0.0025),
        ("1E2", 100),
        ("{\"a\":{\"b\":[1,{\"c\":\"d\"}]}}", ["a": ["b": [1, ["c": "d"]]]]),
    ]

    @Test("accepts valid JSON", arguments: accepted)
    func accepts(_ input: String, _ expected: JSONValue) throws {
        let v = try parse(input)
        #expect(v == expected)
    }

    /// Inputs RFC 8259 forbids, with the error code each must produce.
    static let rejected: [(String, CodecError.Code)] = [
        ("", .truncated),
        ("{", .truncated),
        ("{\"a\":1", .truncated),
        ("\"abc", .truncated),
        ("[1,]", .trailingComma),
        ("{\"a\":1,}", .trailingComma),
        ("{\"a\":1} x", .trailingGarbage),
        ("{}{}", .trailingGarbage),
        ("// c\n{}", .unexpectedByte),
        ("{/* c */}", .unexpectedByte),
        ("{'a':1}", .unexpectedByte),
        ("{a:1}", .unexpectedByte),
        ("[01]", .leadingZero),
        ("[-01]", .leadingZero),
        ("[1.]", .malformedNumber),
        ("[-]", .malformedNumber),
        ("[1e]", .malformedNumber),
        ("[.5]", .unexpectedByte),
        ("[+1]", .unexpectedByte),
        ("[1e400]", .numberOutOfRange),
        ("[NaN]", .unexpectedByte),
        ("[tru]", .unexpectedByte),
        ("[\"a\tb\"]", .controlCharacter),
        ("[\"a\nb\"]", .controlCharacter),
        ("[\"\\x41\"]", .invalidEscape),
        ("[\"\\u12G4\"]", .invalidEscape),
        ("[\"\\ud800\"]", .loneSurrogate),
        ("[\"\\udc00\"]", .loneSurrogate),
        ("[\"\\ud800\\u0041\"]", .loneSurrogate),
        ("{\"a\":1,\"a\":2}", .duplicateKey),
        ("{\"a\":1,\"\\u0061\":2}", .duplicateKey),
        ("{\"a\":1 \"b\":2}", .unexpectedByte),
        ("[1 2]", .unexpectedByte),
    ]

    @Test("rejects invalid JSON with a stable code", arguments: rejected)
    func rejects(_ input: String, _ code: CodecError.Code) {
        expectCodecError(code) { try parse(input) }
    }

    static let invalidUTF8: [([UInt8], CodecError.Code)] = [
        ([0x22, 0xFF, 0x22], .invalidUTF8),  // never valid
        ([0x22, 0xC0, 0xAF, 0x22], .invalidUTF8),  // overlong '/'
        ([0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8),  // overlong
        ([0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8),  // encoded surrogate (CESU-8 in content)
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8),  // above U+10FFFF
        ([0x22, 0xE4, 0xB8, 0x22], .invalidUTF8),  // cut 3-byte sequence
        ([0x22, 0xE4, 0xB8], .truncated),  // input ends inside a sequence
        ([0xEF, 0xBB, 0xBF, 0x7B, 0x7D], .unexpectedByte),  // byte-order mark
    ]

    @Test("rejects invalid UTF-8", arguments: invalidUTF8)
    func rejectsUTF8(_ bytes: [UInt8], _ code: CodecError.Code) {
        expectCodecError(code) { try parseBytes(bytes) }
    }

    @Test("lone surrogates read as U+FFFD only when asked")
    func loneSurrogateReplacement() throws {
        var o = DecodingOptions()
        o.replacesLoneSurrogates = true
        #expect(try parse(#"["\ud800","\udc00x","\ud800\u0041","\ud83d\ude00"]"#, o) == ["\u{FFFD}", "\u{FFFD}x", "\u{FFFD}A", "😀"])
        expectCodecError(.loneSurrogate) { try parse(#"["\ud800"]"#) }
    }

    @Test("keeps object key order")
    func keyOrder() throws {
        let v = try parse("{\"z\":1,\"a\":2,\"m\":3}")
        #expect(v.objectValue?.keys == ["z", "a", "m"])
    }

    @Test("keys are compared by bytes: NFC and NFD spellings are two keys, not a duplicate")
    func normalizationFormsAreDistinctKeys() throws {
        // Raw UTF-8: C3 A9 (NFC é) and 65 CC 81 (NFD e + combining acute).
        let raw: [UInt8] = Array(#"{"\#u{E9}":1,"e\#u{301}":2}"#.utf8)
        #expect(raw.contains(0xCC) && raw.contains(0xC3))
        let o = try #require(try JSONValue(parsing: raw).objectValue)
        #expect(o.count == 2)
        #expect(o["\u{E9}"] == 1 && o["e\u{301}"] == 2)
        #expect(try JSONValue.object(o).canonicalBytes() == raw)
        // Escaped spellings too, and the same key written both ways is still a duplicate.
        #expect(try parse(#"{"\u00e9":1,"e\u0301":2}"#).objectValue?.count == 2)
        expectCodecError(.duplicateKey) { try parse(#"{"\u00e9":1,"\#u{E9}":2}"#) }
        // Past 16 keys the deduplicator hashes: the hash must not merge the two forms either.
        var many = "{"
        for i in 0..<20 { many += "\"k\(i)\":0," }
        many += "\"\u{E9}\":1,\"e\u{301}\":2}"
        #expect(try parse(many).objectValue?.count == 22)
    }

    @Test("strings and keys compare and hash by bytes, not by canonical equivalence")
    func valueEqualityIsByteExact() {
        let nfc: JSONValue = "\u{E9}", nfd: JSONValue = "e\u{301}"
        #expect("\u{E9}" == "e\u{301}")  // Swift's String equality, which JSONValue must not use
        #expect(nfc != nfd)
        #expect(Set<JSONValue>([nfc, nfd]).count == 2)
        let a: JSONValue = ["\u{E9}": 1], b: JSONValue = ["e\u{301}": 1]
        #expect(a != b && !a.isEqualIgnoringOrder(b))
        var o = JSONObject()
        o["\u{E9}"] = 1
        o["e\u{301}"] = 2
        #expect(o.count == 2 && o.removeValue(forKey: "e\u{301}") == 2 && o.keys == ["\u{E9}"])
    }

    @Test("detects duplicates among many keys in linear time")
    func manyKeys() throws {
        var text = "{"
        for i in 0..<5000 { text += "\"k\(i)\":\(i)," }
        text += "\"k17\":0}"
        expectCodecError(.duplicateKey) { try parse(text) }
    }

    @Test("enforces the depth limit")
    func depth() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try parse(ok) }
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        expectCodecError(.depthLimit) { try parse(deep) }
        let custom = DecodingOptions(maxDepth: 3)
        expectCodecError(.depthLimit) { try parse("[[[[]]]]", custom) }
        // Hostile depth far beyond any limit fails fast instead of overflowing the stack.
        let hostile = String(repeating: "[", count: 200_000)
        expectCodecError(.depthLimit) { try parse(hostile, DecodingOptions(maxContentBytes: 1 << 20)) }
    }

    @Test("enforces the size limit")
    func size() throws {
        let body = "\"" + String(repeating: "a", count: 131_070) + "\""  // exactly 131,072 bytes
        #expect(throws: Never.self) { try parse(body) }
        let over = "\"" + String(repeating: "a", count: 131_071) + "\""
        expectCodecError(.sizeLimit) { try parse(over) }
        expectCodecError(.sizeLimit) { try parse("[1,2,3]", DecodingOptions(maxContentBytes: 6)) }
    }

    @Test("errors carry offset and path")
    func location() {
        do {
            _ = try parse("{\"user\":{\"id\":\"a\",\"id\":\"b\"}}")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .duplicateKey)
            #expect(error.offset == 18)
            #expect(error.path == "$.user.id")
        }
        do {
            _ = try parse("{\"list\":[1,2,01]}")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .leadingZero)
            #expect(error.path == "$.list[2]")
        }
    }
}

@Suite("JSON: exact numbers and canonical output")
struct JSONNumberTests {
    @Test("int64 values stay exact")
    func exactIntegers() throws {
        for n: Int64 in [9_007_199_254_740_993, Int64.max, Int64.min, 1_720_000_000_123] {
            let v = try parse(String(n))
            #expect(v.numberValue?.int64Value == n)
            #expect(try String(decoding: v.canonicalBytes(), as: UTF8.self) == String(n))
        }
    }

    @Test("integers beyond 64 bits keep their digits")
    func bigIntegers() throws {
        for text in ["18446744073709551615", "123456789012345678901234567890", "-99999999999999999999"] {
            let v = try parse(text)
            #expect(try String(decoding: v.canonicalBytes(), as: UTF8.self) == text)
        }
    }

    /// Doubles are written in ECMAScript Number::toString form (expected values as V8 prints them).
    static let doubles: [(String, String)] = [
        ("1.0", "1"),
        ("100.0", "100"),
        ("0.1", "0.1"),
        ("1e21", "1e+21"),
        ("1e20", "100000000000000000000"),
        ("123456789012345678901.0", "123456789012345680000"),
        ("0.000001", "0.000001"),
        ("1e-7", "1e-7"),
        ("1.5e-7", "1.5e-7"),
        ("-0.0", "0"),
        ("5e-324", "5e-324"),
        ("1.7976931348623157e308", "1.7976931348623157e+308"),
        ("0.30000000000000004", "0.30000000000000004"),
        ("39.90469", "39.90469"),
        ("116.40717", "116.40717"),
        ("2.5E+3", "2500"),
        ("9007199254740992.0", "9007199254740992"),
        ("1152921504606846976.0", "1152921504606847000"),
        ("9.223372036854776e18", "9223372036854776000"),
        ("-9223372036854775808.0", "-9223372036854776000"),
    ]

    @Test("doubles use the shortest round-trip ECMAScript form", arguments: doubles)
    func doubleForm(_ input: String, _ canonical: String) throws {
        let v = try parse(input)
        #expect(try String(decoding: v.canonicalBytes(), as: UTF8.self) == canonical)
        // And the canonical text parses back to the same number.
        #expect(try parse(canonical) == v)
    }

    @Test("numbers compare by value")
    func numericEquality() throws {
        #expect(try parse("1") == parse("1.0"))
        #expect(try parse("1") == parse("1e0"))
        #expect(try parse("1") != parse("1.5"))
        #expect(try parse("[1.0]").hashValue == parse("[1]").hashValue)
    }

    @Test("numbers are equal when their canonical text is; nothing rounds through Double")
    func exactEquality() throws {
        #expect(try parse("100000000000000000000") == parse("1e20"))
        #expect(try parse("100000000000000000001") != parse("1e20"))
        // 2^64 is written in its ECMAScript form, which reads back as that integer.
        #expect(try parse("18446744073709552000") == parse("1.8446744073709552e19"))
        #expect(try parse("18446744073709551616") != parse("1.8446744073709552e19"))
        #expect(try parse("123456789012345680000") == parse("123456789012345678901.0"))
        #expect(try parse("9223372036854775807") != parse("9223372036854775807.0"))  // 2^63 - 1 is no double
        // -2^63 as a double is written -9223372036854776000 (ECMAScript), not the Int64 digits.
        #expect(try parse("-9223372036854775808") != parse("-9223372036854775808.0"))
        #expect(try parse("-9223372036854776000") == parse("-9223372036854775808.0"))
        #expect(try parse("1152921504606847000") == parse("1152921504606846976.0"))
        #expect(try parse("9007199254740993") != parse("9007199254740993.0"))  // 2^53 + 1 is no double
        #expect(try parse("1000000000000000000000") != parse("1e21"))  // written 1e+21
        #expect(try parse("0") == parse("-0.0"))
        #expect(JSONNumber(Double.nan) == JSONNumber(Double.nan))
    }

    @Test("a double reads back equal from its canonical text", arguments: [
        "1.8446744073709552e19", "123456789012345678901.0", "9.223372036854776e18", "-9.223372036854777e18", "1e20", "1e21",
        "1152921504606846976.0", "0.1", "-0.0", "5e-324",
    ])
    func doubleRoundTrip(_ text: String) throws {
        let v = try parse(text)
        #expect(try JSONValue(parsing: v.canonicalBytes()) == v)
    }

    @Test("equality is an equivalence and equal numbers hash alike (Hashable)")
    func hashableContract() throws {
        let texts = [
            "0", "-0.0", "1", "1.0", "1e0", "9007199254740992", "9007199254740993", "9007199254740992.0",
            "9223372036854775807", "9223372036854775808", "9223372036854775808.0", "18446744073709551615",
            "18446744073709551616", "1.8446744073709552e19", "100000000000000000000", "100000000000000000001", "1e20",
            "123456789012345680000", "123456789012345678901.0", "-9223372036854775809", "-9223372036854775808",
            "-9223372036854775808.0", "-18446744073709551616", "-1.8446744073709552e19", "1e300",
            "1" + String(repeating: "0", count: 300), "1" + String(repeating: "0", count: 400),
        ]
        let numbers = try texts.map { try #require(parse($0).numberValue) } + [JSONNumber(Double.nan), JSONNumber(Double.infinity)]
        for a in numbers {
            #expect(a == a, "\(a)")
            for b in numbers where a == b {
                #expect(b == a, "\(a) \(b)")
                #expect(a.hashValue == b.hashValue, "\(a) \(b)")
                for c in numbers where b == c { #expect(a == c, "\(a) \(b) \(c)") }
            }
        }
    }
}

@Suite("JSON: canonical writer")
struct JSONWriterTests {
    static let strings: [(String, String)] = [
        ("a/b", "\"a/b\""),
        ("quote\"back\\", "\"quote\\\"back\\\\\""),
        ("\u{08}\u{0C}\n\r\t", "\"\\b\\f\\n\\r\\t\""),
        ("\u{0}\u{1F}", "\"\\u0000\\u001f\""),
        ("é中😀", "\"é中😀\""),
        ("\u{2028}", "\"\u{2028}\""),
    ]

    @Test("escapes only what JSON requires", arguments: strings)
    func escaping(_ input: String, _ expected: String) throws {
        let bytes = try JSONValue.string(input).canonicalBytes()
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test("writes compact output in key order")
    func compact() throws {
        let v = try parse(" { \"b\" : [ 1 , 2 ] , \"a\" : { } , \"c\" : null } ")
        #expect(try String(decoding: v.canonicalBytes(), as: UTF8.self) == "{\"b\":[1,2],\"a\":{},\"c\":null}")
    }

    @Test("refuses non-finite numbers")
    func nonFinite() {
        expectCodecError(.invalidValue) { try JSONValue.number(JSONNumber(Double.nan)).canonicalBytes() }
        expectCodecError(.invalidValue) { try JSONValue.number(JSONNumber(Double.infinity)).canonicalBytes() }
    }
}
