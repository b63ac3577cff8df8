// Tests/RongSupportTests/StrictYAMLReaderTests.swift - the one YAML reader's refusals, at their place

import RongCodec
import RongSupport
import Testing
import Yams

@Suite("Support: strict YAML reader")
struct StrictYAMLReaderTests {
    static let reader = StrictYAMLReader(file: "f.yaml", holding: "things")

    /// Texts the reader refuses before composing, with the place and message of the refusal.
    static let refused: [(String, String, Int, Int, String)] = [
        ("an anchor", "a: 1\nb: &x [1]\n", 2, 4, "YAML anchor `&x` is not allowed in things (anchors and aliases are not part of the format)"),
        ("an alias (after a refused anchor, the anchor comes first)", "a: &x 1\nb: *x\n", 1, 4, "YAML anchor `&x`"),
        ("an alias of nothing", "a: 1\nb: [2, *x]\n", 2, 8, "YAML alias `*x` is not allowed in things (write the value out"),
        ("a tag", "a:\n  - !!str 1\n", 2, 5, "YAML tag `tag:yaml.org,2002:str` is not allowed in things"),
        ("a local tag", "a: !thing {}\n", 1, 4, "YAML tag `!thing`"),
        ("a duplicate key", "a: 1\nb:\n  c: 1\n  c: 2\n", 4, 3, "duplicate key `c` in a mapping (first at line 3)"),
        ("a duplicate key, quoted once", "a: 1\n\"a\": 2\n", 2, 1, "duplicate key `a` in a mapping (first at line 1)"),
        ("a syntax error", "a: [1, 2\nb: 3\n", 2, 2, "YAML syntax: did not find expected ',' or ']' (while parsing a flow sequence)"),
        ("a tab as indentation", "a:\n\t- 1\n", 2, 1, "YAML syntax: found character that cannot start any token"),
        // libyaml's reader knows only the byte; the column counts characters (é is two bytes).
        ("a control character", "a: 1\nb: 'é\u{07}'\n", 2, 6, "YAML reader: control characters are not allowed"),
        ("a control character after CR LF", "a: 1\r\nb: 'x\u{01}'\r\n", 2, 6, "YAML reader: control characters are not allowed"),
        ("a second document", "a: 1\n---\nb: 2\n", 2, 1, "YAML syntax: but found another document (expected a single document in the stream)"),
    ]

    @Test("refusals on the event stream, at their line and column", arguments: refused)
    func refusals(_ name: String, _ text: String, _ line: Int, _ column: Int, _ message: String) {
        do {
            _ = try Self.reader.root(text)
            Issue.record("\(name): loaded")
        } catch {
            #expect(error.file == "f.yaml")
            #expect(error.line == line && error.column == column, "\(name): \(error)")
            #expect(error.message.hasPrefix(message), "\(name): \(error)")
        }
    }

