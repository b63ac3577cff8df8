// Sources/RongEnvelope/Packets/ByteWriter.swift - big-endian writes into a packet

import RongCodec

/// Appends the fields of one packet. Only string writes can fail (longer than a u16 length).
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 64) { bytes.reserveCapacity(capacity) }

    mutating func u8(_ v: UInt8) { bytes.append(v) }

    mutating func u16(_ v: UInt16) { bigEndian(v) }
    mutating func u32(_ v: UInt32) { bigEndian(v) }
    mutating func u64(_ v: UInt64) { bigEndian(v) }

    private mutating func bigEndian<T: FixedWidthInteger & UnsignedInteger>(_ v: T) {
        for shift in stride(from: T.bitWidth - 8, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: v >> shift)) }
    }

    /// A u16 length and the string's wire bytes; `CodecError.Code.sizeLimit` above 65,535 bytes.
    mutating func string(_ s: RMTPString, _ field: StaticString) throws(CodecError) {
        // Text without 4-byte sequences is its own CESU-8: written from the string's UTF-8
        // without building the wire bytes first.
        if s.isCanonical && !s.text.utf8.contains(where: { $0 >= 0xF0 }) {
            try length(s.text.utf8.count, field)
            bytes.append(contentsOf: s.text.utf8)
        } else {
            let wire = s.wireBytes
            try length(wire.count, field)
            bytes.append(contentsOf: wire)
        }
    }

    private mutating func length(_ n: Int, _ field: StaticString) throws(CodecError) {
        guard n <= Int(UInt16.max) else {
            throw CodecError(.sizeLimit, "\(field) is \(n) bytes; a header string holds at most 65535")
        }
        u16(UInt16(n))
    }

    mutating func append(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }
}
