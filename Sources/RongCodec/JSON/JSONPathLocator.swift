// Sources/RongCodec/JSON/JSONPathLocator.swift - turns a byte offset into a JSON path

/// Computes the JSON path (`$.user.id`, `$.nameList[2]`) of the value at a byte offset.
///
/// Decoders record only the offset of an error; the path is rebuilt here, on the error path
/// only, by walking the input again up to that offset. Keeping no path stack while decoding
/// keeps the success path free of allocations. The walk tolerates any bytes: input past the
/// error may be broken.
enum JSONPathLocator {
    private enum Frame {
        case object(key: String?, awaitingKey: Bool)
        case array(index: Int)
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
                case nil: break
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
            stack = Array(stack.prefix(8)) + [.object(key: "…\(elided) levels…", awaitingKey: false)] + Array(stack.suffix(8))
        }
        var path = "$"
        for frame in stack {
            switch frame {
            case .object(let key?, _):
                if isIdentifier(key) { path += "." + key } else { path += "[\"" + key + "\"]" }
            case .object(nil, _): break
            case .array(let n): path += "[\(n)]"
            }
        }
        return path
    }

    /// Reads a string token leniently; returns its text (escapes decoded best-effort) and the
    /// index after the closing quote (or the end of input).
    private static func readString(_ bytes: UnsafeRawBufferPointer, from start: Int) -> (String, Int) {
        var i = start + 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if b == asciiQuote { return (String(decoding: out, as: UTF8.self), i + 1) }
            if b == asciiBackslash && i + 1 < bytes.count {
                out.append(bytes[i + 1] == asciiQuote || bytes[i + 1] == asciiBackslash ? bytes[i + 1] : b)
                if bytes[i + 1] != asciiQuote && bytes[i + 1] != asciiBackslash { out.append(bytes[i + 1]) }
                i += 2
                continue
            }
            out.append(b)
            i += 1
        }
        return (String(decoding: out, as: UTF8.self), i)
    }

    private static func isIdentifier(_ s: String) -> Bool {
        guard let f = s.utf8.first, !isDigit(f) else { return false }
        return s.utf8.allSatisfy { isDigit($0) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
    }
}
