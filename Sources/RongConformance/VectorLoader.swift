// Sources/RongConformance/VectorLoader.swift - strict loading of YAML vector files

import RongCodec
import Yams

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads vector files strictly: unknown keys, duplicate keys, wrong types, malformed hex and
/// missing fields are errors with file, line and column (never a crash or a stack trace).
public struct VectorLoader: Sendable {
    /// Largest vector file accepted (vector files are hostile input too).
    public var maxFileBytes = 16 << 20
    /// Largest input a `repeat` form may generate.
    public var maxRepeatBytes = 4 << 20

    /// A loader with the default limits (16 MiB per file, 4 MiB per generated input).
    public init() {}

    static let vectorKeys: Set<String> = [
        "id", "level", "spec", "tags", "description", "kind", "objectName", "from", "options", "input", "expect",
    ]
    static let inputKeys: Set<String> = ["json", "hex", "base64", "value", "repeat", "hexRepeat"]
    static let expectKeys: Set<String> = ["outcome", "value", "json", "hex", "repeat", "hexRepeat", "error", "leniencies"]
    static let optionKeys: Set<String> = ["maxBytes", "maxDepth", "mode", "queryTopic"]
    static let repeatKeys: Set<String> = ["prefix", "fill", "count", "suffix"]

    // MARK: Files and folders

    /// All `.yaml`/`.yml` files under `paths` except `*.scenario.yaml` (files are taken as
    /// given), sorted.
    public static func files(in paths: [String]) throws(VectorLoadError) -> [String] {
        var out: [String] = []
        for p in paths {
            var st = stat()
            guard stat(p, &st) == 0 else { throw VectorLoadError(file: p, line: 0, message: "no such file or directory") }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                out += walk(p)
            } else {
                out.append(p)
            }
        }
        return out
    }

    private static func walk(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) { ptr in
                ptr.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        var out: [String] = []
        for name in names.sorted() {
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            var st = stat()
            guard stat(path, &st) == 0 else { continue }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                out += walk(path)
            } else if (name.hasSuffix(".yaml") || name.hasSuffix(".yml")) && !name.hasSuffix(".scenario.yaml") {
                // `*.scenario.yaml` are the mock peer's behaviour scenarios (spec/scenarios.md),
                // run by `rongwire scenario`, not vectors.
                out.append(path)
            }
        }
        return out
    }

    /// Loads every vector of the files, checking that ids are unique across them.
    public func load(files: [String]) throws(VectorLoadError) -> [Vector] {
        var all: [Vector] = []
        var seen: [String: Vector] = [:]
        for f in files {
            for v in try load(file: f) {
                if let first = seen[v.id] {
                    throw VectorLoadError(
                        file: v.file, line: v.line,
                        message: "duplicate vector id \(v.id) (first defined at \(first.file):\(first.line))")
                }
                seen[v.id] = v
                all.append(v)
            }
        }
        return all
    }

    /// Loads the vectors of one file.
    public func load(file: String) throws(VectorLoadError) -> [Vector] {
        guard let f = fopen(file, "rb") else {
            throw VectorLoadError(file: file, line: 0, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
            if n <= 0 { break }
            bytes += buffer[0..<n]
            if bytes.count > maxFileBytes {
                fclose(f)
                throw VectorLoadError(file: file, line: 0, message: "file larger than \(maxFileBytes) bytes")
            }
        }
        fclose(f)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw VectorLoadError(file: file, line: 0, message: "file is not valid UTF-8")
        }
        return try load(yaml: text, file: file)
    }

    /// Loads the vectors of YAML text (`file` is used in errors).
    public func load(yaml: String, file: String) throws(VectorLoadError) -> [Vector] {
        guard yaml.utf8.count <= maxFileBytes else {
            throw VectorLoadError(file: file, line: 0, message: "file larger than \(maxFileBytes) bytes")
        }
        // Anchors, aliases, tags and duplicate keys are found on the event stream, before Yams
        // composes the document (and expands aliases, which a hostile file makes exponential).
        if let p = YAMLEventCheck.firstProblem(in: yaml) {
            throw VectorLoadError(file: file, line: p.line, column: p.column, message: p.message)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let e as YamlError {
            throw Self.convert(e, file: file)
        } catch {
            throw VectorLoadError(file: file, line: 0, message: "YAML error: \(error)")
        }
        let ctx = Context(file: file, loader: self)
        guard let root else { throw VectorLoadError(file: file, line: 1, message: "empty file: expected a mapping with `vectors:`") }
        let top = try ctx.mapping(root, what: "the top level")
        try ctx.checkKeys(top, allowed: ["vectors"], what: "the top level")
        guard let list = top.first(where: { $0.key == "vectors" }) else {
            throw ctx.error(root, "missing `vectors:` at the top level")
        }
        guard case .sequence(let seq) = list.value else { throw ctx.error(list.value, "`vectors` must be a list") }
        var out: [Vector] = []
        for node in seq { out.append(try ctx.vector(node)) }
        return out
    }

    static func convert(_ e: YamlError, file: String) -> VectorLoadError {
        switch e {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let extra = context.map { " (\($0.text))" } ?? ""
            return VectorLoadError(file: file, line: mark.line, column: mark.column, message: "YAML syntax: \(problem)\(extra)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return VectorLoadError(
                file: file, line: context.mark.line, column: context.mark.column,
                message: "duplicate key \(duplicates.map { "`\($0)`" }.joined(separator: ", ")) in a mapping")
        case .reader(let problem, let offset, _, let yaml):
            // libyaml's reader (bad UTF-8, control characters) gives a byte offset, not a mark.
            let (line, column) = lineAndColumn(ofByte: offset ?? yaml.utf8.count, in: yaml)
            return VectorLoadError(file: file, line: line, column: column, message: "YAML reader: \(problem)")
        default:
            return VectorLoadError(file: file, line: 0, message: "YAML error: \(e)")
        }
    }
}

