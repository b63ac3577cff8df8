// Sources/RongCodec/JSON/JSONScanner.swift - a strict RFC 8259 scanner over raw bytes

/// The raw bytes of a string token between its quotes.
struct StringToken {
    var start: Int
    var end: Int
    /// True when the token holds at least one backslash escape.
    var escaped: Bool
    /// True when the raw bytes hold a multi-byte UTF-8 character (escapes aside): the string
    /// made from an unescaped token is then not ASCII, and otherwise known to be.
    var nonASCII: Bool
}

/// A strict JSON scanner over a borrowed byte buffer.
///
/// Rejects everything RFC 8259 does not allow (comments, trailing commas, leading zeros,
/// unescaped control characters, invalid UTF-8, lone surrogate escapes, trailing bytes) with a
/// typed error at the offending byte offset. Accepts `\/`. Nesting is bounded by `maxDepth`.
/// The buffer must outlive the scanner: use it only inside `withUnsafeBytes`.
struct JSONScanner {
    let source: UnsafeRawBufferPointer
    var index: Int = 0
    var depth: Int = 0
    let maxDepth: Int
    /// See ``DecodingOptions/replacesLoneSurrogates``.
    var replacesLoneSurrogates = false

    init(source: UnsafeRawBufferPointer, maxDepth: Int) {
        self.source = source
        self.maxDepth = maxDepth
    }

    var isAtEnd: Bool { index >= source.count }

    // MARK: Errors

    @inline(never)
    func error(_ code: CodecError.Code, _ reason: String = "", at offset: Int? = nil) -> CodecError {
        CodecError(code, reason, offset: offset ?? index)
    }

    @inline(never)
    func unexpected(_ expected: String) -> CodecError {
        if isAtEnd { return error(.truncated, "input ended; expected \(expected)") }
        let b = source[index]
        if b == asciiSlash { return error(.unexpectedByte, "comments are not allowed in JSON") }
        if b >= 0x20 && b < 0x7F {
            return error(.unexpectedByte, "expected \(expected), found '\(Character(UnicodeScalar(b)))'")
        }
        return error(.unexpectedByte, "expected \(expected), found byte 0x\(String(b, radix: 16))")
    }

    // MARK: Whitespace and punctuation

    @inline(__always)
    mutating func skipWhitespace() {
        while index < source.count {
            switch source[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The next non-whitespace byte, not consumed; nil at the end.
    @inline(__always)
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < source.count ? source[index] : nil
    }

    /// Requires the whole input to be consumed but whitespace.
    mutating func expectEnd() throws(CodecError) {
        skipWhitespace()
        if !isAtEnd { throw error(.trailingGarbage, "unexpected bytes after the end of the JSON value") }
    }

    // MARK: Containers

    /// Consumes `{` and enters one nesting level.
    mutating func beginObject() throws(CodecError) {
        guard peek() == asciiOpenBrace else { throw unexpected("'{'") }
        try enter()
        index += 1
    }

    /// Consumes `[` and enters one nesting level.
    mutating func beginArray() throws(CodecError) {
        guard peek() == asciiOpenBracket else { throw unexpected("'['") }
        try enter()
        index += 1
    }

    @inline(__always)
    mutating func enter() throws(CodecError) {
        depth += 1
        if depth > maxDepth {
            throw error(.depthLimit, "nesting deeper than \(maxDepth) levels")
        }
    }

    /// Reads up to the next key of the current object and the `:` after it.
    /// Returns nil after consuming the closing `}`. `first` must start true for each object.
    mutating func nextKey(first: inout Bool) throws(CodecError) -> StringToken? {
        guard let b = peek() else { throw error(.truncated, "input ended inside an object") }
        if first {
            first = false
            if b == asciiCloseBrace {
                index += 1
                depth -= 1
                return nil
            }
        } else {
            if b == asciiCloseBrace {
                index += 1
                depth -= 1
                return nil
            }
            guard b == asciiComma else { throw unexpected("',' or '}'") }
            index += 1
            if peek() == asciiCloseBrace { throw error(.trailingComma, "trailing comma before '}'") }
        }
        guard peek() == asciiQuote else { throw unexpected("a string key") }
        let key = try scanString()
        guard peek() == asciiColon else { throw unexpected("':' after a key") }
        index += 1
        return key
    }

    /// Moves to the next element of the current array. Returns false after consuming `]`.
    mutating func nextElement(first: inout Bool) throws(CodecError) -> Bool {
        guard let b = peek() else { throw error(.truncated, "input ended inside an array") }
        if b == asciiCloseBracket {
            index += 1
            depth -= 1
            return false
        }
        if first {
            first = false
            return true
        }
        guard b == asciiComma else { throw unexpected("',' or ']'") }
        index += 1
        if peek() == asciiCloseBracket { throw error(.trailingComma, "trailing comma before ']'") }
        return true
    }
}
