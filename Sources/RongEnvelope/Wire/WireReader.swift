// Sources/RongEnvelope/Wire/WireReader.swift - a bounds-checked protobuf wire scanner

/// Why a payload is not a protobuf encoding. Every case becomes
/// `CodecError.Code.protobufDecoding`. The cases are named, and raised where, as SwiftProtobuf's
/// `BinaryDecodingError`, so both paths give the same error text.
enum WireError: Error, Equatable {
    /// A field, varint or group ends past the payload.
    case truncated
    /// A tag, varint or length the encoding does not allow.
    case malformedProtobuf
    /// A string field that is not UTF-8.
    case invalidUTF8
    /// Sub-messages and groups nested deeper than the limit.
    case messageDepthLimit
}

/// Reads protobuf wire format (protobuf.dev/programming-guides/encoding) from borrowed bytes.
///
/// It accepts exactly what SwiftProtobuf's binary decoder accepts, so that the hot bodies read
/// here and the other bodies read there are one codec: tags of at most five bytes whose field
/// number is not 0 and wire type is 0...5 (an end-group tag only closes the group it belongs
/// to); varints of at most ten bytes, bits past 64 dropped; lengths below 2^31 that fit the
/// bytes left; groups of unknown fields skipped with their nesting counted against the depth
/// budget. Every read checks the bounds first, so no input traps.
struct WireReader: ~Copyable {
    /// The default nesting budget, as SwiftProtobuf's `messageDepthLimit`.
    static let depthLimit = 100

    private let base: UnsafeRawBufferPointer
    private(set) var offset: Int
    private let end: Int
    /// What is left of the nesting budget: each message and each skipped group takes one.
    var budget: Int

    /// A reader of `bytes[start..<end]` with `budget` nesting left.
    init(_ bytes: UnsafeRawBufferPointer, start: Int = 0, end: Int? = nil, budget: Int = WireReader.depthLimit) {
        base = bytes
        offset = start
        self.end = end ?? bytes.count
        self.budget = budget
    }

    var isAtEnd: Bool { offset >= end }

    /// Takes one level of the nesting budget (a message being entered).
    mutating func enter() throws(WireError) {
        budget -= 1
        if budget < 0 { throw .messageDepthLimit }
    }

    /// The next tag of a message's field sequence: (field number, wire type). Follows the fast
    /// tag path of SwiftProtobuf's decoder: at most five bytes, the fifth below 16.
    @inline(__always)
    mutating func tag() throws(WireError) -> (field: Int, wireType: UInt8) {
        // Inlined for the one-byte tags of fields 1-15 (a compare and two masks); longer
        // tags, and what is not a tag, out of line.
        let c0 = base[offset]
        let wireType = c0 & 7
        if c0 < 0x80, c0 >= 8, wireType < 6, wireType != 4 {
            offset &+= 1
            return (Int(c0 >> 3), wireType)
        }
        return try longTag()
    }

    @inline(never)
    private mutating func longTag() throws(WireError) -> (field: Int, wireType: UInt8) {
        let c0 = base[offset]
        let wireType = c0 & 7
        guard wireType < 6 else { throw .malformedProtobuf }
        var field = Int(c0 & 0x7F) >> 3
        var i = offset + 1
        if c0 & 0x80 != 0 {
            var shift = 4
            while true {
                guard i < end else { throw .malformedProtobuf }
                let c = base[i]
                i += 1
                if shift == 25 {
                    guard c <= 15 else { throw .malformedProtobuf }
                    field |= Int(c) << 25
                    break
                }
                field |= Int(c & 0x7F) << shift
                if c & 0x80 == 0 { break }
                shift += 7
            }
        }
        offset = i
        // An end-group tag outside a group, or field number 0, is not a field.
        guard field != 0, wireType != 4 else { throw .malformedProtobuf }
        return (field, wireType)
    }

