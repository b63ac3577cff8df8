// Tests/RongConformanceTests/VectorLoaderTests.swift - strict loading with file and line

import RongCodec
import Testing

@testable import RongConformance

private let good = """
    vectors:
      - id: Required.Content.TxtMsg.Plain
        level: required
        spec: [CONTENT-JSON-001]
        tags: [basic]
        kind: decode
        objectName: "RC:TxtMsg"
        options: {maxBytes: 100, maxDepth: 3, mode: strict}
        input: {json: '{"content":"a\\u00e9"}'}
        expect:
          outcome: accept
          value: {"content": "aé", "n": 1720000000123, "f": 1.5, "b": true, "z": null, "l": [1, "2"]}
          json: '{"content":"aé"}'
          leniencies: [nullAsAbsent]
    """

@Suite("Vector loader")
struct VectorLoaderTests {
    @Test("loads a well-formed vector")
    func loadsGood() throws {
        let vs = try VectorLoader().load(yaml: good, file: "g.yaml")
        let v = try #require(vs.first)
        #expect(v.id == "Required.Content.TxtMsg.Plain")
        #expect(v.level == .required)
        #expect(v.kind == .decode)
        #expect(v.area == "Content.TxtMsg")
        #expect(v.line == 2)
        #expect(v.options.maxContentBytes == 100)
        #expect(v.options.maxDepth == 3)
        #expect(v.options.mode == .strict)
        // Single-quoted YAML keeps the backslash: the bytes hold a JSON escape.
        #expect(v.input == .bytes(Array(#"{"content":"a\u00e9"}"#.utf8)))
        let expected: JSONValue = ["content": "aé", "n": .number(JSONNumber(Int64(1_720_000_000_123))), "f": 1.5, "b": true, "z": nil, "l": [1, "2"]]
        #expect(v.expect.value == expected)
        #expect(v.expect.bytes == Array(#"{"content":"aé"}"#.utf8))
        #expect(v.expect.leniencies == ["nullAsAbsent"])
    }

    /// Broken files and the line and message each must produce.
    static let broken: [(String, String, Int, String)] = [
        ("unknown key", "vectors:\n  - id: Required.A.B\n    colour: red\n", 3, "unknown key `colour`"),
        ("duplicate key (reported at its mapping)", "vectors:\n  - id: Required.A.B\n    id: Required.A.C\n", 2, "duplicate key"),
        ("bad hex", base(input: "{hex: \"7b7\"}"), 7, "not valid hex"),
        ("hex as a number", base(input: "{hex: 1234}"), 7, "quote"),
        ("two inputs", base(input: "{json: '{}', hex: \"00\"}"), 7, "exactly one"),
        ("unquoted word in a value", base(input: "{json: '{}'}", expect: "{outcome: accept, value: {a: yes}}"), 8, "unquoted scalar `yes`"),
        ("level mismatch", "vectors:\n  - id: Optional.A.B\n    level: required\n    spec: [X-001]\n    kind: decode\n    objectName: x\n    input: {json: ''}\n    expect: {outcome: reject}\n", 2, "must start with Required"),
        ("short id", base(id: "Required.A"), 2, "at least three"),
        ("missing objectName", "vectors:\n  - id: Required.A.B\n    level: required\n    spec: [X-001]\n    kind: decode\n    input: {json: ''}\n    expect: {outcome: reject}\n", 2, "needs `objectName`"),
        ("frame without from", "vectors:\n  - id: Required.A.B\n    level: required\n    spec: [X-001]\n    kind: frame-decode\n    input: {hex: \"c0\"}\n    expect: {outcome: reject}\n", 2, "needs `from"),
        ("reject with a value", base(expect: "{outcome: reject, value: {}}"), 8, "has no `value`"),
        ("accept without output", base(expect: "{outcome: accept}"), 8, "needs `value`"),
        ("bad outcome", base(expect: "{outcome: maybe}"), 8, "accept, reject or either"),
        ("empty spec", base(spec: "[]"), 4, "at least one"),
        ("encode with bytes", base(kind: "encode", input: "{json: '{}'}"), 7, "takes `input.value`"),
        ("yaml syntax", "vectors:\n  - id: [unclosed\n", 3, "YAML syntax"),
        ("not a list", "vectors: 3\n", 1, "must be a list"),
        ("top-level key", "vectors: []\nextra: 1\n", 2, "unknown key `extra`"),
        ("empty file", "", 1, "empty file"),
        ("a tag YAML reads as null", base(spec: "[X-001]\n    tags: [null]"), 5, "quote it"),
        ("an objectName YAML reads as a number", "vectors:\n  - id: Required.A.B\n    level: required\n    spec: [X-001]\n    kind: decode\n    objectName: 12\n    input: {json: ''}\n    expect: {outcome: reject}\n", 6, "quote it"),
        ("maxDepth out of range", base(options: "{maxDepth: 5000}"), 7, "1...1024"),
    ]

