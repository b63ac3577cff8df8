// Sources/RongConformance/Vectors/VectorLoader.swift - strict loading of YAML vector files

import RongEnvelope
import RongCodec
import RongSupport
import Yams

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
    static let optionKeys: Set<String> = ["maxBytes", "maxDepth", "mode", "queryTopic", "currentUserId", "protocolVer", "form"]
    /// Options that are context for the packet or the record rather than decoder limits: sent on
    /// their own.
    static let contextOptionKeys: Set<String> = ["queryTopic", "currentUserId", "protocolVer", "form"]
    static let repeatKeys: Set<String> = ["prefix", "fill", "count", "suffix"]

    // MARK: Files and folders

    /// All vector files under `paths`, sorted: `.yaml`/`.yml` files in folders, except other
    /// kinds of RongWire YAML file (scenarios, `*.scenario.yaml`); files are taken as given.
    public static func files(in paths: [String]) throws(VectorLoadError) -> [String] {
        do throws(LoadError) {
            return try DataFileKind.vectors.files(in: paths)
        } catch {
            throw VectorLoadError(error)
        }
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
        do throws(LoadError) {
            return try vectors(yaml: try FileIO.text(ofFile: file, limit: maxFileBytes), file: file)
        } catch {
            throw VectorLoadError(error)
        }
    }

    /// Loads the vectors of YAML text (`file` is used in errors).
    public func load(yaml: String, file: String) throws(VectorLoadError) -> [Vector] {
        do throws(LoadError) {
            return try vectors(yaml: yaml, file: file)
        } catch {
            throw VectorLoadError(error)
        }
    }

    private func vectors(yaml: String, file: String) throws(LoadError) -> [Vector] {
        guard yaml.utf8.count <= maxFileBytes else {
            throw LoadError(file: file, line: 0, message: "file larger than \(maxFileBytes) bytes")
        }
        // Anchors, aliases, tags and duplicate keys are refused on the event stream, before the
        // document is composed (and aliases expanded, which a hostile file makes exponential).
        let ctx = Context(r: StrictYAMLReader(file: file, holding: "vectors"), loader: self)
        guard let root = try ctx.r.root(yaml) else { throw LoadError(file: file, line: 1, message: "empty file: expected a mapping with `vectors:`") }
        let top = try ctx.r.mapping(root, "the top level")
        try ctx.r.checkKeys(top, allowed: ["vectors"], "the top level")
        guard let list = top.first(where: { $0.key == "vectors" }) else {
            throw ctx.r.error(root, "missing `vectors:` at the top level")
        }
        guard case .sequence(let seq) = list.value else { throw ctx.r.error(list.value, "`vectors` must be a list") }
        var out: [Vector] = []
        for node in seq { out.append(try ctx.vector(node)) }
        return out
    }
}

/// Reads the vectors of one file; the YAML reader does the strict typing.
private struct Context {
    let r: StrictYAMLReader
    let loader: VectorLoader
    typealias Entry = StrictYAMLReader.Entry

    func vector(_ node: Node) throws(LoadError) -> Vector {
        let entries = try r.mapping(node, "a vector")
        try r.checkKeys(entries, allowed: VectorLoader.vectorKeys, "a vector")
        func get(_ key: String) -> Entry? { entries.first { $0.key == key } }
        func require(_ key: String) throws(LoadError) -> Entry {
            guard let e = get(key) else { throw r.error(node, "a vector needs `\(key)`") }
            return e
        }

        let idEntry = try require("id")
        let id = try r.string(idEntry.value, "`id`")
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        let componentOK = parts.allSatisfy { p in
            !p.isEmpty && p.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F || $0 == 0x2D }
        }
        guard parts.count >= 3, componentOK else {
            throw r.error(idEntry.value, "`id` must be dotted components of [A-Za-z0-9_-], level first, at least three (Required.Area.Case): \(id)")
        }

        let levelEntry = try require("level")
        let levelText = try r.string(levelEntry.value, "`level`")
        guard let level = Vector.Level(rawValue: levelText) else {
            throw r.error(levelEntry.value, "`level` must be required, recommended or optional, not \(levelText)")
        }
        guard parts[0] == level.idPrefix else {
            throw r.error(idEntry.value, "`id` must start with \(level.idPrefix) for level \(levelText)")
        }

        let specEntry = try require("spec")
        let spec = try r.stringList(specEntry.value, "`spec`")
        if spec.isEmpty { throw r.error(specEntry.value, "`spec` must list at least one requirement id") }
        if let bad = spec.first(where: { !RequirementID.isWellFormed($0) }) {
            throw r.error(specEntry.value, "`spec` holds `\(bad)`, which is not a requirement id (AREA-NAME-001)")
        }
        let tags = try get("tags").map { e throws(LoadError) in try r.stringList(e.value, "`tags`") } ?? []
        let description = try get("description").map { e throws(LoadError) in try r.string(e.value, "`description`") }

