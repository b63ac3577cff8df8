// Sources/RongCodec/Catalog/Call/ContentDecoder+CallFields.swift - field readers shared by the call types

extension ContentDecoder {
    /// Reads a VoIP `mediaType`: an integer (1 audio, 2 video; WEBv2 `VoIPMediaType`, Android
    /// `CallMediaType`) in the `Int32` range. The third-party Go SDK sends the names `"audio"`
    /// and `"video"` (``Leniency/mediaTypeName``); a string holding an integer is accepted as
    /// ``Leniency/numericString``. Any other string is ``CodecError/Code/typeMismatch``.
    /// `null` gives nil.
    mutating func decodeCallMediaType() throws(CodecError) -> Int? {
        guard peekKind() == .string else { return try decodeInt() }
        let at = offset
        let text = try decodeInspectedString() ?? ""
        switch text {
        case "audio":
            try noteLeniency(.mediaTypeName, at: at)
            return 1
        case "video":
            try noteLeniency(.mediaTypeName, at: at)
            return 2
        default:
            // Same rule as `decodeInt(acceptNumericString:)`: the whole text is one JSON
            // integer, no surrounding whitespace (a JSON number starts and ends with a digit
            // or a leading minus).
            let bytes = Array(text.utf8)
            guard let first = bytes.first, let last = bytes.last,
                first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(last),
                case .number(let n)? = try? JSONValue(parsing: bytes), n.isIntegral
            else {
                throw CodecError(.typeMismatch, "expected a media type (an integer, \"audio\" or \"video\"), found \"\(text)\"", offset: at)
            }
            let range = ContentDecoder.defaultIntRange
            guard let v = n.int64Value, (Int64(range.lowerBound)...Int64(range.upperBound)).contains(v) else {
                throw CodecError(.numberOutOfRange, "media type \(n) is outside the 32-bit range", offset: at)
            }
            try noteLeniency(.numericString, at: at)
            return Int(v)
        }
    }

    /// Reads a field whose shape no source pins down (`subInfo`): any JSON value except
    /// `null`, which means absent.
    mutating func decodeOpenValue() throws(CodecError) -> JSONValue? {
        if try decodeNull() { return nil }
        return try decodeValue()
    }

    /// Reads an array whose elements have an open shape (`existedMemberStatusList`,
    /// `existedUserPofiles`). `null` gives nil; a value that is not an array is
    /// ``CodecError/Code/typeMismatch``.
    mutating func decodeOpenArray() throws(CodecError) -> [JSONValue]? {
        if try decodeNull() { return nil }
        guard peekKind() == .array else { throw typeMismatch("an array") }
        guard case .array(let a) = try decodeValue() else { return nil }
        return a
    }
}