/// The 1-based line and column of byte `offset` of `text` (clamped to the text), counted as
/// libyaml counts its marks: columns in Unicode scalars, line breaks LF, CR, CR LF, NEL, LS, PS.
func lineAndColumn(ofByte offset: Int, in text: String) -> (line: Int, column: Int) {
    var line = 1, column = 1, byte = 0
    var afterCR = false
    for scalar in text.unicodeScalars {
        if byte >= offset { break }
        byte += UTF8.width(scalar)
        if scalar == "\n" && afterCR {
            afterCR = false
            continue
        }
        afterCR = scalar == "\r"
        switch scalar {
        case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
            line += 1
            column = 1
        default:
            column += 1
        }
    }
    return (line, column)
}

/// Walks the YAML node tree of one file.
private struct Context {
    let file: String
    let loader: VectorLoader

    struct Entry {
        var key: String
        var keyNode: Node
        var value: Node
    }

    func error(_ node: Node, _ message: String) -> VectorLoadError {
        VectorLoadError(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 1, message: message)
    }

    func mapping(_ node: Node, what: String) throws(VectorLoadError) -> [Entry] {
        guard case .mapping(let m) = node else { throw error(node, "\(what) must be a mapping") }
        var out: [Entry] = []
        var seen: Set<String> = []
        for (k, v) in m {
            guard case .scalar(let s) = k else { throw error(k, "keys in \(what) must be plain strings") }
            if (s.style == .plain || s.style == .any) && Self.typedByYAML(s.string) {
                throw error(k, "key `\(s.string)` in \(what) reads as a non-string in YAML; quote it")
            }
            if !seen.insert(s.string).inserted { throw error(k, "duplicate key `\(s.string)` in \(what)") }
            out.append(Entry(key: s.string, keyNode: k, value: v))
        }
        return out
    }

