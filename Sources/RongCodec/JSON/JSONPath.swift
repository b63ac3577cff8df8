// Sources/RongCodec/JSON/JSONPath.swift - the one notation of JSON paths (CONTENT-PATH-001)

/// RongWire's JSON path notation, the one every module writes paths in (errors, NIM loss
/// entries), so that a path reads the same whichever module made it (spec/content-common.md,
/// CONTENT-PATH-001).
///
/// `$` is the root. A member whose key is an identifier (ASCII letters, digits, `_` and `$`, not
/// starting with a digit) is `.key`: `$.user.id`, `$.$local.sentStatus` (`$` counts because the
/// packet JSON and RC record forms name their derived members `$content`, `$local`). Any other
/// key, the empty one included, is `["key"]`, the key written as a canonical JSON string
/// (CONTENT-ENCODE-001: only `"`, `\` and control characters escaped, anything else as UTF-8):
/// `$["a.b"]`, `$["a\"b"]`, `$["1st"]`, `$[""]`, `$["名前"]`. An array element is `[n]`.
package enum JSONPath {
    /// The root, `$`.
    package static let root = "$"

    /// `base` followed by the member `key`: `.key` for an identifier, `["key"]` otherwise.
    package static func member(_ base: String, _ key: String) -> String {
        if isIdentifier(key) { return base + "." + key }
        var w = JSONWriter(reservingCapacity: key.utf8.count + 2)
        w.string(key)
        return base + "[" + String(decoding: w.bytes, as: UTF8.self) + "]"
    }

    /// `base` followed by the array element `index`: `base[index]`.
    package static func element(_ base: String, _ index: Int) -> String {
        base + "[\(index)]"
    }

    /// Whether `key` is written `.key`: ASCII letters, digits, `_` and `$`, not starting with a
    /// digit, not empty.
    package static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !isDigit(first) else { return false }
        return key.utf8.allSatisfy { b in
            isDigit(b) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24
        }
    }
}