    /// A varint of at most ten bytes; bits past the 64th are dropped.
    @inline(__always)
    mutating func varint() throws(WireError) -> UInt64 {
        guard offset < end else { throw .truncated }
        let c0 = base[offset]
        offset += 1
        if c0 < 0x80 { return UInt64(c0) }
        var value = UInt64(c0 & 0x7F)
        var shift: UInt64 = 7
        while true {
            guard offset < end, shift <= 63 else { throw .malformedProtobuf }
            let c = base[offset]
            offset += 1
            value |= UInt64(c & 0x7F) &<< shift
            if c < 0x80 { return value }
            shift += 7
        }
    }

    /// The body of a length-delimited field: its range in the bytes, which the reader moves past.
    @inline(__always)
    mutating func lengthDelimited() throws(WireError) -> Range<Int> {
        let length = try varint()
        guard length < 0x7FFF_FFFF else { throw .malformedProtobuf }
        guard length <= UInt64(end - offset) else { throw .truncated }
        let start = offset
        offset += Int(length)
        return start..<offset
    }

    /// A string field: validated UTF-8 (an invalid sequence is an error, not a replacement).
    mutating func string() throws(WireError) -> String {
        let range = try lengthDelimited()
        if range.isEmpty { return "" }
        // WireUTF8: the standard library's validator's verdict at a fraction of its cost on
        // ASCII ids and CJK text, and the string made without validating it again.
        guard let s = WireUTF8.string(UnsafeRawBufferPointer(rebasing: base[range])) else { throw .invalidUTF8 }
        return s
    }

    /// A string field the value does not keep: checked as ``string()`` checks it (length and
    /// UTF-8), nothing made.
    mutating func checkString() throws(WireError) {
        let range = try lengthDelimited()
        if !range.isEmpty, WireUTF8.check(UnsafeRawBufferPointer(rebasing: base[range])) == nil { throw .invalidUTF8 }
    }

    /// A bytes field, copied out.
    mutating func bytes() throws(WireError) -> [UInt8] {
        let range = try lengthDelimited()
        return [UInt8](UnsafeRawBufferPointer(rebasing: base[range]))
    }

    /// The bytes of `range` (from ``lengthDelimited()``), for a sub-message's reader.
    func sub(_ range: Range<Int>) -> WireReader {
        WireReader(base, start: range.lowerBound, end: range.upperBound, budget: budget)
    }

    /// Skips a field the body does not take (an unknown number, or a known one with another wire
    /// type), checking that it is well formed.
    mutating func skip(field: Int, wireType: UInt8) throws(WireError) {
        switch wireType {
        case 0: _ = try varint()
        case 1: try advance(8)
        case 2:
            // No 2 GB check here: SwiftProtobuf skips an unknown field's length without one.
            let length = try varint()
            guard length <= UInt64(end - offset) else { throw .truncated }
            offset += Int(length)
        case 5: try advance(4)
        case 3: try skipGroup(field: field)
        default: throw .truncated  // an end-group tag here; tag() lets none through
        }
    }

    private mutating func advance(_ n: Int) throws(WireError) {
        guard end - offset >= n else { throw .truncated }
        offset += n
    }

    /// Skips a group up to its end tag. Tags inside a group are read as a plain varint (below
    /// 2^32 - 1, field number not 0, wire type 0...5), as SwiftProtobuf reads them there.
    private mutating func skipGroup(field: Int) throws(WireError) {
        budget -= 1
        if budget < 0 { throw .messageDepthLimit }
        while true {
            guard offset < end else { throw .truncated }
            let t = try varint()
            guard t < UInt64(UInt32.max), t >> 3 != 0, t & 7 < 6 else { throw .malformedProtobuf }
            let innerField = Int(t >> 3)
            let innerType = UInt8(t & 7)
            if innerType == 4 {
                guard innerField == field else { throw .malformedProtobuf }
                budget += 1
                return
            }
            try skip(field: innerField, wireType: innerType)
        }
    }
}
