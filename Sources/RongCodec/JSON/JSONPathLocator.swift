// Sources/RongCodec/JSON/JSONPathLocator.swift - turns a byte offset into a JSON path

/// Computes the JSON path (`$.user.id`, `$.nameList[2]`, `$["a b"]`) of the value at a byte
/// offset.
///
/// Decoders record only the offset of an error; the path is rebuilt here, on the error path
/// only, by walking the input again up to that offset. Keeping no path stack while decoding
/// keeps the success path free of allocations. The walk tolerates any bytes: input past the
/// error may be broken.
///
/// The notation is ``JSONPath``'s. A path deeper than 24 levels keeps its first and last 8
/// levels with `…N levels…` between them: `…` can start no member, so the marker is never
/// mistaken for a key.
enum JSONPathLocator {
    private enum Frame {
        case object(key: String?, awaitingKey: Bool)
        case array(index: Int)
        case elided(levels: Int)
    }

    static func path(in bytes: UnsafeRawBufferPointer, at offset: Int) -> String {
        var stack: [Frame] = []
        var i = 0
        let limit = min(offset, bytes.count)
        while i <= limit && i < bytes.count {
            let b = bytes[i]
            if i == limit {
                // A key starting exactly at the offset belongs to the path (duplicate keys).
                if b == asciiQuote, case .object(_, true)? = stack.last {
                    let (s, _) = readString(bytes, from: i)
                    stack[stack.count - 1] = .object(key: s, awaitingKey: false)
                }
                break
            }
            switch b {
            case asciiOpenBrace:
                stack.append(.object(key: nil, awaitingKey: true))
                i += 1
            case asciiOpenBracket:
                stack.append(.array(index: 0))
                i += 1
            case asciiCloseBrace, asciiCloseBracket:
                if !stack.isEmpty { stack.removeLast() }
                i += 1
            case asciiComma:
                switch stack.last {
                case .array(let n)?: stack[stack.count - 1] = .array(index: n + 1)
                case .object?: stack[stack.count - 1] = .object(key: nil, awaitingKey: true)
                case .elided?, nil: break
                }
                i += 1
            case asciiQuote:
                let (s, end) = readString(bytes, from: i)
                if case .object(_, true)? = stack.last {
                    stack[stack.count - 1] = .object(key: s, awaitingKey: false)
                }
                i = end
            default:
                i += 1
            }
        }
        // Hostile nesting would make a path as long as the input: keep both ends.
        if stack.count > 24 {
            let elided = stack.count - 16
            stack = Array(stack.prefix(8)) + [.elided(levels: elided)] + Array(stack.suffix(8))
        }
        var path = "$"
        for frame in stack {
            switch frame {
            case .object(let key?, _): path = JSONPath.member(path, key)
            case .object(nil, _): break
            case .array(let n): path = JSONPath.element(path, n)
            case .elided(let n): path += "…\(n) levels…"
            }
        }
        return path
    }

    /// Reads a string token leniently; returns its text (escapes decoded; malformed ones kept as
    /// written, a bad `\u` escape as U+FFFD) and the index after the closing quote (or the end of
    /// input).
    private static func readString(_ bytes: UnsafeRawBufferPointer, from start: Int) -> (String, Int) {
        var i = start + 1
        var out: [UInt8] = []
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            var v: UInt32 = 0
            for k in 0..<4 {
                guard let h = hexValue(bytes[at + k]) else { return nil }
                v = v << 4 | h
            }
            return v
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == asciiQuote { return (String(decoding: out, as: UTF8.self), i + 1) }
            guard b == asciiBackslash, i + 1 < bytes.count else {
                out.append(b)
                i += 1
                continue
            }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(i) else {
                    out += [asciiBackslash, e]
                    continue
                }
                i += 4
                if (0xD800...0xDBFF).contains(scalar), i + 1 < bytes.count, bytes[i] == asciiBackslash,
                    bytes[i + 1] == UInt8(ascii: "u"), let low = hex4(i + 2), (0xDC00...0xDFFF).contains(low)
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                out += Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
            default: out.append(e)  // \" \\ \/ (and anything else, kept as written)
            }
        }
        return (String(decoding: out, as: UTF8.self), i)
    }

    /// The offset of the value of the `member`-th member (from 0) of the object that starts at
    /// `objectAt` (whitespace before it allowed), or of that value's `element`-th element when it
    /// is an array. For decoders that check a member's value after reading the whole object, so
    /// that the error points at the value instead of its container. Error path only; falls back
    /// to `objectAt` when the bytes do not have that shape.
    static func valueOffset(in bytes: UnsafeRawBufferPointer, objectAt: Int, member: Int, element: Int? = nil) -> Int {
        var s = JSONScanner(source: bytes, maxDepth: DecodingOptions.maximumDepthLimit)
        s.index = objectAt
        do throws(CodecError) {
            try s.beginObject()
            var first = true
            for k in 0...member {
                guard try s.nextKey(first: &first) != nil else { return objectAt }
                if k < member { _ = try s.readValue() }
            }
            guard let element else { return s.peek() == nil ? objectAt : s.index }
            try s.beginArray()
            var firstElement = true
            for k in 0...element {
                guard try s.nextElement(first: &firstElement) else { return objectAt }
                if k < element { _ = try s.readValue() }
            }
            return s.peek() == nil ? objectAt : s.index
        } catch {
            return objectAt
        }
    }

    /// Maps an offset into the unescaped text of the JSON string that starts (at its quote) at
    /// `stringAt` to the offset in `bytes` of the character or escape that produced it. Used for
    /// errors inside double-encoded content, whose inner offsets are into the unescaped text.
    /// The string was validated by the scanner before.
    static func outerOffset(ofUnescaped target: Int, inStringAt stringAt: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        func hex4(_ at: Int) -> UInt32 {
            guard at + 4 <= bytes.count else { return 0xFFFD }
            var v: UInt32 = 0
            for k in 0..<4 { v = v << 4 | (hexValue(bytes[at + k]) ?? 0) }
            return v
        }
        var i = stringAt + 1
        var produced = 0
        while i < bytes.count && bytes[i] != asciiQuote {
            var length = 1  // bytes of unescaped text this step produces
            var width = 1  // bytes of input it consumes
            if bytes[i] == asciiBackslash {
                width = 2
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") {
                    var scalar = hex4(i + 2)
                    width = 6
                    if (0xD800...0xDBFF).contains(scalar), i + 7 < bytes.count, bytes[i + 6] == asciiBackslash,
                        bytes[i + 7] == UInt8(ascii: "u"), case let low = hex4(i + 8), (0xDC00...0xDFFF).contains(low)
                    {
                        scalar = 0x10000
                        width = 12
                    } else if (0xD800...0xDFFF).contains(scalar) {
                        scalar = 0xFFFD  // a lone surrogate read as U+FFFD
                    }
                    length = scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
                }
            }
            if produced + length > target { return i }
            produced += length
            i += width
        }
        return i
    }
}
