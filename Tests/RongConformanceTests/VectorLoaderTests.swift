// Tests/RongConformanceTests/VectorLoaderTests.swift - strict loading with file and line

import RongCodec
import RongTestSupport
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
        ("duplicate key (at the second occurrence)", "vectors:\n  - id: Required.A.B\n    id: Required.A.C\n", 3, "duplicate key `id` in a mapping (first at line 2)"),
        ("duplicate key in a flow value", base(expect: "{outcome: accept, value: {\"a\": 1, \"a\": 2}}"), 8, "duplicate key `a`"),
        ("an anchor", "vectors:\n  - &v\n    id: Required.A.B\n", 2, "YAML anchor `&v` is not allowed"),
        ("an alias", base(expect: "{outcome: accept, value: {\"a\": *x}}"), 8, "YAML alias `*x` is not allowed"),
        ("a tag", base(expect: "{outcome: accept, value: {\"a\": !!str 1}}"), 8, "YAML tag `tag:yaml.org,2002:str` is not allowed"),
        ("a number YAML 1.1 reads as a string", base(expect: "{outcome: accept, value: {\"a\": 1e-7}}"), 8, "write it with a fraction and a signed exponent, `1.0e-7`"),
        ("an exponent without a sign", base(expect: "{outcome: accept, value: [1.5E7]}"), 8, "`1.5E+7`"),
        ("a key YAML reads as a number", base(expect: "{outcome: accept, value: {1: \"a\"}}"), 8, "key `1` in a value reads as a non-string"),
        ("expect.bytes", base(kind: "encode", input: "{value: {}}", expect: "{outcome: accept, bytes: '{}'}"), 8, "`expect.bytes` is not a key: write exact bytes as `json` (UTF-8 text) or `hex`"),
        ("input.bytes", base(input: "{bytes: '{}'}"), 7, "`input.bytes` is not a key"),
        ("a mistyped kind", base(kind: "decod"), 5, "unknown `kind` decod"),
        ("negative maxBytes", base(options: "{maxBytes: -5}"), 7, "must not be negative"),
        ("not a requirement id", base(spec: "[content-txt-1]"), 4, "not a requirement id"),
        ("decode with a value", base(input: "{value: {}}"), 7, "takes bytes, not `input.value`"),
        ("accepting decode without a value", base(expect: "{outcome: accept, json: '{}'}"), 8, "needs `value`"),
        ("bad base64", base(input: "{base64: 'Zm8'}"), 7, "not valid base64"),
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
        // libyaml's reader reports a byte offset; the loader turns it into a line.
        ("a control character", "vectors:\n  - id: Required.A.B\n    description: 'a\u{07}b'\n", 3, "YAML reader"),
        ("a control character after a CR LF", "vectors:\r\n  -\r\n    id: 'x\u{01}'\r\n", 3, "YAML reader"),
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

    @Test("a billion-laughs file fails at its first anchor, fast and small")
    func billionLaughs() throws {
        // Nine levels of ten aliases: 10^9 leaves once expanded. One alias as a mapping key
        // makes Yams hash the whole expansion while composing.
        var lines = ["vectors:", "  - id: Required.A.B", "    level: required", "    spec: [X-001]", "    kind: json-parse",
                     "    input: {json: '1'}", "    expect:", "      outcome: accept", "      value:",
                     "        a0: &a0 [\"x\", \"x\", \"x\", \"x\", \"x\", \"x\", \"x\", \"x\", \"x\", \"x\"]"]
        for i in 1...8 { lines.append("        a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]") }
        lines.append("        ? *a8")
        lines.append("        : 1")
        let start = SubprocessTestee.now()
        do {
            _ = try VectorLoader().load(yaml: lines.joined(separator: "\n"), file: "bomb.yaml")
            Issue.record("the bomb loaded")
        } catch {
            #expect(error.description == "bomb.yaml:10:13: error: YAML anchor `&a0` is not allowed in vectors (anchors and aliases are not part of the format)")
        }
        #expect(SubprocessTestee.now() - start < 1, "rejected before expanding")
    }

    @Test("files and YAML text over the size limit are refused")
    func sizeLimit() throws {
        var loader = VectorLoader()
        loader.maxFileBytes = 100
        let text = Self.base(expect: "{outcome: accept, value: {\"content\": \"" + String(repeating: "a", count: 100) + "\"}}")
        #expect(throws: LoadError.self) { try loader.load(yaml: text, file: "big.yaml") }
        let dir = try TempDir()
        try dir.write("big.yaml", text)
        do {
            _ = try loader.load(file: dir.path + "/big.yaml")
            Issue.record("loaded")
        } catch {
            #expect(error.message == "file larger than 100 bytes")
        }
    }

    @Test("an extension kind (x-...) loads; YAML 1.1-safe numbers keep their value")
    func extensionsAndNumbers() throws {
        let vs = try VectorLoader().load(
            yaml: Self.base(kind: "x-custom") + Self.base(id: "Required.A.C", expect: "{outcome: accept, value: [1.0e-7, 1.5e+2, -2.0E-3, 7, 0.25]}").dropFirst("vectors:\n".count),
            file: "x.yaml")
        #expect(vs[0].kind.isExtension)
        #expect(vs[1].expect.value == [1e-7, 150, -0.002, 7, 0.25])
    }

    @Test("duplicate ids across files are reported with both places")
    func duplicateIds() throws {
        let dir = try TempDir()
        try dir.write("a.yaml", good)
        try dir.write("b.yaml", good)
        #expect(throws: LoadError.self) { try VectorLoader().load(files: VectorLoader.files(in: [dir.path])) }
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
}
