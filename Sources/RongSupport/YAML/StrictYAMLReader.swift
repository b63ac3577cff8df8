// Sources/RongSupport/YAML/StrictYAMLReader.swift - the one strict YAML reader of every RongWire input

import RongCodec
import Yams

/// Reads one YAML file strictly: vectors, peer fixtures, scenarios and `/control/reset` bodies all
/// go through it, so they refuse the same things with the same messages. The text is checked on
/// its event stream first (``YAMLEventCheck``: anchors, aliases, tags, duplicate keys, syntax and
/// reader errors, each at its line and column), and composed only once that passes, so nothing is
/// expanded before an alias is refused. The typed accessors then refuse what would change meaning
/// between YAML readers: keys and strings that YAML reads as null, booleans or numbers unless
/// quoted, and values of the wrong type. Every refusal is a ``LoadError`` at the node's place.
package struct StrictYAMLReader: Sendable {
    /// The file, for errors.
    package let file: String
    /// What the file holds, plural (`vectors`, `fixtures`, `scenarios`), for the messages of the
    /// event check: `YAML alias … is not allowed in fixtures`.
    package let holding: String

    /// A reader of `file`, which holds `holding`.
    package init(file: String, holding: String) {
        self.file = file
        self.holding = holding
    }

    /// One member of a mapping, with its key's node for errors.
    package struct Entry {
        /// The key, a string.
        package var key: String
        /// The key's node (for its place).
        package var keyNode: Node
        /// The value.
        package var value: Node
    }

    // MARK: Parsing

    /// The root node of `text`, nil for an empty document; the event check runs first.
    package func root(_ text: String) throws(LoadError) -> Node? {
        if let p = YAMLEventCheck.firstProblem(in: text, holding: holding) {
            throw LoadError(file: file, line: p.line, column: p.column, message: p.message)
        }
        do {
            // `.utf8` explicitly: the default reads YAMS_DEFAULT_ENCODING from the environment
            // and prints to stdout when it is set.
            return try Yams.compose(yaml: text, .default, .default, .utf8)
        } catch let e as YamlError {
            throw convert(e)
        } catch {
            throw LoadError(file: file, line: 0, message: "YAML error: \(error)")
        }
    }

    /// What composing can still find after the event check: more than one document, equal
    /// non-scalar keys. Syntax and reader errors are worded as the event check words them.
    private func convert(_ e: YamlError) -> LoadError {
        switch e {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let extra = context.map { " (\($0.text))" } ?? ""
            return LoadError(file: file, line: mark.line, column: mark.column, message: "YAML syntax: \(problem)\(extra)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return LoadError(
                file: file, line: context.mark.line, column: context.mark.column,
                message: "duplicate key \(duplicates.map { "`\($0)`" }.joined(separator: ", ")) in a mapping")
        case .reader(let problem, _, _, _):
            return LoadError(file: file, line: 0, message: "YAML reader: \(problem)")
        default:
            return LoadError(file: file, line: 0, message: "YAML error: \(e)")
        }
    }

    /// An error at `node`'s place.
    package func error(_ node: Node, _ message: String) -> LoadError {
        LoadError(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 1, message: message)
    }

    // MARK: Collections

    /// The entries of a mapping. Keys must be strings YAML reads as strings, once each; with
    /// `allowed`, only those keys (the error lists them).
    package func mapping(_ node: Node, _ what: String, allowed: Set<String>? = nil) throws(LoadError) -> [Entry] {
        guard case .mapping(let m) = node else { throw error(node, "\(what) must be a mapping") }
        var out: [Entry] = []
        var seen: Set<String> = []
        for (k, v) in m {
            guard case .scalar(let s) = k else { throw error(k, "keys in \(what) must be plain strings") }
            if isPlain(s) && Self.typedByYAML(s.string) {
                throw error(k, "key `\(s.string)` in \(what) reads as a non-string in YAML; quote it")
            }
            if !seen.insert(s.string).inserted { throw error(k, "duplicate key `\(s.string)` in \(what)") }
            if let allowed, !allowed.contains(s.string) { throw unknownKey(k, s.string, in: what, allowed: allowed) }
            out.append(Entry(key: s.string, keyNode: k, value: v))
        }
        return out
    }

    /// Refuses the first entry whose key is not in `allowed`.
    package func checkKeys(_ entries: [Entry], allowed: Set<String>, _ what: String) throws(LoadError) {
        for e in entries where !allowed.contains(e.key) { throw unknownKey(e.keyNode, e.key, in: what, allowed: allowed) }
    }

    private func unknownKey(_ node: Node, _ key: String, in what: String, allowed: Set<String>) -> LoadError {
        error(node, "unknown key `\(key)` in \(what) (allowed: \(allowed.sorted().joined(separator: ", ")))")
    }

    /// The items of a sequence.
    package func list(_ node: Node, _ what: String) throws(LoadError) -> [Node] {
        guard case .sequence(let seq) = node else { throw error(node, "\(what) must be a list") }
        return Array(seq)
    }

    /// A sequence of strings (``string(_:_:)`` each).
    package func stringList(_ node: Node, _ what: String) throws(LoadError) -> [String] {
        guard case .sequence(let seq) = node else { throw error(node, "\(what) must be a list of strings") }
        var out: [String] = []
        for n in seq { out.append(try string(n, "each item of \(what)")) }
        return out
    }

    /// A sequence of identifiers (``identifier(_:_:)`` each).
    package func identifierList(_ node: Node, _ what: String) throws(LoadError) -> [String] {
        var out: [String] = []
        for n in try list(node, what) { out.append(try identifier(n, "each item of \(what)")) }
        return out
    }

    // MARK: Scalars

    /// A string; a plain scalar YAML reads as null, a boolean or a number must be quoted.
    package func string(_ node: Node, _ what: String) throws(LoadError) -> String {
        guard case .scalar(let s) = node else { throw error(node, "\(what) must be a string") }
        if isPlain(s) && Self.typedByYAML(s.string) {
            // Other YAML readers would read this as null, a boolean or a number: quote it.
            throw error(node, "\(what) `\(s.string)` reads as a non-string in YAML; quote it")
        }
        return s.string
    }

    /// A non-empty string where YAML would also read a number (ids like `1001`): quoted, or plain
    /// digits; null and boolean words must be quoted.
    package func identifier(_ node: Node, _ what: String) throws(LoadError) -> String {
        guard case .scalar(let s) = node, !s.string.isEmpty else { throw error(node, "\(what) must be a non-empty string") }
        if isPlain(s), ["null", "~", "true", "false", "yes", "no", "on", "off"].contains(s.string.lowercased()) {
            throw error(node, "\(what) `\(s.string)` reads as a non-string in YAML; quote it")
        }
        return s.string
    }

    /// One of an enumeration's raw values; the error lists them all.
    package func choice<T: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, _: T.Type = T.self) throws(LoadError) -> T
    where T.RawValue == String {
        let text = try string(node, what)
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue)
            let list = names.count == 2 ? "\(names[0]) or \(names[1])" : names.joined(separator: ", ")
            throw error(node, "\(what) must be \(list), not \(text)")
        }
        return value
    }

    /// An unquoted integer.
    package func integer(_ node: Node, _ what: String) throws(LoadError) -> Int {
        guard case .scalar(let s) = node, isPlain(s), let n = Int(s.string) else { throw error(node, "\(what) must be an integer") }
        return n
    }

    /// An unquoted finite number.
    package func number(_ node: Node, _ what: String) throws(LoadError) -> Double {
        guard case .scalar(let s) = node, isPlain(s), let n = Double(s.string), n.isFinite else {
            throw error(node, "\(what) must be a number")
        }
        return n
    }

    /// Unquoted `true` or `false`.
    package func bool(_ node: Node, _ what: String) throws(LoadError) -> Bool {
        guard case .scalar(let s) = node, isPlain(s), s.string == "true" || s.string == "false" else {
            throw error(node, "\(what) must be true or false")
        }
        return s.string == "true"
    }

    private func isPlain(_ s: Node.Scalar) -> Bool { s.style == .plain || s.style == .any }

    /// Plain scalars that YAML's core schema (and YAML 1.1 readers) turn into null, booleans or
    /// numbers.
    package static func typedByYAML(_ text: String) -> Bool {
        let lower = text.lowercased()
        if ["null", "~", "", "true", "false", "yes", "no", "on", "off", ".inf", "-.inf", "+.inf", ".nan"].contains(lower) { return true }
        if lower.hasPrefix("0x") || lower.hasPrefix("0o") { return true }
        let digits = text.drop(while: { $0 == "-" || $0 == "+" })
        return !digits.isEmpty && digits.first!.isNumber
            && digits.allSatisfy { $0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "_" || $0 == "-" || $0 == "+" }
    }

    // MARK: JSON values

    /// How plain scalars read in a JSON value.
    package enum JSONScalars: Sendable {
        /// spec/vectors.md "Values": a plain scalar is null, true, false or a JSON number that
        /// YAML 1.1 readers read as the same number; anything else must be quoted.
        case strict
        /// Scenario values, written by hand: plain words are strings.
        case plainWordsAreStrings
    }

    /// A YAML value as a JSON value with JSON's scalar rules: quoted scalars are strings, plain
    /// ones null, true, false or a JSON number (other plain words per `scalars`); nested at most
    /// `maxDepth` deep.
    package func jsonValue(_ node: Node, scalars: JSONScalars, maxDepth: Int, depth: Int = 0) throws(LoadError) -> JSONValue {
        guard depth < maxDepth else { throw error(node, "value nested too deeply") }
        switch node {
        case .scalar(let s):
            if !isPlain(s) { return .string(s.string) }
            switch s.string {
            case "null": return .null
            case "true": return .bool(true)
            case "false": return .bool(false)
            default:
                if let first = s.string.utf8.first, first == 0x2D || (first >= 0x30 && first <= 0x39),
                    case .number(let n)? = try? JSONValue(parsing: Array(s.string.utf8))
                {
                    if scalars == .strict, let problem = Self.yaml11Difference(number: s.string) { throw error(node, problem) }
                    return .number(n)
                }
                guard scalars == .plainWordsAreStrings else {
                    throw error(node, "unquoted scalar `\(s.string)` is not null, true, false or a JSON number; quote strings")
                }
                return .string(s.string)
            }
        case .sequence(let seq):
            var out: [JSONValue] = []
            for n in seq { out.append(try jsonValue(n, scalars: scalars, maxDepth: maxDepth, depth: depth + 1)) }
            return .array(out)
        case .mapping:
            var o = JSONObject()
            for e in try mapping(node, "a value") { o[e.key] = try jsonValue(e.value, scalars: scalars, maxDepth: maxDepth, depth: depth + 1) }
            return .object(o)
        case .alias:
            // Not reached: the event check refuses aliases before anything is composed.
            throw error(node, "YAML aliases are not allowed in \(holding)")
        }
    }

    /// Why a JSON number written as a plain YAML scalar reads as something else to a YAML 1.1
    /// reader (PyYAML, Ruby's Psych), or nil when every reader sees the same number. YAML 1.1's
    /// float needs a `.` and, with an exponent, a signed one: `1e-7` and `1.0e7` are strings there,
    /// `1.0e-7` is a float everywhere.
    package static func yaml11Difference(number text: String) -> String? {
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
