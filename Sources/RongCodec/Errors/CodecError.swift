// Sources/RongCodec/Errors/CodecError.swift - the one public error type of RongWire

/// An error thrown by any RongWire decoder or encoder.
///
/// Every error carries a stable ``code`` (what went wrong), a human ``reason``, and where it
/// happened: the byte ``offset`` into the input (for an encoder: into the output written so
/// far) and, for JSON content, the JSON ``path`` (`$.user.id`).
///
/// Match on the ``code``: `catch let e where e.code == .duplicateKey`. The error itself is not
/// `Equatable`: two errors are not "the same" because their codes agree (they may point at
/// different bytes), and a reason or a source line is no part of identity either. Codes are
/// minted only by RongWire's modules; ``CodecError/Code`` lists those of the content codec.
public struct CodecError: Error, Sendable, CustomStringConvertible {
    /// What kind of error happened. New codes can be added without breaking source
    /// compatibility, so switch over codes with a `default` case.
    public var code: Code
    /// A human-readable explanation. Not stable: do not match on it.
    public var reason: String
    /// The byte offset into the input where the problem was detected, if known.
    public var offset: Int?
    /// The JSON path of the value at fault, if known: `$`, `$.user.id`, `$.nameList[2]`, or
    /// `$["a b"]` for a key that is not an identifier (ASCII letters, digits, `_` and `$`, not
    /// starting with a digit), written as a JSON string (CONTENT-PATH-001). A path deeper
    /// than 24 levels shows its first and last 8 levels with `…N levels…` between them. For
    /// double-encoded content (a JSON string holding the object) the path is inside the held
    /// object, and ``offset`` is that of the character or escape in the input that produced the
    /// value.
    public var path: String?
    /// Source location in RongWire that raised the error (for bug reports).
    public var file: String
    /// Source line in RongWire that raised the error.
    public var line: UInt

    /// Creates an error with a code and optional details.
    public init(
        _ code: Code,
        _ reason: String = "",
        offset: Int? = nil,
        path: String? = nil,
        file: String = #fileID,
        line: UInt = #line
    ) {
        self.code = code
        self.reason = reason
        self.offset = offset
        self.path = path
        self.file = file
        self.line = line
    }

    /// `error[code]: reason (at $.path, byte N)`, the form the CLI prints.
    public var description: String {
        var s = "error[\(code.rawValue)]: \(reason.isEmpty ? code.summary : reason)"
        var location: [String] = []
        if let path { location.append("at \(path)") }
        if let offset { location.append("byte \(offset)") }
        if !location.isEmpty { s += " (" + location.joined(separator: ", ") + ")" }
        return s
    }
}

extension CodecError {
    /// A stable error code. The raw value is the identifier printed as `error[<rawValue>]`
    /// and used in conformance vectors; it never changes once released.
    ///
    /// Only RongWire mints codes: the content codec's are below, the envelope layer's are
    /// declared in RongEnvelope. A library user compares codes, and throws RongWire's codes from
    /// a custom type's decoder, but cannot make new ones.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The stable identifier (`duplicateKey`).
        public let rawValue: String
        /// A code named `rawValue`; for RongWire's modules, which declare each code once as a
        /// static constant.
        package init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// One-line summary used when an error has no specific reason.
        public var summary: String { Self.summaries[rawValue] ?? rawValue }

        // MARK: JSON syntax (RFC 8259)

        /// The input ended in the middle of a value.
        public static let truncated = Code("truncated")
        /// A byte that cannot start or continue the JSON grammar at this point.
        public static let unexpectedByte = Code("unexpectedByte")
        /// A comma directly before `}` or `]`.
        public static let trailingComma = Code("trailingComma")
        /// Non-whitespace bytes after the top-level value.
        public static let trailingGarbage = Code("trailingGarbage")
        /// A string holds bytes that are not well-formed UTF-8.
        public static let invalidUTF8 = Code("invalidUTF8")
        /// A string holds an unescaped control character (U+0000 to U+001F).
        public static let controlCharacter = Code("controlCharacter")
        /// A backslash escape that JSON does not define, or a malformed `\u` escape.
        public static let invalidEscape = Code("invalidEscape")
        /// A `\u` escape of a UTF-16 surrogate that is not part of a valid pair.
        public static let loneSurrogate = Code("loneSurrogate")
        /// A number with a superfluous leading zero (`01`, `-00.5`).
        public static let leadingZero = Code("leadingZero")
        /// A number that does not follow the JSON number grammar.
        public static let malformedNumber = Code("malformedNumber")
        /// A number too large for a 64-bit float, or an integer field out of its range.
        public static let numberOutOfRange = Code("numberOutOfRange")
        /// The same key twice in one object.
        public static let duplicateKey = Code("duplicateKey")
        /// Objects and arrays nested deeper than the configured limit.
        public static let depthLimit = Code("depthLimit")
        /// Input (or output) larger than the configured size limit.
        public static let sizeLimit = Code("sizeLimit")

        // MARK: Content model

        /// A value has the wrong JSON type for its field, and no documented leniency applies.
        public static let typeMismatch = Code("typeMismatch")
        /// A field the type requires is absent or null.
        public static let missingRequiredField = Code("missingRequiredField")
        /// A value has the right type but is outside the field's domain.
        public static let invalidValue = Code("invalidValue")
        /// Zero-length content for a type that needs a JSON object.
        public static let emptyContent = Code("emptyContent")
        /// An objectName that breaks the naming rules (reserved prefix, length, characters).
        public static let invalidObjectName = Code("invalidObjectName")
        /// An objectName that is not registered, where a registered one is required.
        public static let unknownObjectName = Code("unknownObjectName")
        /// A custom type registered twice under one objectName.
        public static let duplicateRegistration = Code("duplicateRegistration")
        /// Strict mode only: the input is valid but not in normalized form.
        public static let notNormalized = Code("notNormalized")
        /// Encoding only: an unknown key (``MessageContent/unknownFields``, or those of `user`,
        /// `mentionedInfo`, an article) that the type decodes itself, a modelled key, an alias or
        /// `localPath`, so that the output would not read back as the same value.
        public static let unknownKeyConflict = Code("unknownKeyConflict")

        /// Codes about the meaning of well-formed JSON (as opposed to its syntax).
        static let semantic: Set<Code> = [.typeMismatch, .missingRequiredField, .invalidValue, .notNormalized, .numberOutOfRange]

        static let summaries: [String: String] = [
            "truncated": "input ended in the middle of a value",
            "unexpectedByte": "unexpected byte",
            "trailingComma": "trailing comma",
            "trailingGarbage": "bytes after the end of the value",
            "invalidUTF8": "invalid UTF-8",
            "controlCharacter": "unescaped control character in a string",
            "invalidEscape": "invalid escape sequence",
            "loneSurrogate": "unpaired UTF-16 surrogate escape",
            "leadingZero": "number with a leading zero",
            "malformedNumber": "malformed number",
            "numberOutOfRange": "number out of range",
            "duplicateKey": "duplicate key",
            "depthLimit": "nesting deeper than the depth limit",
            "sizeLimit": "larger than the size limit",
            "typeMismatch": "value has the wrong type",
            "missingRequiredField": "required field missing",
            "invalidValue": "value outside the field's domain",
            "emptyContent": "empty content",
            "invalidObjectName": "invalid objectName",
            "unknownObjectName": "objectName not registered",
            "duplicateRegistration": "objectName registered twice",
            "notNormalized": "input is not in normalized form",
            "unknownKeyConflict": "an unknown key is one the type decodes itself",
        ]
    }
}
