// Sources/RongCapture/Navigation/NavigationAnswer.swift - a navigator's answer, and the same answer naming the proxy

import RongCodec
import RongSupport

/// What a navigator answers to `/navi.js`, `/cometnavi.js` or `/navi.json`: a JSON object with
/// `server` (`HOST:PORT` of the connection server) and `backupServer` (more of them,
/// comma-separated) among its switches, as JSONP (`getServerEndpoint({…});`, without the `;`
/// from a private cloud) or as plain JSON (official-sdks.md § 5). RongIMLib 5.7.2 reads "the
/// first `{…}` object" of the body, and unescapes a `{\"code\":…` form first
/// (official-sdk-5x.md, Navigation); so does this type.
///
/// ``rewritten(server:)`` is the answer the recording proxy gives the app: `server` (and a
/// non-empty `backupServer`) name the proxy; every other member keeps its value and place, and
/// the text around the object is kept as it was, so the SDK's JSONP callback still runs.
public struct NavigationAnswer: Sendable, Hashable {
    /// The text before the object (`getServerEndpoint(`), as it was.
    public var prefix: [UInt8]
    /// The object.
    public var object: JSONObject
    /// The text after the object (`);`), as it was.
    public var suffix: [UInt8]
    /// Whether the object was written with its quotes escaped (`{\"code\":200,…}`, an object in a
    /// string); the rewritten answer is escaped the same way.
    public var escaped: Bool

    /// The most bytes an answer may have (64 KiB; the real ones are about 1 KB).
    public static let maxBytes = 65_536

    /// Reads an answer: the object from its first `{` to its last `}`. Throws
    /// `navigationFormat` when there is no such object, it is not JSON (also after unescaping),
    /// or it has no string `server`; `sizeLimit` above ``maxBytes``.
    public init(parsing bytes: [UInt8]) throws(CodecError) {
        guard bytes.count <= Self.maxBytes else {
            throw CodecError(.sizeLimit, "a navigation answer above \(Self.maxBytes) bytes", offset: Self.maxBytes)
        }
        guard let open = bytes.firstIndex(of: 0x7B), let close = bytes.lastIndex(of: 0x7D), open < close else {
            throw CodecError(.navigationFormat, "no JSON object in the navigation answer")
        }
        let text = bytes[open...close]
        let options = DecodingOptions(maxContentBytes: Self.maxBytes, maxDepth: 16)
        var value = try? JSONValue(parsing: text, options: options)
        escaped = false
        if value == nil, let unescaped = Self.unescape(text) {
            value = try? JSONValue(parsing: unescaped, options: options)
            escaped = value != nil
        }
        guard let object = value?.objectValue else {
            throw CodecError(.navigationFormat, "the navigation answer's {…} is not a JSON object", offset: open)
        }
        guard object["server"]?.stringValue != nil else {
            throw CodecError(.navigationFormat, "the navigation answer has no string `server`", path: "$.server")
        }
        prefix = Array(bytes[..<open])
        self.object = object
        suffix = Array(bytes[(close + 1)...])
    }

    /// `server`, then each of `backupServer`'s comma-separated entries, blanks trimmed and empty
    /// ones left out: the servers an SDK tries, in its order.
    public var servers: [String] {
        var list: [String] = []
        for key in ["server", "backupServer"] {
            guard let s = object[key]?.stringValue else { continue }
            for part in s.split(separator: ",", omittingEmptySubsequences: true) {
                let t = part.trimmingBlanks
                if !t.isEmpty { list.append(String(t)) }
            }
        }
        return list
    }

    /// The answer with `server` set to `server` (the proxy's `HOST:PORT`) and `backupServer` set
    /// to it too when it named any server, to `""` when it was empty; the rest as it was.
    public func rewritten(server: String) -> [UInt8] {
        var o = object
        o["server"] = .string(server)
        if let backup = o["backupServer"] {
            let named = backup.stringValue.map { !$0.split(separator: ",").allSatisfy { $0.trimmingBlanks.isEmpty } } ?? true
            o["backupServer"] = .string(named ? server : "")
        }
        // The object was read from JSON and only strings were set: it always writes.
        var json = (try? JSONValue.object(o).canonicalBytes()) ?? []
        if escaped { json = Self.escape(json) }
        return prefix + json + suffix
    }

    /// `\"` → `"` and `\\` → `\`; nil when the text has no `\"`.
    static func unescape(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        guard text.contains(0x5C) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = text.startIndex
        var changed = false
        while i < text.endIndex {
            let b = text[i]
            if b == 0x5C, i + 1 < text.endIndex, text[i + 1] == 0x22 || text[i + 1] == 0x5C {
                out.append(text[i + 1])
                i += 2
                changed = true
            } else {
                out.append(b)
                i += 1
            }
        }
        return changed ? out : nil
    }

    /// The inverse of ``unescape(_:)``: `\` → `\\`, `"` → `\"`.
    static func escape(_ json: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.count + json.count / 4)
        for b in json {
            if b == 0x22 || b == 0x5C { out.append(0x5C) }
            out.append(b)
        }
        return out
    }
}

/// A connection server a navigator named: `HOST`, `HOST:PORT` or `[IPv6]:PORT`.
public struct NavigationServer: Sendable, Hashable, CustomStringConvertible {
    /// The host name or address (an IPv6 address without its brackets).
    public var host: String
    /// The port, when the answer gave one.
    public var port: Int?

    /// Reads `HOST[:PORT]`: a host of letters, digits, `-` and `.` (at most 253), or an IPv6
    /// address in brackets, and a port 1-65535. Nil for anything else (a scheme, a path, spaces).
    public init?(_ text: String) {
        var rest = Substring(text)
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            let inner = rest[rest.index(after: rest.startIndex)..<close]
            guard !inner.isEmpty, inner.utf8.count <= 45, inner.utf8.allSatisfy({ Self.isHex($0) || $0 == 0x3A || $0 == 0x2E }) else { return nil }
            host = String(inner)
            rest = rest[rest.index(after: close)...]
        } else {
            let end = rest.firstIndex(of: ":") ?? rest.endIndex
            let name = rest[..<end]
            guard !name.isEmpty, name.utf8.count <= 253,
                name.utf8.allSatisfy({ Self.isHex($0) || ($0 >= 0x67 && $0 <= 0x7A) || ($0 >= 0x47 && $0 <= 0x5A) || $0 == 0x2D || $0 == 0x2E })
            else { return nil }
            host = String(name)
            rest = rest[end...]
        }
        if rest.isEmpty {
            port = nil
        } else {
            guard rest.first == ":", rest.count >= 2, rest.count <= 6, rest.dropFirst().utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let p = Int(rest.dropFirst()), (1...65_535).contains(p)
            else { return nil }
            port = p
        }
    }

    private static func isHex(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
    }

    /// `HOST[:PORT]`, brackets around an IPv6 address.
    public var description: String {
        (host.contains(":") ? "[\(host)]" : host) + (port.map { ":\($0)" } ?? "")
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingBlanks: Substring {
        var s = self
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return s
    }
}
