// Sources/RongPeer/Server/QueryString.swift - query strings: parsing the upgrade URI, percent-encoding

import RongEnvelope

/// Splits a request URI into its path and decoded query parameters (`%XX` decoded; `+` kept, as
/// the SDKs percent-encode the token with encodeURIComponent).
package func parseQuery(_ uri: String) -> (path: String, query: [String: String]) {
    let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var query: [String: String] = [:]
    if parts.count == 2 {
        for pair in parts[1].split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = percentDecode(kv[0])
            query[key] = kv.count == 2 ? percentDecode(kv[1]) : ""
        }
    }
    return (String(parts[0]), query)
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