    @Test("a billion laughs is refused at its first anchor, before anything is expanded")
    func billionLaughs() {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for i in 1...8 { lines.append("a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]") }
        lines.append("? *a8")
        lines.append(": 1")
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: LoadError(file: "f.yaml", line: 1, column: 5, message: "YAML anchor `&a0` is not allowed in things (anchors and aliases are not part of the format)")) {
            try Self.reader.root(lines.joined(separator: "\n"))
        }
        #expect(clock.now - start < .seconds(1))
    }

    @Test("an empty document has no root; a plain one composes")
    func roots() throws {
        #expect(try Self.reader.root("") == nil)
        #expect(try Self.reader.root("# only a comment\n") == nil)
        let root = try #require(try Self.reader.root("a: [1, 'b']\n"))
        let entries = try Self.reader.mapping(root, "the top level", allowed: ["a"])
        #expect(entries.map(\.key) == ["a"])
        #expect(try Self.reader.list(entries[0].value, "`a`").count == 2)
    }

    /// Node-level refusals: (text of a one-key mapping `v: …`, accessor, line, column, message).
    static let typed: [(String, String, Int, Int, String)] = [
        ("v: yes", "string", 1, 4, "`v` `yes` reads as a non-string in YAML; quote it"),
        ("v: 12", "string", 1, 4, "`v` `12` reads as a non-string in YAML; quote it"),
        ("v: [a]", "string", 1, 4, "`v` must be a string"),
        ("v: ''", "identifier", 1, 4, "`v` must be a non-empty string"),
        ("v: null", "identifier", 1, 4, "`v` `null` reads as a non-string in YAML; quote it"),
        ("v: '3'", "integer", 1, 4, "`v` must be an integer"),
        ("v: 1.5", "integer", 1, 4, "`v` must be an integer"),
        ("v: yes", "bool", 1, 4, "`v` must be true or false"),
        ("v: .inf", "number", 1, 4, "`v` must be a number"),
        ("v: {1: a}", "mapping", 1, 5, "key `1` in `v` reads as a non-string in YAML; quote it"),
        ("v: {[a]: 1}", "mapping", 1, 5, "keys in `v` must be plain strings"),
        ("v: {a: 1, b: 2}", "allowed", 1, 11, "unknown key `b` in `v` (allowed: a)"),
        ("v: a", "list", 1, 4, "`v` must be a list"),
        ("v: [a, 2]", "stringList", 1, 8, "each item of `v` `2` reads as a non-string in YAML; quote it"),
        ("v: {a: word}", "strict", 1, 8, "unquoted scalar `word` is not null, true, false or a JSON number; quote strings"),
        ("v: [1e5]", "strict", 1, 5, "unquoted number `1e5` is a string to YAML 1.1 readers (PyYAML): write it with a fraction and a signed exponent, `1.0e+5`"),
        ("v: [[[[1]]]]", "deep", 1, 7, "value nested too deeply"),
    ]

    @Test("typed accessors refuse at the node, with the caller's words", arguments: typed)
    func typedRefusals(_ text: String, _ accessor: String, _ line: Int, _ column: Int, _ message: String) throws {
        let r = Self.reader
        let value = try #require(try r.root(text).map { root throws(LoadError) in try r.mapping(root, "the top level")[0].value })
        do {
            switch accessor {
            case "string": _ = try r.string(value, "`v`")
            case "identifier": _ = try r.identifier(value, "`v`")
            case "integer": _ = try r.integer(value, "`v`")
            case "bool": _ = try r.bool(value, "`v`")
            case "number": _ = try r.number(value, "`v`")
            case "mapping": _ = try r.mapping(value, "`v`")
            case "allowed": _ = try r.mapping(value, "`v`", allowed: ["a"])
            case "list": _ = try r.list(value, "`v`")
            case "stringList": _ = try r.stringList(value, "`v`")
            case "strict": _ = try r.jsonValue(value, scalars: .strict, maxDepth: 64)
            default: _ = try r.jsonValue(value, scalars: .strict, maxDepth: 3)
            }
            Issue.record("\(text) as \(accessor): accepted")
        } catch {
            #expect(error.line == line && error.column == column, "\(text): \(error)")
            #expect(error.message == message, "\(text): \(error)")
        }
    }

    @Test("values: JSON scalars; plain words are strings only where the caller says so")
    func values() throws {
        let r = Self.reader
        let root = try #require(try r.root("v: {a: [1, 2.5, -3, true, null, 'x', word], b: 1001}\n"))
        let value = try r.mapping(root, "the top level")[0].value
        let handWritten = try r.jsonValue(value, scalars: .plainWordsAreStrings, maxDepth: 8)
        #expect(handWritten == ["a": [1, 2.5, -3, true, nil, "x", "word"], "b": 1001])
        #expect(throws: LoadError.self) { try r.jsonValue(value, scalars: .strict, maxDepth: 8) }
        #expect(try r.identifier(try r.mapping(value, "`v`")[1].value, "`b`") == "1001")
    }

    @Test("choices list their values")
    func choice() throws {
        enum Side: String, CaseIterable { case left, right }
        let r = Self.reader
        let root = try #require(try r.root("v: up\n"))
        #expect(throws: LoadError(file: "f.yaml", line: 1, column: 4, message: "`v` must be left or right, not up")) {
            try r.choice(try r.mapping(root, "x")[0].value, "`v`", Side.self)
        }
    }
}
