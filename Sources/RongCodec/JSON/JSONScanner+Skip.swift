// Sources/RongCodec/JSON/JSONScanner+Skip.swift - moving over a value without building it

extension JSONScanner {
    /// Moves past one value of any type, checking it as ``readValue()`` does but building
    /// nothing: how a ``ContentView`` steps over the members it is not asked for.
    mutating func skipValue() throws(CodecError) {
        guard let b = peek() else { throw error(.truncated, "input ended; expected a value") }
        switch b {
        case asciiOpenBrace:
            try beginObject()
            var first = true
            while try nextKey(first: &first) != nil { try skipValue() }
        case asciiOpenBracket:
            try beginArray()
            var first = true
            while try nextElement(first: &first) { try skipValue() }
        case asciiQuote: _ = try scanString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try scanBool()
        case UInt8(ascii: "n"): _ = try scanNullIfPresent()
        case asciiMinus, asciiZero...asciiNine: _ = try scanNumber()
        default: throw unexpected("a value")
        }
    }
}
