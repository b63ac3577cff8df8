// Sources/RongEnvelope/Messages/MessageExpansion.swift - the expansion KV in `extraContent`

import RongCodec

/// A message's expansion (key → value strings) as it travels in UpStreamMessage 11 and
/// DownStreamMessage 15 `extraContent`: a JSON object whose members wrap each value as
/// `{"v": value}` (ENGINE `_getUpMsgModule` writes it, `formatExtraContent` reads it):
/// `{"color":{"v":"red"}}`.
public enum MessageExpansion {
    /// The `extraContent` text for `values`: keys in ascending order (so the bytes are
    /// deterministic), compact canonical JSON.
    public static func encode(_ values: [String: String]) throws(CodecError) -> String {
        var object = JSONObject()
        for key in values.keys.sorted() {
            object[key] = ["v": .string(values[key]!)]
        }
        return String(decoding: try JSONValue.object(object).canonicalBytes(), as: UTF8.self)
    }

    /// Parses `extraContent`. An empty string is no expansion (an empty dictionary). Members of a
    /// wrapper other than `v` are ignored (later servers may add some). Errors are
    /// `CodecError.Code.invalidValue` with the JSON path: text that is not JSON, a top level
    /// that is not an object, a wrapper that is not an object or lacks `v`, a `v` that is not a
    /// string, two keys that differ only in Unicode normalization (a Swift dictionary cannot hold
    /// both).
    public static func decode(_ text: String) throws(CodecError) -> [String: String] {
        if text.isEmpty { return [:] }
        let value: JSONValue
        do throws(CodecError) {
            value = try JSONValue(parsing: Array(text.utf8))
        } catch {
            throw CodecError(.invalidValue, "extraContent is not JSON: \(error.reason.isEmpty ? error.code.summary : error.reason)", path: "extraContent")
        }
        guard case .object(let object) = value else {
            throw CodecError(.invalidValue, "extraContent must be a JSON object, not \(value.typeName)", path: "extraContent")
        }
        var result: [String: String] = [:]
        for m in object {
            let path = JSONPath.member("extraContent", m.key)
            guard case .object(let wrapper) = m.value else {
                throw CodecError(.invalidValue, "an expansion entry must be {\"v\": value}, not \(m.value.typeName)", path: path)
            }
            guard let v = wrapper["v"] else { throw CodecError(.invalidValue, "an expansion entry lacks \"v\"", path: path) }
            guard case .string(let s) = v else {
                throw CodecError(.invalidValue, "an expansion value must be a string, not \(v.typeName)", path: JSONPath.member(path, "v"))
            }
            // Keys are distinct by bytes (the parser rejects byte-equal duplicates), but a Swift
            // dictionary merges keys that are only canonically equivalent (NFC `é`, NFD `e◌́`):
            // refuse rather than drop one of the entries.
            guard result.updateValue(s, forKey: m.key) == nil else {
                throw CodecError(.invalidValue, "two expansion keys are canonically equivalent Unicode (\"\(m.key)\"); [String: String] cannot hold both", path: path)
            }
        }
        return result
    }
}
