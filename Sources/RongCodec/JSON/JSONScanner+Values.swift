// Sources/RongCodec/JSON/JSONScanner+Values.swift - any value, as a JSONValue tree

extension JSONScanner {
    /// Reads any JSON value.
    mutating func readValue() throws(CodecError) -> JSONValue {
        guard let b = peek() else { throw error(.truncated, "input ended; expected a value") }
        switch b {
        case asciiOpenBrace: return .object(try readObject())
        case asciiOpenBracket:
            try beginArray()
            var elements: [JSONValue] = []
            var first = true
            while try nextElement(first: &first) { elements.append(try readValue()) }
            return .array(elements)
        case asciiQuote:
            let t = try scanString()
            return .string(makeString(t))
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try scanBool())
        case UInt8(ascii: "n"):
            _ = try scanNullIfPresent()
            return .null
        case asciiMinus, asciiZero...asciiNine: return .number(try scanNumber())
        default: throw unexpected("a value")
        }
    }

    /// Reads an object, rejecting duplicate keys.
    mutating func readObject() throws(CodecError) -> JSONObject {
        try beginObject()
        var object = JSONObject()
        var dedup = KeyDeduplicator()
        var first = true
        while true {
            guard let token = try nextKey(first: &first) else { break }
            let key = makeString(token)
            if !dedup.insert(key, existing: object) {
                throw error(.duplicateKey, "duplicate key \"\(key)\"", at: token.start - 1)
            }
            object.appendUnchecked(key, try readValue())
        }
        return object
    }

    /// Parses one complete JSON text (with size limit, depth limit and trailing-byte check).
    static func parse(_ bytes: UnsafeRawBufferPointer, options: DecodingOptions) throws(CodecError) -> JSONValue {
        if bytes.count > options.maxContentBytes {
            throw CodecError(.sizeLimit, "\(bytes.count) bytes exceed the limit of \(options.maxContentBytes)", offset: options.maxContentBytes)
        }
        var scanner = JSONScanner(source: bytes, maxDepth: options.maxDepth)
        scanner.replacesLoneSurrogates = options.replacesLoneSurrogates
        let value = try scanner.readValue()
        try scanner.expectEnd()
        return value
    }
}
