// Sources/RongEnvelope/Wire/WireWriter.swift - protobuf wire format out, sized first

/// Writes protobuf wire format (protobuf.dev/programming-guides/encoding) as SwiftProtobuf's
/// binary encoder does: a varint in the fewest bytes, a negative int32 or int64 sign-extended to
/// ten bytes, a tag of one to five bytes.
///
/// The caller sizes the whole message first (the `size…` functions) and ``bytes(size:_:)``
/// writes it into one array of that size, through a pointer: no growth, no per-byte capacity
/// or uniqueness check. Every write still stays inside the storage (a varint is checked once,
/// to start within the message, with room for ten bytes past it; a copy once), and a message
/// that is not the size computed for it traps, so a size function that disagrees with its
/// writer can never write past the array.
struct WireWriter: ~Copyable {
    /// Room past the message for one varint, so that a varint is checked once, not per byte.
    static let slack = 10

    private let base: UnsafeMutablePointer<UInt8>
    /// The message's size: every varint starts at or before it.
    private let size: Int
    private(set) var position = 0

    private init(base: UnsafeMutablePointer<UInt8>, size: Int) {
        self.base = base
        self.size = size
    }

    /// An array of the `size` bytes `write` writes; a trap when it writes another number.
    @inline(__always)
    static func bytes(size: Int, _ write: (inout WireWriter) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: size + slack) { buffer, count in
            var w = WireWriter(base: buffer.baseAddress!, size: size)
            write(&w)
            precondition(w.position == size, "WireWriter: the message is not the size computed for it")
            count = size
        }
    }

    /// Writes the `size` bytes of a message at `base`, inside a larger buffer (a frame's payload,
    /// ``FrameWriter/payload(count:_:)``) that has ``slack`` bytes of room past them; a trap when
    /// `write` writes another number.
    @inline(__always)
    static func write(into base: UnsafeMutablePointer<UInt8>, size: Int, _ write: (inout WireWriter) -> Void) {
        var w = WireWriter(base: base, size: size)
        write(&w)
        precondition(w.position == size, "WireWriter: the message is not the size computed for it")
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

    @inline(__always)
    static func sizeOfStringField(_ field: Int, _ s: String) -> Int { sizeOfDelimitedField(field, s.utf8.count) }

    // MARK: Writing

    @inline(__always)
    mutating func varint(_ value: UInt64) {
        precondition(position <= size, "WireWriter: a write past the message")
        var p = base + position
        var v = value
        while v >= 0x80 {
            p.pointee = UInt8(truncatingIfNeeded: v) | 0x80
            p += 1
            v &>>= 7
        }
        p.pointee = UInt8(truncatingIfNeeded: v)
        position = p - base + 1
    }

    @inline(__always)
    mutating func tag(_ field: Int, _ wireType: UInt64) { varint(UInt64(field) << 3 | wireType) }

    /// An int32, int64, enum or bool field.
    @inline(__always)
    mutating func varintField(_ field: Int, _ v: Int64) {
        tag(field, 0)
        varint(UInt64(bitPattern: v))
    }

    /// A length prefix and `bytes`.
    @inline(__always)
    private mutating func delimited(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        varint(UInt64(n))
        precondition(n <= size - position, "WireWriter: a write past the message")
        if n > 0 { (base + position).update(from: bytes.baseAddress!, count: n) }
        position += n
    }

    mutating func stringField(_ field: Int, _ s: String) {
        tag(field, 2)
        // A native string's UTF-8 is contiguous; a bridged one is copied out first.
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { delimited($0) }
        if done == nil {
            var s = s
            s.withUTF8 { delimited($0) }
        }
    }

    mutating func bytesField(_ field: Int, _ b: [UInt8]) {
        tag(field, 2)
        b.withUnsafeBufferPointer { delimited($0) }
    }

    /// The tag and length of a message field; its body follows.
    @inline(__always)
    mutating func messageHeader(_ field: Int, size: Int) {
        tag(field, 2)
        varint(UInt64(size))
    }
}
