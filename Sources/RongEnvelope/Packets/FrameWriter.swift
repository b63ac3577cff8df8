// Sources/RongEnvelope/Packets/FrameWriter.swift - big-endian writes into a frame, sized first

import RongCodec

/// Writes the fields of one frame into one array of the frame's size, through a pointer, as
/// ``WireWriter`` writes a body: the caller sizes the frame first (``Packet/Body`` sizes its
/// variable header and checks its strings there, so writing cannot fail), and a protobuf payload
/// is written in place, last, by a ``WireWriter`` at its offset. Every write checks that it stays
/// inside the frame, and a frame that is not the size computed for it traps.
struct FrameWriter: ~Copyable {
    private let base: UnsafeMutablePointer<UInt8>
    private let size: Int
    private(set) var position = 0

    private init(base: UnsafeMutablePointer<UInt8>, size: Int) {
        self.base = base
        self.size = size
    }

    /// An array of the `size` bytes `write` writes; a trap when it writes another number. The
    /// storage has ``WireWriter``'s slack past the frame, for a payload written in place.
    @inline(__always)
    static func bytes(size: Int, _ write: (inout FrameWriter) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: size + WireWriter.slack) { buffer, count in
            var w = FrameWriter(base: buffer.baseAddress!, size: size)
            write(&w)
            precondition(w.position == size, "FrameWriter: the frame is not the size computed for it")
            count = size
        }
    }

    @inline(__always)
    mutating func u8(_ v: UInt8) {
        precondition(position < size, "FrameWriter: a write past the frame")
        base[position] = v
        position &+= 1
    }

    @inline(__always)
    mutating func u16(_ v: UInt16) { bigEndian(v) }
    @inline(__always)
    mutating func u32(_ v: UInt32) { bigEndian(v) }
    @inline(__always)
    mutating func u64(_ v: UInt64) { bigEndian(v) }

    @inline(__always)
    private mutating func bigEndian<T: FixedWidthInteger & UnsignedInteger>(_ v: T) {
        let n = MemoryLayout<T>.size
        precondition(n <= size &- position, "FrameWriter: a write past the frame")
        UnsafeMutableRawPointer(base + position).storeBytes(of: v.bigEndian, as: T.self)
        position &+= n
    }

    /// `bytes` as they are.
    @inline(__always)
    mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        precondition(n <= size &- position, "FrameWriter: a write past the frame")
        if n > 0 { (base + position).update(from: bytes.baseAddress!, count: n) }
        position &+= n
    }

    mutating func raw(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { raw($0) } }

    /// A u16 length and the string's wire bytes; the length was checked by
    /// ``sizeOfString(_:_:)``.
    @inline(__always)
    mutating func string(_ s: RMTPString) {
        s.withWireBytes { b in
            u16(UInt16(truncatingIfNeeded: b.count))
            raw(b)
        }
    }

    /// A protobuf payload of `count` bytes, written in place by `write`: the last field of a
    /// frame (the slack past the frame is what ``WireWriter`` needs).
    @inline(__always)
    mutating func payload(count: Int, _ write: (inout WireWriter) -> Void) {
        precondition(count == size &- position, "FrameWriter: the payload is not the rest of the frame")
        WireWriter.write(into: base + position, size: count, write)
        position &+= count
    }

    /// The size of a header string with its u16 length; `CodecError.Code.sizeLimit` above
    /// 65,535 bytes.
    @inline(__always)
    static func sizeOfString(_ s: RMTPString, _ field: StaticString) throws(CodecError) -> Int {
        let n = s.wireCount
        guard n <= Int(UInt16.max) else {
            throw CodecError(.sizeLimit, "\(field) is \(n) bytes; a header string holds at most 65535")
        }
        return 2 + n
    }
}
