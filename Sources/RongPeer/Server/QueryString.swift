// Sources/RongPeer/Server/QueryString.swift - query strings: parsing the upgrade URI, percent-encoding

import RongEnvelope
import RongSupport

/// A request target (the path and query of an HTTP request line) split into its path and its
/// decoded query parameters, as the peer reads every request: the WebSocket upgrade
/// (``ConnectParams``), navigation, `GET /state` and the control endpoints.
///
/// The path is everything before the first `?`, as written. The query is cut at `&` into
/// `NAME=VALUE` pairs, each cut at its first `=` (a pair without one is `NAME` with an empty
/// value; empty pairs are skipped); `%XX` escapes are decoded (two hex digits; anything else is
/// kept as written, and so is `+`, as the SDKs percent-encode the token with encodeURIComponent),
/// and bytes that are not UTF-8 after decoding become U+FFFD. A name given twice keeps its last
/// value.
public struct PeerRequestTarget: Sendable, Hashable {
    /// The path, as written.
    public var path: String
    /// The decoded parameters.
    public var query: [String: String]

    /// The target `text` split and decoded.
    public init(parsing text: String) {
        let (path, queryText) = TextFields.cut(text, at: "?")
        self.path = String(path)
        query = [:]
        for pair in TextFields(queryText ?? "", separator: "&").all where !pair.isEmpty {
            let (name, value) = TextFields.cut(pair, at: "=")
            query[percentDecode(name)] = value.map(percentDecode) ?? ""
        }
    }

    /// The target written back: the path, then every parameter percent-encoded (names in order),
    /// which parses to an equal target.
    public var text: String {
        guard !query.isEmpty else { return path }
        return path + "?" + query.keys.sorted().map { percentEncode($0) + "=" + percentEncode(query[$0] ?? "") }.joined(separator: "&")
    }
}

/// Splits a request URI into its path and decoded query parameters (``PeerRequestTarget``).
func parseQuery(_ uri: String) -> (path: String, query: [String: String]) {
    let t = PeerRequestTarget(parsing: uri)
    return (t.path, t.query)
}

/// Decodes `%XX` escapes (two hex digits); anything else is kept as it is.
func percentDecode(_ s: Substring) -> String {
    var out: [UInt8] = []
    var bytes = Array(s.utf8)[...]
    while let b = bytes.popFirst() {
        // Exactly two hex digits: `UInt8(_:radix:)` would also take a sign (`%+f`).
        if b == 0x25, bytes.count >= 2, let v = Hex.decode(String(decoding: bytes.prefix(2), as: UTF8.self)) {
            out += v
            bytes = bytes.dropFirst(2)
        } else {
            out.append(b)
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// Percent-encodes a query value (everything but unreserved characters).
public func percentEncode(_ s: String) -> String {
    var out = ""
    for b in s.utf8 {
        if (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E {
            out.unicodeScalars.append(Unicode.Scalar(b))
        } else {
            out += "%" + Hex.encode(CollectionOfOne(b)).uppercased()
        }
    }
    return out
}
