// Sources/RongEnvelope/Packets/RMTPString.swift - the length-prefixed header string (CESU-8 or UTF-8)

import RongCodec

/// A string in an RMTP variable header: topic, targetId, userId, messageUId, CONNECT fields.
///
/// On the wire it is a u16 big-endian byte length and the bytes. The official Web SDK writers
/// (WEBv2 `BinaryHelper.writeUTF`, ENGINE `writeUTF`) encode each UTF-16 code unit on its own, so
/// a character outside the BMP becomes two 3-byte surrogate sequences (CESU-8) rather than one
/// 4-byte UTF-8 sequence. RongWire writes that form by default and reads both.
///
/// A value decoded from bytes that are not the canonical CESU-8 form of its text (4-byte UTF-8
/// sequences, or a mix of both forms) remembers those bytes, so re-encoding a decoded packet gives
/// the same bytes. Equality compares the text and, for such values, the bytes.
public struct RMTPString: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The decoded text.
    public let text: String
    /// The exact wire bytes when they differ from `cesu8(text)`; nil for the canonical form.
    private let exactBytes: [UInt8]?

    /// A string written in the canonical (CESU-8) form.
    public init(_ text: String) {
        self.text = text
        self.exactBytes = nil
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// A string written as standard UTF-8 (4-byte sequences for characters outside the BMP), the
    /// form some non-JavaScript peers send.
    public init(utf8 text: String) {
        self.text = text
        let utf8 = Array(text.utf8)
        self.exactBytes = utf8 == Self.cesu8(text) ? nil : utf8
    }

    /// Decodes wire bytes (without the length prefix). Accepts well-formed UTF-8 and CESU-8
    /// surrogate pairs, also mixed; anything else is `CodecError.Code.invalidString` with the
    /// offset inside the string.
    public init(wireBytes: some Collection<UInt8>) throws(CodecError) {
        // Checked where the bytes are (usually a slice of the frame); copied only when the exact
        // bytes must be kept.
        let checked: Result<RMTPString, CodecError>? = wireBytes.withContiguousStorageIfAvailable { b in
            Result { () throws(CodecError) in try RMTPString(checking: b) }
        }
        if let checked {
            self = try checked.get()
        } else {
            self = try Array(wireBytes).withUnsafeBufferPointer { b in
                Result { () throws(CodecError) in try RMTPString(checking: b) }
            }.get()
        }
    }

    /// Decodes wire bytes in memory (see ``init(wireBytes:)``): what ``Packet/decode(_:from:protocol:)-([UInt8],_,_)``
    /// calls for each header string, with the string's bytes where they are in the frame.
    init(checking bytes: UnsafeBufferPointer<UInt8>) throws(CodecError) {
        // Topics, ids and user ids are ASCII: then the text is the bytes, canonical, with nothing
        // to validate (eight bytes at a time; `String(decoding:)` is cheap on ASCII).
        if Self.isASCII(bytes) {
            text = String(decoding: bytes, as: UTF8.self)
            exactBytes = nil
            return
        }
        let scan = try Self.validate(bytes)
        // Plain UTF-8 (the common case, and always for ASCII topics and ids) is the text as is.
        text = scan.hasSurrogatePair ? scan.text : String(decoding: bytes, as: UTF8.self)
        exactBytes = scan.hasFourByte ? Array(bytes) : nil
    }

    /// Checks wire bytes as ``init(checking:)`` does (the same errors) without making the text.
    @inline(__always)
    static func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(CodecError) {
        if !isASCII(bytes) { _ = try validate(bytes) }
    }

    /// The string of ASCII bytes (``isASCII(_:)`` said so): the text is the bytes, canonical.
    @inline(__always)
    init(ascii bytes: UnsafeBufferPointer<UInt8>) {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            text = String(copying: UTF8Span(unchecked: Span<UInt8>(_unsafeElements: bytes), isKnownASCII: true))
        } else {
            text = String(decoding: bytes, as: UTF8.self)
        }
        exactBytes = nil
    }

    /// The string of bytes ``check(_:)`` accepted (a ``PacketView``'s header strings). Should
    /// they have changed since (the view's ownership rule broken), the text is what
    /// `String(decoding:)` makes of them rather than a trap.
    init(checked bytes: UnsafeBufferPointer<UInt8>) {
        if Self.isASCII(bytes) {
            self.init(ascii: bytes)
        } else {
            self = (try? RMTPString(checking: bytes)) ?? RMTPString(String(decoding: bytes, as: UTF8.self))
        }
    }

    @inline(__always)
    static func isASCII(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = b.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var i = 0
        var high: UInt64 = 0
        while i &+ 8 <= b.count {
            high |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i &+= 8
        }
        while i < b.count {
            high |= UInt64(b[i])
            i &+= 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The bytes written after the length prefix.
    public var wireBytes: [UInt8] { exactBytes ?? Self.cesu8(text) }

    /// The number of bytes written after the length prefix, without making them: the exact
    /// bytes', or CESU-8's (the text's UTF-8 and two more bytes per 4-byte sequence).
    var wireCount: Int {
        if let exactBytes { return exactBytes.count }
        return text.utf8.count &+ 2 &* Self.fourByteLeads(text)
    }

    /// Calls `body` with the bytes written after the length prefix: the text's own UTF-8 when
    /// that is the canonical form (no 4-byte sequences), without a copy.
    @inline(__always)
    func withWireBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let exactBytes { return exactBytes.withUnsafeBufferPointer(body) }
        if Self.fourByteLeads(text) == 0, let r = text.utf8.withContiguousStorageIfAvailable(body) { return r }
        return Self.cesu8(text).withUnsafeBufferPointer(body)
    }

    /// How many bytes of the text's UTF-8 start a 4-byte sequence (a character outside the BMP,
    /// two surrogates in CESU-8). ASCII, what topics and ids are, is checked eight bytes at a time.
    @inline(__always)
    static func fourByteLeads(_ text: String) -> Int {
        let counted = text.utf8.withContiguousStorageIfAvailable { b -> Int in
            if isASCII(b) { return 0 }
            var n = 0
            for x in b where x >= 0xF0 { n &+= 1 }
            return n
        }
        return counted ?? text.utf8.reduce(0) { $0 + ($1 >= 0xF0 ? 1 : 0) }
    }

    /// Whether the wire bytes are the canonical CESU-8 form of ``text``.
    public var isCanonical: Bool { exactBytes == nil }

    public var description: String { text }

    /// CESU-8: every UTF-16 code unit as a 1-, 2- or 3-byte sequence (surrogates included), the
    /// way WEBv2 and ENGINE `writeUTF` do it. U+0000 is the single byte 0x00 (unlike Java's
    /// modified UTF-8).
    public static func cesu8(_ text: String) -> [UInt8] {
        // Without 4-byte UTF-8 sequences there are no surrogates: CESU-8 equals UTF-8.
        if !text.utf8.contains(where: { $0 >= 0xF0 }) { return Array(text.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 4)
        for unit in text.utf16 {
            switch unit {
            case 0..<0x80:
                out.append(UInt8(unit))
            case 0x80..<0x800:
                out.append(0xC0 | UInt8(unit >> 6))
                out.append(0x80 | UInt8(unit & 0x3F))
            default:
                out.append(0xE0 | UInt8(unit >> 12))
                out.append(0x80 | UInt8((unit >> 6) & 0x3F))
                out.append(0x80 | UInt8(unit & 0x3F))
            }
        }
        return out
    }

    private struct Scan {
        var hasFourByte = false
        var hasSurrogatePair = false
        /// Built only once a surrogate pair is seen (String(decoding:) is faster otherwise).
        var text = ""
    }

    private static func invalid(_ reason: String, at offset: Int) -> CodecError {
        CodecError(.invalidString, reason, offset: offset)
    }

    /// One pass over the bytes: checks every sequence is a shortest-form UTF-8 sequence or a
    /// high-surrogate 3-byte sequence directly followed by a low-surrogate one.
    private static func validate(_ b: UnsafeBufferPointer<UInt8>) throws(CodecError) -> Scan {
        var scan = Scan()
        var scalars = String.UnicodeScalarView()
        var i = 0
        let n = b.count
        func continuation(_ j: Int) -> UInt32? {
            guard j < n, b[j] & 0xC0 == 0x80 else { return nil }
            return UInt32(b[j] & 0x3F)
        }
        while i < n {
            let lead = b[i]
            var scalar: UInt32
            var length: Int
            switch lead {
            case 0x00...0x7F:
                scalar = UInt32(lead)
                length = 1
            case 0xC2...0xDF:
                guard let c1 = continuation(i + 1) else { throw invalid("cut or malformed 2-byte sequence", at: i) }
                scalar = UInt32(lead & 0x1F) << 6 | c1
                length = 2
            case 0xE0...0xEF:
                guard let c1 = continuation(i + 1), let c2 = continuation(i + 2) else {
                    throw invalid("cut or malformed 3-byte sequence", at: i)
                }
                scalar = UInt32(lead & 0x0F) << 12 | c1 << 6 | c2
                length = 3
                if scalar < 0x800 { throw invalid("overlong 3-byte sequence", at: i) }
                if (0xDC00...0xDFFF).contains(scalar) { throw invalid("low surrogate without a high surrogate", at: i) }
                if (0xD800...0xDBFF).contains(scalar) {
                    // CESU-8: the low surrogate must follow as the next 3-byte sequence.
                    guard i + 3 < n, b[i + 3] == 0xED, let d1 = continuation(i + 4), let d2 = continuation(i + 5) else {
                        throw invalid("high surrogate without a low surrogate", at: i)
                    }
                    let low = 0xD000 | d1 << 6 | d2
                    guard (0xDC00...0xDFFF).contains(low) else { throw invalid("high surrogate without a low surrogate", at: i) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    length = 6
                    if !scan.hasSurrogatePair {
                        scan.hasSurrogatePair = true
                        scalars.append(contentsOf: String(decoding: b[0..<i], as: UTF8.self).unicodeScalars)
                    }
                }
            case 0xF0...0xF4:
                guard let c1 = continuation(i + 1), let c2 = continuation(i + 2), let c3 = continuation(i + 3) else {
                    throw invalid("cut or malformed 4-byte sequence", at: i)
                }
                scalar = UInt32(lead & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
                length = 4
                guard (0x10000...0x10FFFF).contains(scalar) else {
                    throw invalid(scalar < 0x10000 ? "overlong 4-byte sequence" : "code point above U+10FFFF", at: i)
                }
                scan.hasFourByte = true
            default:
                throw invalid("byte 0x\(String(lead, radix: 16)) cannot start a character", at: i)
            }
            if scan.hasSurrogatePair {
                // Validated above: every value here is a Unicode scalar.
                scalars.append(Unicode.Scalar(scalar)!)
            }
            i += length
        }
        if scan.hasSurrogatePair { scan.text = String(scalars) }
        return scan
    }
}
