// Sources/RongEnvelope/Wire/WireWriter.swift - protobuf wire format out, sized first

/// Writes protobuf wire format (protobuf.dev/programming-guides/encoding) as SwiftProtobuf's
/// binary encoder does: a varint in the fewest bytes, a negative int32 or int64 sign-extended to
/// ten bytes, a tag of one to five bytes. The caller sizes the whole message first (the
/// `size…` functions), so the bytes are one allocation and each nested message's length is known
/// before its body is written.
struct WireWriter {
    private(set) var bytes: [UInt8]

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: Sizes

    @inline(__always)
    static func sizeOfVarint(_ v: UInt64) -> Int {
        // 1 + floor(bits / 7); 0 takes one byte.
        let bits = 64 - (v | 1).leadingZeroBitCount
        return (bits + 6) / 7
    }

    @inline(__always)
    static func sizeOfTag(_ field: Int) -> Int { sizeOfVarint(UInt64(field) << 3) }

    /// A varint field (int32 and int64 both sign-extend to 64 bits).
    @inline(__always)
    static func sizeOfVarintField(_ field: Int, _ v: Int64) -> Int {
        sizeOfTag(field) + sizeOfVarint(UInt64(bitPattern: v))
    }

    /// A length-delimited field with a body of `count` bytes.
    @inline(__always)
    static func sizeOfDelimitedField(_ field: Int, _ count: Int) -> Int {
        sizeOfTag(field) + sizeOfVarint(UInt64(count)) + count
    }

    static func sizeOfStringField(_ field: Int, _ s: String) -> Int { sizeOfDelimitedField(field, s.utf8.count) }

    // MARK: Writing

    @inline(__always)
    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    @inline(__always)
    mutating func tag(_ field: Int, _ wireType: UInt64) { varint(UInt64(field) << 3 | wireType) }

    /// An int32, int64, enum or bool field.
    @inline(__always)
    mutating func varintField(_ field: Int, _ v: Int64) {
        tag(field, 0)
        varint(UInt64(bitPattern: v))
    }

    mutating func stringField(_ field: Int, _ s: String) {
        tag(field, 2)
        var s = s
        s.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func bytesField(_ field: Int, _ b: [UInt8]) {
        tag(field, 2)
        varint(UInt64(b.count))
        bytes.append(contentsOf: b)
    }

    /// The tag and length of a message field; its body follows.
    mutating func messageHeader(_ field: Int, size: Int) {
        tag(field, 2)
        varint(UInt64(size))
    }
}