    static func base(
        id: String = "Required.A.B", kind: String = "decode", spec: String = "[X-001]", options: String? = nil,
        input: String = "{json: '{}'}", expect: String = "{outcome: reject}"
    ) -> String {
        var s = "vectors:\n  - id: \(id)\n    level: required\n    spec: \(spec)\n    kind: \(kind)\n    objectName: \"RC:TxtMsg\"\n"
        if let options { s += "    options: \(options)\n" }
        return s + "    input: \(input)\n    expect: \(expect)\n"
    }

    @Test("reports file and line for broken vectors", arguments: broken)
    func reportsLocation(_ name: String, _ yaml: String, _ line: Int, _ message: String) {
        do {
            _ = try VectorLoader().load(yaml: yaml, file: "v.yaml")
            Issue.record("\(name): expected an error")
        } catch {
            #expect(error.file == "v.yaml")
            #expect(error.line == line, "\(name): \(error)")
            #expect(error.message.contains(message), "\(name): \(error)")
            #expect(error.description.hasPrefix("v.yaml:\(line):"))
        }
    }

    @Test("duplicate ids across files are reported with both places")
    func duplicateIds() throws {
        let dir = try TempDir()
        try dir.write("a.yaml", good)
        try dir.write("b.yaml", good)
        #expect(throws: VectorLoadError.self) { try VectorLoader().load(files: VectorLoader.files(in: [dir.path])) }
        do {
            _ = try VectorLoader().load(files: VectorLoader.files(in: [dir.path]))
        } catch {
            #expect(error.message.contains("duplicate vector id"))
            #expect(error.message.contains("a.yaml:2"))
        }
    }

    @Test("repeat inputs build large content")
    func repeated() throws {
        let yaml = Self.base(input: "{repeat: {prefix: '{\"content\":\"', fill: 'ab', count: 3, suffix: '\"}'}}")
        let v = try #require(try VectorLoader().load(yaml: yaml, file: "r.yaml").first)
        #expect(v.input == .bytes(Array(#"{"content":"ababab"}"#.utf8)))
    }

    @Test("hex and base64 decode")
    func byteText() {
        #expect(ByteText.bytes(hex: "0A ff\n10") == [0x0A, 0xFF, 0x10])
        #expect(ByteText.bytes(hex: "0 A") == nil)
        #expect(ByteText.bytes(hex: "zz") == nil)
        #expect(ByteText.hex([0, 0xAB]) == "00ab")
        for s in ["", "f", "fo", "foo", "foob", "fooba", "foobar"] {
            #expect(ByteText.bytes(base64: ByteText.base64(Array(s.utf8))) == Array(s.utf8))
        }
        #expect(ByteText.base64(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(ByteText.base64(Array("fo".utf8)) == "Zm8=")
        #expect(ByteText.bytes(base64: "Zm8") == nil)
        #expect(ByteText.bytes(base64: "Z!8=") == nil)
    }
}
