// Sources/RongCodec/Content/DecodedContent.swift - what decoding by objectName gives: a typed value or the bytes

/// The result of decoding content by objectName: a typed value or, for an unregistered
/// objectName, the untouched bytes.
public enum DecodedContent: Hashable, Sendable {
    /// A registered type decoded the content.
    case typed(AnyMessageContent)
    /// No registered type claims the objectName.
    case unknown(UnknownContent)

    /// The objectName: the type's canonical one, or the unknown one as received.
    public var objectName: String {
        switch self {
        case .typed(let c): c.objectName
        case .unknown(let u): u.objectName
        }
    }

    /// The typed value, if any.
    public var typed: (any MessageContent)? {
        if case .typed(let c) = self { return c.base }
        return nil
    }

    /// Canonical bytes for typed content (see ``MessageContent/jsonBytes(maxBytes:maxDepth:)``
    /// for the limits); the original bytes for unknown content.
    public func jsonBytes(maxBytes: Int = DecodingOptions.protocolContentLimit, maxDepth: Int = 64) throws(CodecError) -> [UInt8] {
        switch self {
        case .typed(let c): try c.base.jsonBytes(maxBytes: maxBytes, maxDepth: maxDepth)
        case .unknown(let u): u.bytes
        }
    }

    /// The persistence flag of the typed content's type; nil for unknown content.
    public var persistence: PersistenceFlag? {
        switch self {
        case .typed(let c): type(of: c.base).persistence
        case .unknown: nil
        }
    }

    /// The attributes of the typed content's type (command, media); nil for unknown content,
    /// whose type the codec does not know.
    public var attributes: ContentAttributes? {
        switch self {
        case .typed(let c): type(of: c.base).attributes
        case .unknown: nil
        }
    }
}

/// Content whose objectName no registered type claims. Its bytes are kept untouched, so a relay
/// forwards it unchanged; the receiving side may know the type.
public struct UnknownContent: Hashable, Sendable {
    /// The objectName as received.
    public var objectName: String
    /// The content bytes exactly as received.
    public var bytes: [UInt8]

    /// Wraps content bytes of an unregistered type.
    public init(objectName: String, bytes: [UInt8]) {
        self.objectName = objectName
        self.bytes = bytes
    }

    /// The content parsed as JSON (strictly, with `options`), when it is JSON.
    public func jsonValue(options: DecodingOptions = .default) throws(CodecError) -> JSONValue {
        try JSONValue(parsing: bytes, options: options)
    }
}

/// A content value of any registered type, usable where the type is only known at run time.
public struct AnyMessageContent: Hashable, Sendable {
    /// The wrapped value.
    public let base: any MessageContent

    /// Wraps a value.
    public init(_ base: consuming some MessageContent) { self.base = base }

    /// The objectName of the wrapped value's type.
    public var objectName: String { type(of: base).objectName }

    public static func == (lhs: AnyMessageContent, rhs: AnyMessageContent) -> Bool { lhs.base.isEqual(to: rhs.base) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: base)))
        hasher.combine(base)
    }
}