        let kindEntry = try require("kind")
        let kind = Vector.Kind(rawValue: try r.string(kindEntry.value, "`kind`"))
        guard Vector.Kind.known.contains(kind) || kind.isExtension else {
            // A typo (`decod`) must not turn into a silently skipped vector.
            throw r.error(
                kindEntry.value,
                "unknown `kind` \(kind) (known: \(Vector.Kind.known.map(\.rawValue).joined(separator: ", ")); an extension kind starts with `x-`)")
        }

        let objectName = try get("objectName").map { e throws(LoadError) in try r.string(e.value, "`objectName`") }
        if kind.isContent && objectName == nil { throw r.error(node, "a `\(kind)` vector needs `objectName`") }
        let from = try get("from").map { e throws(LoadError) in try r.string(e.value, "`from`") }
        if let from, from != "client" && from != "server", let e = get("from") {
            throw r.error(e.value, "`from` must be client or server")
        }
        if kind.needsFrom && from == nil { throw r.error(node, "a `\(kind)` vector needs `from: client` or `from: server`") }

        var options = DecodingOptions()
        var queryTopic: Topic?
        var currentUserId: String?
        var protocolVersion: ProtocolVersion?
        var nimForm: String?
        var hasDecoderOptions = false
        if let o = get("options") {
            let oe = try r.mapping(o.value, "`options`")
            try r.checkKeys(oe, allowed: VectorLoader.optionKeys, "`options`")
            for e in oe {
                if !VectorLoader.contextOptionKeys.contains(e.key) { hasDecoderOptions = true }
                switch e.key {
                case "maxBytes":
                    let n = try r.integer(e.value, "`maxBytes`")
                    guard n >= 0 else { throw r.error(e.value, "`maxBytes` must not be negative") }
                    options.maxContentBytes = n
                case "queryTopic": queryTopic = Topic(try r.string(e.value, "`queryTopic`"))
                case "currentUserId": currentUserId = try r.string(e.value, "`currentUserId`")
                case "protocolVer":
                    let n = try r.integer(e.value, "`protocolVer`")
                    guard let v = UInt8(exactly: n).flatMap(ProtocolVersion.init(rawValue:)) else {
                        throw r.error(e.value, "`protocolVer` must be 3 or 4")
                    }
                    guard kind.isFrame else { throw r.error(e.value, "`protocolVer` applies to the frame kinds only") }
                    protocolVersion = v
                case "form":
                    guard Vector.Kind.nimKinds.contains(kind) else { throw r.error(e.value, "`form` is an option of the NIM kinds only") }
                    nimForm = try r.string(e.value, "`form`")
                case "maxDepth":
                    let d = try r.integer(e.value, "`maxDepth`")
                    guard (1...DecodingOptions.maximumDepthLimit).contains(d) else { throw r.error(e.value, "`maxDepth` must be 1...1024") }
                    options.maxDepth = d
                default:
                    switch try r.string(e.value, "`mode`") {
                    case "lenient": options.mode = .lenient
                    case "strict": options.mode = .strict
                    default: throw r.error(e.value, "`mode` must be lenient or strict")
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
            throw r.error(expectEntry.value, "an accepting `\(kind)` vector needs `value` (canonical bytes alone are not enough)")
        }

        var vector = Vector(
            id: id, level: level, spec: spec, tags: tags, description: description, kind: kind,
            objectName: objectName, from: from, options: options, queryTopic: queryTopic, hasOptions: hasDecoderOptions,
            input: input, expect: expect, file: r.file, line: node.mark?.line ?? 0)
        vector.currentUserId = currentUserId
        vector.protocolVersion = protocolVersion
        vector.nimForm = nimForm
        return vector
    }

    func input(_ node: Node, kind: Vector.Kind) throws(LoadError) -> Vector.Input {
        let entries = try r.mapping(node, "`input`")
        try noBytesKey(entries, in: "input")
        try r.checkKeys(entries, allowed: VectorLoader.inputKeys, "`input`")
        guard entries.count == 1, let e = entries.first else {
            throw r.error(node, "`input` must have exactly one of json, hex, base64, value, repeat, hexRepeat")
        }
        if kind.takesValue != (e.key == "value"), Vector.Kind.known.contains(kind) {
            throw r.error(e.keyNode, kind.takesValue ? "a `\(kind)` vector takes `input.value`" : "a `\(kind)` vector takes bytes, not `input.value`")
        }
        switch e.key {
        case "json": return .bytes(Array(try r.string(e.value, "`input.json`").utf8))
        case "hex": return .bytes(try hex(e.value, what: "`input.hex`"))
        case "base64":
            guard let b = ByteText.bytes(base64: try r.string(e.value, "`input.base64`")) else {
                throw r.error(e.value, "`input.base64` is not valid base64")
            }
            return .bytes(b)
        case "value": return .value(try r.jsonValue(e.value, scalars: .strict, maxDepth: 512))
        case "hexRepeat": return .bytes(try repeated(e.value, hex: true))
        default: return .bytes(try repeated(e.value))
        }
    }

    /// `bytes` names no encoding, so it is not a key: the message says which keys hold bytes.
    func noBytesKey(_ entries: [Entry], in parent: String) throws(LoadError) {
        guard let e = entries.first(where: { $0.key == "bytes" }) else { return }
        let forms = parent == "input" ? "`json` (UTF-8 text), `hex` or `base64` (any bytes)" : "`json` (UTF-8 text) or `hex` (any bytes)"
        throw r.error(e.keyNode, "`\(parent).bytes` is not a key: write exact bytes as \(forms), or `repeat`/`hexRepeat` for long ones (spec/vectors.md)")
    }

    func hex(_ node: Node, what: String) throws(LoadError) -> [UInt8] {
        guard case .scalar(let s) = node else { throw r.error(node, "\(what) must be a quoted hex string") }
        guard s.style != .plain || !s.string.allSatisfy(\.isNumber) || s.string.isEmpty else {
            throw r.error(node, "quote \(what) (\"0a1b\") so YAML does not read it as a number")
        }
        guard let b = Hex.decode(s.string, allowingWhitespace: true) else {
            throw r.error(node, "\(what) is not valid hex (pairs of 0-9a-f, whitespace only between bytes)")
        }
        return b
    }

    /// `repeat` (UTF-8 text parts) or `hexRepeat` (hex parts): prefix + fill × count + suffix.
    func repeated(_ node: Node, hex: Bool = false) throws(LoadError) -> [UInt8] {
        let what = hex ? "`hexRepeat`" : "`repeat`"
        let entries = try r.mapping(node, what)
        try r.checkKeys(entries, allowed: VectorLoader.repeatKeys, what)
        var prefix: [UInt8] = [], fill: [UInt8] = [], suffix: [UInt8] = []
        var count = 0
        for e in entries {
            func part() throws(LoadError) -> [UInt8] {
                if hex { return try self.hex(e.value, what: "`\(e.key)`") }
                return Array(try r.string(e.value, "`\(e.key)`").utf8)
            }
            switch e.key {
            case "prefix": prefix = try part()
            case "fill": fill = try part()
            case "suffix": suffix = try part()
            default: count = try r.integer(e.value, "`count`")
            }
        }
        guard count >= 0, count <= loader.maxRepeatBytes, fill.count * count + prefix.count + suffix.count <= loader.maxRepeatBytes else {
            throw r.error(node, "\(what) must generate at most \(loader.maxRepeatBytes) bytes")
        }
        var out = prefix
        out.reserveCapacity(out.count + fill.count * count + suffix.count)
        for _ in 0..<count { out += fill }
        return out + suffix
    }

    func expect(_ node: Node, kind: Vector.Kind) throws(LoadError) -> Vector.Expectation {
        let entries = try r.mapping(node, "`expect`")
        try noBytesKey(entries, in: "expect")
        try r.checkKeys(entries, allowed: VectorLoader.expectKeys, "`expect`")
        func get(_ key: String) -> Entry? { entries.first { $0.key == key } }
        guard let o = get("outcome") else { throw r.error(node, "`expect` needs `outcome`") }
        guard let outcome = Vector.Outcome(rawValue: try r.string(o.value, "`outcome`")) else {
            throw r.error(o.value, "`outcome` must be accept, reject or either")
        }
        var x = Vector.Expectation(outcome: outcome)
        if let v = get("value") { x.value = try r.jsonValue(v.value, scalars: .strict, maxDepth: 512) }
        if [get("json"), get("hex"), get("repeat"), get("hexRepeat")].compactMap({ $0 }).count > 1, let first = get("json") ?? get("hex") ?? get("repeat") {
            throw r.error(first.keyNode, "`expect` takes one of `json`, `hex`, `repeat`, `hexRepeat`")
        }
        if let r = get("repeat") { x.bytes = try repeated(r.value) }
        if let r = get("hexRepeat") { x.bytes = try repeated(r.value, hex: true) }
        if let j = get("json") { x.bytes = Array(try r.string(j.value, "`expect.json`").utf8) }
        if let h = get("hex") { x.bytes = try hex(h.value, what: "`expect.hex`") }
        if let e = get("error") { x.error = try r.string(e.value, "`expect.error`") }
        if let l = get("leniencies") { x.leniencies = try r.stringList(l.value, "`expect.leniencies`") }
        if outcome == .reject, x.value != nil || x.bytes != nil {
            throw r.error(node, "a `reject` expectation has no `value`, `json`, `hex` or `repeat`")
        }
        if outcome == .accept, x.error != nil { throw r.error(node, "an `accept` expectation has no `error`") }
        if outcome == .accept, x.value == nil, x.bytes == nil {
            throw r.error(node, "an `accept` expectation needs `value`, `json`, `hex`, `repeat` or `hexRepeat`")
        }
        return x
    }
}
