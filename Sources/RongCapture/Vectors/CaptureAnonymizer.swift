// Sources/RongCapture/Vectors/CaptureAnonymizer.swift - tokens and user ids replaced consistently, byte for byte

import RongCodec

/// Replaces tokens and user ids in captured frames with pseudonyms of the same byte length, the
/// same one for every occurrence (`alice` → `u0001` wherever it appears). The same length
/// keeps every length prefix right (RMTP strings, protobuf fields, content JSON), so an
/// anonymized frame is still the frame the official client or server sent, with only those
/// bytes changed; ``CaptureVectors`` checks each frame still decodes to the same value with the
/// same replacement made in its strings, and leaves out a frame where an id also matched other
/// bytes.
public struct CaptureAnonymizer: Sendable {
    /// Each original and its pseudonym, longest original first (the order matches are tried).
    public private(set) var replacements: [(original: [UInt8], pseudonym: [UInt8])] = []

    /// The shortest id replaced: shorter ones would match too many other bytes.
    public static let minimumLength = 3

    /// Pseudonyms for `userIds` (`u` and a base-36 number, as long as the id) and `tokens`
    /// (`token` and a number, or `t…` for short ones). Throws `invalidValue` for an id shorter
    /// than ``minimumLength`` bytes or too short for a unique pseudonym.
    public init(userIds: Set<String>, tokens: Set<String>) throws(CodecError) {
        let originals = Set(userIds).union(tokens)
        var used = Set(originals.map { Array($0.utf8) })
        var next = 1
        func pseudonym(for original: String, prefix: String) throws(CodecError) -> [UInt8] {
            let length = original.utf8.count
            guard length >= Self.minimumLength else {
                throw CodecError(.invalidValue, "`\(original)` is \(length) bytes: too short to replace in frames without touching other bytes")
            }
            let p = length >= prefix.utf8.count + 3 ? prefix : String(prefix.prefix(1))
            let width = length - p.utf8.count
            while true {
                let digits = String(next, radix: 36)
                guard digits.count <= width else {
                    throw CodecError(.invalidValue, "`\(original)` is \(length) bytes: too short for a pseudonym of its own")
                }
                next += 1
                let candidate = Array((p + String(repeating: "0", count: width - digits.count) + digits).utf8)
                if used.insert(candidate).inserted { return candidate }
            }
        }
        // Sorted, so the same capture always gets the same pseudonyms.
        for id in userIds.sorted() { replacements.append((Array(id.utf8), try pseudonym(for: id, prefix: "u"))) }
        for token in tokens.subtracting(userIds).sorted() { replacements.append((Array(token.utf8), try pseudonym(for: token, prefix: "token"))) }
        replacements.sort { $0.original.count > $1.original.count }
    }

    /// `bytes` with every occurrence of an original replaced, in one pass from the start (at each
    /// place the longest original that matches), so a pseudonym is never replaced again.
    public func apply(_ bytes: [UInt8]) -> [UInt8] {
        guard !replacements.isEmpty else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        outer: while i < bytes.count {
            for r in replacements where bytes.count - i >= r.original.count && bytes[i] == r.original[0] {
                if bytes[i..<(i + r.original.count)].elementsEqual(r.original) {
                    out += r.pseudonym
                    i += r.original.count
                    continue outer
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }

    /// `text` with the same replacements.
    public func apply(_ text: String) -> String {
        String(decoding: apply(Array(text.utf8)), as: UTF8.self)
    }

    /// `value` with the replacements made in every string (keys included: unknown keys of a
    /// content can be ids).
    public func apply(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let s): .string(apply(s))
        case .array(let a): .array(a.map(apply))
        case .object(let o): .object(JSONObject(o.map { JSONObject.Member(key: apply($0.key), value: apply($0.value)) }))
        default: value
        }
    }
}