    func checkKeys(_ entries: [Entry], allowed: Set<String>, what: String) throws(VectorLoadError) {
        for e in entries where !allowed.contains(e.key) {
            throw error(e.keyNode, "unknown key `\(e.key)` in \(what) (allowed: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    func string(_ node: Node, what: String) throws(VectorLoadError) -> String {
        guard case .scalar(let s) = node else { throw error(node, "\(what) must be a string") }
        if (s.style == .plain || s.style == .any) && Self.typedByYAML(s.string) {
            // Other YAML readers would read this as null, a boolean or a number: quote it.
            throw error(node, "\(what) `\(s.string)` reads as a non-string in YAML; quote it")
        }
        return s.string
    }

    /// Plain scalars that YAML's core schema (and YAML 1.1 readers) turn into null, booleans or
    /// numbers.
    static func typedByYAML(_ text: String) -> Bool {
        let lower = text.lowercased()
        if ["null", "~", "", "true", "false", "yes", "no", "on", "off", ".inf", "-.inf", "+.inf", ".nan"].contains(lower) { return true }
        if lower.hasPrefix("0x") || lower.hasPrefix("0o") { return true }
        let digits = text.drop(while: { $0 == "-" || $0 == "+" })
        return !digits.isEmpty && digits.allSatisfy { $0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "_" || $0 == "-" || $0 == "+" }
            && digits.first!.isNumber
    }

    func integer(_ node: Node, what: String) throws(VectorLoadError) -> Int {
        guard case .scalar(let s) = node, s.style == .plain || s.style == .any, let n = Int(s.string) else {
            throw error(node, "\(what) must be an integer")
        }
        return n
    }

    func stringList(_ node: Node, what: String) throws(VectorLoadError) -> [String] {
        guard case .sequence(let seq) = node else { throw error(node, "\(what) must be a list of strings") }
        var out: [String] = []
        for n in seq { out.append(try string(n, what: "each item of \(what)")) }
        return out
    }

    func vector(_ node: Node) throws(VectorLoadError) -> Vector {
        let entries = try mapping(node, what: "a vector")
        try checkKeys(entries, allowed: VectorLoader.vectorKeys, what: "a vector")
        func get(_ key: String) -> Entry? { entries.first { $0.key == key } }
        func require(_ key: String) throws(VectorLoadError) -> Entry {
            guard let e = get(key) else { throw error(node, "a vector needs `\(key)`") }
            return e
        }

        let idEntry = try require("id")
        let id = try string(idEntry.value, what: "`id`")
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        let componentOK = parts.allSatisfy { p in
            !p.isEmpty && p.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F || $0 == 0x2D }
        }
        guard parts.count >= 3, componentOK else {
            throw error(idEntry.value, "`id` must be dotted components of [A-Za-z0-9_-], level first, at least three (Required.Area.Case): \(id)")
        }

        let levelEntry = try require("level")
        let levelText = try string(levelEntry.value, what: "`level`")
        guard let level = Vector.Level(rawValue: levelText) else {
            throw error(levelEntry.value, "`level` must be required, recommended or optional, not \(levelText)")
        }
        guard parts[0] == level.idPrefix else {
            throw error(idEntry.value, "`id` must start with \(level.idPrefix) for level \(levelText)")
        }

        let specEntry = try require("spec")
        let spec = try stringList(specEntry.value, what: "`spec`")
        if spec.isEmpty { throw error(specEntry.value, "`spec` must list at least one requirement id") }
        if let bad = spec.first(where: { !Self.isRequirementID($0) }) {
            throw error(specEntry.value, "`spec` holds `\(bad)`, which is not a requirement id (AREA-NAME-001)")
        }
        let tags = try get("tags").map { e throws(VectorLoadError) in try stringList(e.value, what: "`tags`") } ?? []
        let description = try get("description").map { e throws(VectorLoadError) in try string(e.value, what: "`description`") }

        let kindEntry = try require("kind")
        let kind = Vector.Kind(rawValue: try string(kindEntry.value, what: "`kind`"))
        guard Vector.Kind.known.contains(kind) || kind.isExtension else {
            // A typo (`decod`) must not turn into a silently skipped vector.
            throw error(
                kindEntry.value,
                "unknown `kind` \(kind) (known: \(Vector.Kind.known.map(\.rawValue).joined(separator: ", ")); an extension kind starts with `x-`)")
        }

        let objectName = try get("objectName").map { e throws(VectorLoadError) in try string(e.value, what: "`objectName`") }
        if kind.isContent && objectName == nil { throw error(node, "a `\(kind)` vector needs `objectName`") }
        let from = try get("from").map { e throws(VectorLoadError) in try string(e.value, what: "`from`") }
        if let from, from != "client" && from != "server", let e = get("from") {
            throw error(e.value, "`from` must be client or server")
        }
        if kind.needsFrom && from == nil { throw error(node, "a `\(kind)` vector needs `from: client` or `from: server`") }

        var options = DecodingOptions()
        var queryTopic: String?
        var hasDecoderOptions = false
        if let o = get("options") {
            let oe = try mapping(o.value, what: "`options`")
            try checkKeys(oe, allowed: VectorLoader.optionKeys, what: "`options`")
            for e in oe {
                if e.key != "queryTopic" { hasDecoderOptions = true }
                switch e.key {
                case "maxBytes":
                    let n = try integer(e.value, what: "`maxBytes`")
                    guard n >= 0 else { throw error(e.value, "`maxBytes` must not be negative") }
                    options.maxContentBytes = n
                case "queryTopic": queryTopic = try string(e.value, what: "`queryTopic`")
                case "maxDepth":
                    let d = try integer(e.value, what: "`maxDepth`")
                    guard (1...DecodingOptions.maximumDepthLimit).contains(d) else { throw error(e.value, "`maxDepth` must be 1...1024") }
                    options.maxDepth = d
                default:
                    switch try string(e.value, what: "`mode`") {
                    case "lenient": options.mode = .lenient
                    case "strict": options.mode = .strict
                    default: throw error(e.value, "`mode` must be lenient or strict")
                    }
                }
            }
        }

        let inputEntry = try require("input")
        let input = try self.input(inputEntry.value, kind: kind)
        let expectEntry = try require("expect")
        let expect = try self.expect(expectEntry.value, kind: kind)
        if (kind == .decode || kind == .jsonParse || Vector.Kind.nimKinds.contains(kind)) && expect.outcome == .accept && expect.value == nil {
            // Byte expectations are optional for decoders (spec/vectors.md): the value is what
            // every accepting implementation must match.
            throw error(expectEntry.value, "an accepting `\(kind)` vector needs `value` (canonical bytes alone are not enough)")
        }

        return Vector(
            id: id, level: level, spec: spec, tags: tags, description: description, kind: kind,
            objectName: objectName, from: from, options: options, queryTopic: queryTopic, hasOptions: hasDecoderOptions,
            input: input, expect: expect, file: file, line: node.mark?.line ?? 0)
    }

    func input(_ node: Node, kind: Vector.Kind) throws(VectorLoadError) -> Vector.Input {
        let entries = try mapping(node, what: "`input`")
        try noBytesKey(entries, in: "input")
        try checkKeys(entries, allowed: VectorLoader.inputKeys, what: "`input`")
        guard entries.count == 1, let e = entries.first else {
            throw error(node, "`input` must have exactly one of json, hex, base64, value, repeat, hexRepeat")
        }
        if kind.takesValue != (e.key == "value"), Vector.Kind.known.contains(kind) {
            throw error(e.keyNode, kind.takesValue ? "a `\(kind)` vector takes `input.value`" : "a `\(kind)` vector takes bytes, not `input.value`")
        }
        switch e.key {
        case "json": return .bytes(Array(try string(e.value, what: "`input.json`").utf8))
        case "hex": return .bytes(try hex(e.value, what: "`input.hex`"))
        case "base64":
            guard let b = ByteText.bytes(base64: try string(e.value, what: "`input.base64`")) else {
                throw error(e.value, "`input.base64` is not valid base64")
            }
            return .bytes(b)
        case "value": return .value(try jsonValue(e.value, depth: 0))
        case "hexRepeat": return .bytes(try repeated(e.value, hex: true))
        default: return .bytes(try repeated(e.value))
        }
    }

    /// `bytes` names no encoding, so it is not a key: the message says which keys hold bytes.
    func noBytesKey(_ entries: [Entry], in parent: String) throws(VectorLoadError) {
        guard let e = entries.first(where: { $0.key == "bytes" }) else { return }
        let forms = parent == "input" ? "`json` (UTF-8 text), `hex` or `base64` (any bytes)" : "`json` (UTF-8 text) or `hex` (any bytes)"
        throw error(e.keyNode, "`\(parent).bytes` is not a key: write exact bytes as \(forms), or `repeat`/`hexRepeat` for long ones (spec/vectors.md)")
    }

    /// `AREA-NAME-001`: upper-case dash-separated words, then three digits.
    static func isRequirementID(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 2, let last = parts.last, last.count == 3, last.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        for (i, p) in parts.dropLast().enumerated() {
            guard let first = p.utf8.first, i > 0 || (first >= 0x41 && first <= 0x5A) else { return false }
            guard p.utf8.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }) else { return false }
        }
        return true
    }

    func hex(_ node: Node, what: String) throws(VectorLoadError) -> [UInt8] {
        guard case .scalar(let s) = node else { throw error(node, "\(what) must be a quoted hex string") }
        guard s.style != .plain || !s.string.allSatisfy(\.isNumber) || s.string.isEmpty else {
            throw error(node, "quote \(what) (\"0a1b\") so YAML does not read it as a number")
        }
        guard let b = ByteText.bytes(hex: s.string) else {
            throw error(node, "\(what) is not valid hex (pairs of 0-9a-f, whitespace only between bytes)")
        }
        return b
    }

    /// `repeat` (UTF-8 text parts) or `hexRepeat` (hex parts): prefix + fill × count + suffix.
    func repeated(_ node: Node, hex: Bool = false) throws(VectorLoadError) -> [UInt8] {
        let what = hex ? "`hexRepeat`" : "`repeat`"
        let entries = try mapping(node, what: what)
        try checkKeys(entries, allowed: VectorLoader.repeatKeys, what: what)
        var prefix: [UInt8] = [], fill: [UInt8] = [], suffix: [UInt8] = []
        var count = 0
        for e in entries {
            func part() throws(VectorLoadError) -> [UInt8] {
                if hex { return try self.hex(e.value, what: "`\(e.key)`") }
                return Array(try string(e.value, what: "`\(e.key)`").utf8)
            }
            switch e.key {
            case "prefix": prefix = try part()
            case "fill": fill = try part()
            case "suffix": suffix = try part()
            default: count = try integer(e.value, what: "`count`")
            }
        }
        guard count >= 0, count <= loader.maxRepeatBytes, fill.count * count + prefix.count + suffix.count <= loader.maxRepeatBytes else {
            throw error(node, "\(what) must generate at most \(loader.maxRepeatBytes) bytes")
        }
        var out = prefix
        out.reserveCapacity(out.count + fill.count * count + suffix.count)
        for _ in 0..<count { out += fill }
        return out + suffix
    }

    func expect(_ node: Node, kind: Vector.Kind) throws(VectorLoadError) -> Vector.Expectation {
        let entries = try mapping(node, what: "`expect`")
        try noBytesKey(entries, in: "expect")
        try checkKeys(entries, allowed: VectorLoader.expectKeys, what: "`expect`")
        func get(_ key: String) -> Entry? { entries.first { $0.key == key } }
        guard let o = get("outcome") else { throw error(node, "`expect` needs `outcome`") }
        guard let outcome = Vector.Outcome(rawValue: try string(o.value, what: "`outcome`")) else {
            throw error(o.value, "`outcome` must be accept, reject or either")
        }
        var x = Vector.Expectation(outcome: outcome)
        if let v = get("value") { x.value = try jsonValue(v.value, depth: 0) }
        if [get("json"), get("hex"), get("repeat"), get("hexRepeat")].compactMap({ $0 }).count > 1, let first = get("json") ?? get("hex") ?? get("repeat") {
            throw error(first.keyNode, "`expect` takes one of `json`, `hex`, `repeat`, `hexRepeat`")
        }
        if let r = get("repeat") { x.bytes = try repeated(r.value) }
        if let r = get("hexRepeat") { x.bytes = try repeated(r.value, hex: true) }
        if let j = get("json") { x.bytes = Array(try string(j.value, what: "`expect.json`").utf8) }
        if let h = get("hex") { x.bytes = try hex(h.value, what: "`expect.hex`") }
        if let e = get("error") { x.error = try string(e.value, what: "`expect.error`") }
        if let l = get("leniencies") { x.leniencies = try stringList(l.value, what: "`expect.leniencies`") }
        if outcome == .reject, x.value != nil || x.bytes != nil {
            throw error(node, "a `reject` expectation has no `value`, `json`, `hex` or `repeat`")
        }
        if outcome == .accept, x.error != nil { throw error(node, "an `accept` expectation has no `error`") }
        if outcome == .accept, x.value == nil, x.bytes == nil {
            throw error(node, "an `accept` expectation needs `value`, `json`, `hex`, `repeat` or `hexRepeat`")
        }
        return x
    }

    /// YAML → JSON value with JSON's scalar rules (see spec/vectors.md "Values").
    func jsonValue(_ node: Node, depth: Int) throws(VectorLoadError) -> JSONValue {
        guard depth < 512 else { throw error(node, "value nested too deeply") }
        switch node {
        case .scalar(let s):
            if s.style != .plain && s.style != .any { return .string(s.string) }
            switch s.string {
            case "null": return .null
            case "true": return .bool(true)
            case "false": return .bool(false)
            default:
                if let first = s.string.utf8.first, first == 0x2D || (first >= 0x30 && first <= 0x39),
                    case .number(let n)? = try? JSONValue(parsing: Array(s.string.utf8))
                {
                    if let problem = Self.yaml11Difference(number: s.string) { throw error(node, problem) }
                    return .number(n)
                }
                throw error(node, "unquoted scalar `\(s.string)` is not null, true, false or a JSON number; quote strings")
            }
        case .sequence(let seq):
            var out: [JSONValue] = []
            for n in seq { out.append(try jsonValue(n, depth: depth + 1)) }
            return .array(out)
        case .mapping:
            var o = JSONObject()
            for e in try mapping(node, what: "a value") { o[e.key] = try jsonValue(e.value, depth: depth + 1) }
            return .object(o)
        case .alias:
            // Yams composes aliases into copies, so this is not reached: YAMLEventCheck rejects
            // anchors and aliases before composing.
            throw error(node, "YAML aliases are not allowed in vectors")
        }
    }

    /// Why a JSON number written as a plain YAML scalar reads as something else to a YAML 1.1
    /// reader (PyYAML, Ruby's Psych), or nil when every reader sees the same number. YAML 1.1's
    /// float needs a `.` and, with an exponent, a signed one: `1e-7` and `1.0e7` are strings there,
    /// `1.0e-7` is a float everywhere.
    static func yaml11Difference(number text: String) -> String? {
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return nil }
        let mantissa = text[..<e]
        let sign = text[text.index(after: e)...].first
        if mantissa.contains("."), sign == "+" || sign == "-" { return nil }
        var fixed = String(mantissa) + (mantissa.contains(".") ? "" : ".0") + String(text[e])
        let exponent = text[text.index(after: e)...]
        fixed += (sign == "+" || sign == "-") ? String(exponent) : "+" + exponent
        return "unquoted number `\(text)` is a string to YAML 1.1 readers (PyYAML): write it with a fraction and a signed exponent, `\(fixed)`"
    }
}
