// Sources/RongPeer/StrictYAML.swift - strict YAML reading for fixtures and scenarios

import RongCodec
import Yams

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixture or scenario file that does not load: the file, line and column, and what is wrong.
/// Unknown keys, duplicate keys, values of the wrong type and missing keys are all errors, in the
/// style of the conformance vector loader: a typo must fail loudly, never change the meaning.
public struct PeerFileError: Error, CustomStringConvertible, Sendable {
    /// The file.
    public var file: String
    /// 1-based line (0: the file as a whole).
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// An error at a place in a file.
    public init(file: String, line: Int, column: Int = 1, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: error: message`, as compilers write it.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// Reads a whole file (fixtures and scenarios are small; a cap keeps hostile files out).
func readTextFile(_ path: String, limit: Int = 16 << 20) throws(PeerFileError) -> String {
    guard let f = fopen(path, "rb") else {
        throw PeerFileError(file: path, line: 0, message: "cannot open: \(String(cString: strerror(errno)))")
    }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
        if n <= 0 { break }
        bytes += buffer[0..<n]
        if bytes.count > limit { throw PeerFileError(file: path, line: 0, message: "file larger than \(limit) bytes") }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
        throw PeerFileError(file: path, line: 0, message: "file is not valid UTF-8")
    }
    return text
}

/// Walks a YAML node tree of one file with strict typing.
struct YAMLReader {
    let file: String

    struct Entry {
        var key: String
        var keyNode: Node
        var value: Node
    }

    /// Parses `text` into its root node (nil for an empty document).
    func root(_ text: String) throws(PeerFileError) -> Node? {
        do {
            return try Yams.compose(yaml: text)
        } catch let e as YamlError {
            switch e {
            case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
                .composer(let context, let problem, let mark, _):
                let extra = context.map { " (\($0.text))" } ?? ""
                throw PeerFileError(file: file, line: mark.line, column: mark.column, message: "YAML syntax: \(problem)\(extra)")
            case .duplicatedKeysInMapping(let duplicates, let context):
                throw PeerFileError(
                    file: file, line: context.mark.line, column: context.mark.column,
                    message: "duplicate key \(duplicates.map { "`\($0)`" }.joined(separator: ", ")) in a mapping")
            default:
                throw PeerFileError(file: file, line: 0, message: "YAML error: \(e)")
            }
        } catch {
            throw PeerFileError(file: file, line: 0, message: "YAML error: \(error)")
        }
    }

    func error(_ node: Node, _ message: String) -> PeerFileError {
        PeerFileError(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 1, message: message)
    }

    /// The entries of a mapping, checked against `allowed` (nil: any key).
    func mapping(_ node: Node, _ what: String, allowed: Set<String>? = nil) throws(PeerFileError) -> [Entry] {
        guard case .mapping(let m) = node else { throw error(node, "\(what) must be a mapping") }
        var out: [Entry] = []
        var seen: Set<String> = []
        for (k, v) in m {
            guard case .scalar(let s) = k else { throw error(k, "keys in \(what) must be plain strings") }
            if !seen.insert(s.string).inserted { throw error(k, "duplicate key `\(s.string)` in \(what)") }
            if let allowed, !allowed.contains(s.string) {
                throw error(k, "unknown key `\(s.string)` in \(what) (allowed: \(allowed.sorted().joined(separator: ", ")))")
            }
            out.append(Entry(key: s.string, keyNode: k, value: v))
        }
        return out
    }

    func string(_ node: Node, _ what: String) throws(PeerFileError) -> String {
        guard case .scalar(let s) = node else { throw error(node, "\(what) must be a string") }
        if (s.style == .plain || s.style == .any) && Self.typedByYAML(s.string) {
            // Other YAML readers would read this as null, a boolean or a number: quote it.
            throw error(node, "\(what) `\(s.string)` reads as a non-string in YAML; quote it")
        }
        return s.string
    }

    /// One of an enumeration's raw values; the error lists them all.
    func choice<T: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, _: T.Type = T.self) throws(PeerFileError) -> T
    where T.RawValue == String {
        let text = try string(node, what)
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue)
            let list = names.count == 2 ? "\(names[0]) or \(names[1])" : names.joined(separator: ", ")
            throw error(node, "\(what) must be \(list), not \(text)")
        }
        return value
    }

    /// A string where YAML would also read a number (ids like `1001`): quoted or plain digits.
    func identifier(_ node: Node, _ what: String) throws(PeerFileError) -> String {
        guard case .scalar(let s) = node, !s.string.isEmpty else { throw error(node, "\(what) must be a non-empty string") }
        if s.style == .plain || s.style == .any, ["null", "~", "true", "false", "yes", "no", "on", "off"].contains(s.string.lowercased()) {
            throw error(node, "\(what) `\(s.string)` reads as a non-string in YAML; quote it")
        }
        return s.string
    }

    static func typedByYAML(_ text: String) -> Bool {
        let lower = text.lowercased()
        if ["null", "~", "", "true", "false", "yes", "no", "on", "off", ".inf", "-.inf", "+.inf", ".nan"].contains(lower) { return true }
        if lower.hasPrefix("0x") || lower.hasPrefix("0o") { return true }
        let digits = text.drop(while: { $0 == "-" || $0 == "+" })
        return !digits.isEmpty && digits.first!.isNumber
            && digits.allSatisfy { $0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "_" || $0 == "-" || $0 == "+" }
    }

    func integer(_ node: Node, _ what: String) throws(PeerFileError) -> Int {
        guard case .scalar(let s) = node, s.style == .plain || s.style == .any, let n = Int(s.string) else {
            throw error(node, "\(what) must be an integer")
        }
        return n
    }

    func number(_ node: Node, _ what: String) throws(PeerFileError) -> Double {
        guard case .scalar(let s) = node, s.style == .plain || s.style == .any, let n = Double(s.string), n.isFinite else {
            throw error(node, "\(what) must be a number")
        }
        return n
    }

    func bool(_ node: Node, _ what: String) throws(PeerFileError) -> Bool {
        guard case .scalar(let s) = node, s.style == .plain || s.style == .any, s.string == "true" || s.string == "false" else {
            throw error(node, "\(what) must be true or false")
        }
        return s.string == "true"
    }

    /// A duration: `500ms`, `30s`, `10m`, `2h`, `8d`, or an integer number of milliseconds.
    func duration(_ node: Node, _ what: String) throws(PeerFileError) -> Int64 {
        guard case .scalar(let s) = node, let ms = parseDurationMillis(s.string) else {
            throw error(node, "\(what) must be a duration such as 500ms, 30s, 10m, 2h, 8d")
        }
        return ms
    }

    func list(_ node: Node, _ what: String) throws(PeerFileError) -> [Node] {
        guard case .sequence(let seq) = node else { throw error(node, "\(what) must be a list") }
        return Array(seq)
    }

    func identifierList(_ node: Node, _ what: String) throws(PeerFileError) -> [String] {
        var out: [String] = []
        for n in try list(node, what) { out.append(try identifier(n, "each item of \(what)")) }
        return out
    }

    /// YAML → JSON value with JSON's scalar rules: unquoted scalars must be null, true, false or
    /// a JSON number; strings are quoted.
    func jsonValue(_ node: Node, depth: Int = 0) throws(PeerFileError) -> JSONValue {
        guard depth < 256 else { throw error(node, "value nested too deeply") }
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
                    return .number(n)
                }
                // Plain words are strings here: scenario values are written by hand.
                return .string(s.string)
            }
        case .sequence(let seq):
            var out: [JSONValue] = []
            for n in seq { out.append(try jsonValue(n, depth: depth + 1)) }
            return .array(out)
        case .mapping:
            var o = JSONObject()
            for e in try mapping(node, "a value") { o[e.key] = try jsonValue(e.value, depth: depth + 1) }
            return .object(o)
        case .alias:
            throw error(node, "YAML aliases are not allowed")
        }
    }
}
