// Sources/RongCodec/JSON/UTF8Key.swift - comparing JSON names and strings by their UTF-8 bytes

// Swift's `String ==` and `String.hash(into:)` follow Unicode canonical equivalence: NFC "é"
// (C3 A9) equals NFD "e\u{301}" (65 CC 81). JSON names and strings are sequences of code points
// (RFC 8259 § 8.3 calls code-unit comparison the interoperable one), so two such keys are two
// different members, and a decoder must neither merge them nor report them as duplicates.
// Everything in RongWire that decides whether two keys are the same key, and ``JSONValue``
// equality, goes through these helpers.

/// Whether `a` and `b` have the same UTF-8 bytes.
@inline(__always)
func utf8Equal(_ a: String, _ b: String) -> Bool {
    let au = a.utf8, bu = b.utf8
    guard au.count == bu.count else { return false }
    let fast = au.withContiguousStorageIfAvailable { pa in
        bu.withContiguousStorageIfAvailable { pb in
            pa.isEmpty || memcmpEqual(UnsafeRawPointer(pa.baseAddress!), UnsafeRawPointer(pb.baseAddress!), pa.count)
        }
    }
    if let fast, let fast { return fast }
    return au.elementsEqual(bu)
}

/// Feeds the UTF-8 bytes of `s` to `hasher`, with a terminator so that concatenations differ.
@inline(__always)
func hashUTF8(_ s: String, into hasher: inout Hasher) {
    let done: Void? = s.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    if done == nil { for b in s.utf8 { hasher.combine(b) } }
    hasher.combine(0xFF as UInt8)
}

/// A string that is equal to another only when their UTF-8 bytes are: a `Set` or `Dictionary`
/// key for JSON names.
struct UTF8Key: Hashable {
    let string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool { utf8Equal(lhs.string, rhs.string) }
    func hash(into hasher: inout Hasher) { hashUTF8(string, into: &hasher) }
}
