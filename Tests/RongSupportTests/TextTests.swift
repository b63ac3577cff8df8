// Tests/RongSupportTests/TextTests.swift - hex, base64, requirement ids, text fields, SplitMix64

import RongEnvelope
import RongCodec
import RongSupport
import Testing

@Suite("Support: text and numbers")
struct TextTests {
    @Test("hex and base64 decode")
    func byteText() {
        #expect(Hex.decode("0A ff\n10", allowingWhitespace: true) == [0x0A, 0xFF, 0x10])
        #expect(Hex.decode("0 A", allowingWhitespace: true) == nil)
        #expect(Hex.decode("zz", allowingWhitespace: true) == nil)
        #expect(Hex.encode([0, 0xAB]) == "00ab")
        for s in ["", "f", "fo", "foo", "foob", "fooba", "foobar"] {
            #expect(ByteText.bytes(base64: ByteText.base64(Array(s.utf8))) == Array(s.utf8))
        }
        #expect(ByteText.base64(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(ByteText.base64(Array("fo".utf8)) == "Zm8=")
        #expect(ByteText.bytes(base64: "Zm8") == nil)
        #expect(ByteText.bytes(base64: "Z!8=") == nil)
    }

    /// What `UInt8(_:radix:)` reads and hex must not: the scenario loader's old copy read
    /// `"+f"` as 0x0F.
    @Test("hex takes digits only: no sign, no prefix, no odd digit", arguments: ["+f", "-1", "+0f", "0x0a", "f", "0g", "٣٣"])
    func strictHex(_ text: String) {
        #expect(Hex.decode(text, allowingWhitespace: true) == nil)
    }

    @Test("requirement ids: capital words and three digits", arguments: [
        ("FLAG-003", true), ("PEER-CONN-001", true), ("AREA-NAME2-010", true), ("A1-B-999", true),
        ("area-name-001", false), ("AREA-NAME-1", false), ("AREA-NAME-0001", false), ("AREA--001", false),
        ("-NAME-001", false), ("2X-001", false), ("X-٠٠١", false), ("AREA", false), ("ÁREA-001", false), ("", false),
    ])
    func requirementIDs(_ id: String, _ valid: Bool) {
        #expect(RequirementID.isWellFormed(id) == valid)
        #expect(RequirementID.isWellFormed(Substring(id)) == valid)
    }

    /// Every field is kept, empty ones too, so a blank value or a separator at either end never
    /// leaves fewer pieces than a parser reads (issue 36: `split` gave none for `" "` trimmed).
    @Test("text fields keep empty fields, and a field past the last is nil", arguments: [
        ("", ",", Int.max, [""]),
        (" ", ",", Int.max, [" "]),
        (",", ",", Int.max, ["", ""]),
        ("a,,b,", ",", Int.max, ["a", "", "b", ""]),
        ("=", "=", 1, ["", ""]),
        ("a=b=c", "=", 1, ["a", "b=c"]),
        (":5ms", ":", 1, ["", "5ms"]),
        ("0.1:", ":", 1, ["0.1", ""]),
        ("HTTP/1.1 101 Switching Protocols", " ", 2, ["HTTP/1.1", "101", "Switching Protocols"]),
        ("a|b", ",", Int.max, ["a|b"]),
        (",\u{301}", ",", Int.max, ["", "\u{301}"]),
    ] as [(String, Unicode.Scalar, Int, [Substring])])
    func fields(_ text: String, _ separator: Unicode.Scalar, _ maxSplits: Int, _ expected: [Substring]) {
        let f = TextFields(text, separator: separator, maxSplits: maxSplits)
        #expect(f.all == expected)
        #expect(f.count == expected.count)
        #expect(f[0] == expected.first)
        #expect(f[expected.count] == nil)
        #expect(f[-1] == nil)
        #expect(f.exactly(expected.count) == expected)
        #expect(f.exactly(expected.count + 1) == nil)
    }

    @Test("cut at the first separator: head always, tail only when the separator is there", arguments: [
        ("a=b", "a", "b"), ("a=", "a", ""), ("=b", "", "b"), ("=", "", ""), ("a", "a", nil), ("", "", nil), ("a=b=c", "a", "b=c"),
        (" k = v ", "k", "v"), ("   ", "", nil),
    ] as [(String, Substring, Substring?)])
    func cut(_ text: String, _ head: Substring, _ tail: Substring?) {
        let c = TextFields.cut(text, at: "=", trimming: " ")
        #expect(c.head == head)
        #expect(c.tail == tail)
    }

    @Test("fields trimmed of a character at both ends")
    func trimmedFields() {
        #expect(TextFields(" a , b ,, ", separator: ",", trimming: " ").all == ["a", "b", "", ""])
        #expect(TextFields.trim("  ", " ") == "")
        #expect(TextFields.trim(" a b ", " ") == "a b")
    }

    @Test("a JSON value prints as compact canonical text")
    func compactText() {
        let v: JSONValue = ["b": [1, "x", nil], "a": true]
        #expect(v.compactText() == #"{"b":[1,"x",null],"a":true}"#)
    }

    @Test("SplitMix64 gives the published reference outputs")
    func splitMixReference() {
        // Steele, Lea and Flood's reference implementation, seeded with 0.
        var r = SplitMix64(seed: 0)
        #expect([r.next(), r.next(), r.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        // The finaliser alone, on the first state (the golden-ratio increment).
        #expect(SplitMix64.mix(0x9E37_79B9_7F4A_7C15) == 0xE220_A839_7B1D_CDAF)
    }

    @Test("the range reduction is pinned: these numbers must never change")
    func rangeReductionGolden() {
        // Computed independently (Python: (next() * n) >> 64, next() >> 63); a new Swift release
        // or a rewrite must give the same, or differential runs stop being reproducible.
        var r = SplitMix64(seed: 20_261_122)
        #expect((0..<5).map { _ in r.below(10) } == [0, 1, 6, 4, 8])
        #expect((0..<3).map { _ in r.int(in: -3...3) } == [-3, 3, -2])
        #expect((0..<8).map { _ in r.coin() } == [false, false, false, false, false, false, true, true])
        #expect((0..<3).map { _ in r.pick(["a", "b", "c", "d", "e"]) } == ["e", "e", "b"])
        #expect(r.uint64(in: 0...UInt64.max) == 15_710_010_780_832_927_592)
        #expect((0..<3).map { _ in r.byte(in: 0x61...0x7A) } == [102, 112, 98])
    }

    @Test("unit() is the top 53 bits of next(), in [0, 1)")
    func unit() {
        var a = SplitMix64(seed: 7)
        var b = SplitMix64(seed: 7)
        for _ in 0..<1000 {
            let u = a.unit()
            #expect(u == Double(b.next() >> 11) / 9_007_199_254_740_992)
            #expect(u >= 0 && u < 1)
        }
    }
}
