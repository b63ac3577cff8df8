// Sources/RongEnvelope/Packets/ByteReader.swift - bounds-checked big-endian reads over a packet

import RongCodec

/// Reads the fields of one packet front to back. Every read checks the bounds first and throws
/// `CodecError.Code.truncated` with the offset of the field that does not fit, so no input can
/// make the decoder read past the buffer. It reads the frame where the caller keeps it (both
/// ``PacketView`` and the owned ``Packet`` decode go through here), so nothing is copied until a
/// caller asks for an owned payload.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    /// Offset of the next unread byte (from the start of the packet, header byte included).
    private(set) var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

    /// Inlined (a compare per read); the error is made out of line, on the error path only.
    @inline(__always)
    private func need(_ count: Int, _ field: StaticString) throws(CodecError) {
        guard count <= remaining else { throw truncation(count, field) }
    }

    @inline(never)
    private func truncation(_ count: Int, _ field: StaticString) -> CodecError {
        CodecError(
            .truncated,
            "the packet ends inside \(field): \(count) byte\(count == 1 ? "" : "s") needed, \(remaining) left",
            offset: offset)
    }

    mutating func u8(_ field: StaticString) throws(CodecError) -> UInt8 {
        try need(1, field)
        defer { offset += 1 }
        return bytes[offset]
    }

    // Inlined: a compare and a load each, not a call of a generic function per field.
    @inline(__always)
    mutating func u16(_ field: StaticString) throws(CodecError) -> UInt16 { try bigEndian(field) }
    @inline(__always)
    mutating func u32(_ field: StaticString) throws(CodecError) -> UInt32 { try bigEndian(field) }
    mutating func u64(_ field: StaticString) throws(CodecError) -> UInt64 { try bigEndian(field) }

    /// An unsigned big-endian integer of `T`'s width (ENV-INT-001).
    @inline(__always)
    private mutating func bigEndian<T: FixedWidthInteger & UnsignedInteger>(_ field: StaticString) throws(CodecError) -> T {
        let width = MemoryLayout<T>.size
        try need(width, field)
        // One unaligned load (the bounds are checked above), not a loop of byte reads.
        let v = T(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
        offset += width
        return v
    }

    /// A u16 length, then that many bytes of CESU-8 or UTF-8 (spec: ENV-STR).
    /// Inlined for the ASCII case; the others are read out of line.
    @inline(__always)
    mutating func string(_ field: StaticString) throws(CodecError) -> RMTPString {
        if let b = asciiString() { return RMTPString(ascii: b) }
        return try checkedString(field)
    }

    @inline(never)
    private mutating func checkedString(_ field: StaticString) throws(CodecError) -> RMTPString {
        try readString(field) { (b) throws(CodecError) in try RMTPString(checking: b) }
    }

    /// The same string checked the same way (the same errors), left where it is in the frame:
    /// what ``PacketView`` keeps, making the text only when it is asked for. Inlined for the
    /// ASCII case, as ``string(_:)``.
    @inline(__always)
    mutating func checkedStringBytes(_ field: StaticString) throws(CodecError) -> UnsafeBufferPointer<UInt8> {
        if let b = asciiString() { return b }
        return try checkedNonASCIIStringBytes(field)
    }

    @inline(never)
    private mutating func checkedNonASCIIStringBytes(_ field: StaticString) throws(CodecError) -> UnsafeBufferPointer<UInt8> {
        try readString(field) { (b) throws(CodecError) in
            try RMTPString.check(b)
            return b
        }
    }

    /// The next string when it is in bounds and ASCII (the topics and ids of real frames), so
    /// valid as it is, found with a few compares; nil, with nothing read, otherwise: the full
    /// path then reads it from the same offset and decides or reports it.
    @inline(__always)
    private mutating func asciiString() -> UnsafeBufferPointer<UInt8>? {
        let start = offset
        guard let base = bytes.baseAddress, bytes.count &- start >= 2 else { return nil }
        let length = Int(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt16.self)))
        guard bytes.count &- start &- 2 >= length else { return nil }
        let b = UnsafeBufferPointer(start: (base + start + 2).assumingMemoryBound(to: UInt8.self), count: length)
        guard RMTPString.isASCII(b) else { return nil }
        offset = start &+ 2 &+ length
        return b
    }

    @inline(__always)
    private mutating func readString<S>(
        _ field: StaticString, _ make: (UnsafeBufferPointer<UInt8>) throws(CodecError) -> S
    ) throws(CodecError) -> S {
        let start = offset
        let length = Int(try u16(field))
        try need(length, field)
        defer { offset += length }
        do throws(CodecError) {
            // Checked where the bytes are in the frame, without a slice or a generic call.
            let raw = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
            return try make(raw.assumingMemoryBound(to: UInt8.self))
        } catch {
            var e = error
            e.reason = "\(field): " + e.reason
            // RMTPString reports offsets inside the string; make them packet offsets.
            e.offset = (e.offset ?? 0) + start + 2
            throw e
        }
    }

    /// Everything that is left, where it is in the frame: the protobuf payload, which runs to
    /// the end of the frame.
    @inline(__always)
    mutating func rest() -> UnsafeRawBufferPointer {
        defer { offset = bytes.count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset...])
    }

    /// Fixed-layout bodies end exactly here; anything after them is an error (ENV-FRAME-003).
    func expectEnd(_ packet: StaticString) throws(CodecError) {
        guard isAtEnd else {
            throw CodecError(
                .trailingGarbage,
                "\(remaining) byte\(remaining == 1 ? "" : "s") after the end of the \(packet) body",
                offset: offset)
        }
    }
}

extension UnsafeRawBufferPointer {
    /// The bytes in an array of their own (through the typed buffer, which arrays copy whole).
    var copiedBytes: [UInt8] { Array(assumingMemoryBound(to: UInt8.self)) }
}
