// Sources/RongCodec/Content/MessageContent.swift - the protocol every content type conforms to

/// A typed message content: the JSON that travels in a message's `content`, with its
/// objectName and persistence flag.
///
/// Built-in types (``TextMessage``, ``ImageMessage``, ...) and user-registered custom types
/// conform. A conforming type decodes its own keys with a ``ContentDecoder`` and writes them with
/// a ``JSONWriter``; ``ContentCommon`` handles the shared keys and unknown keys:
///
/// ```swift
/// struct GiftMessage: MessageContent {
///     static let objectName = "App:GiftMsg"
///     static let persistence = PersistenceFlag.isCounted
///     static let fields = FieldTable(["giftId", "count"])
///     var giftId = ""
///     var count: Int64?
///     var common = ContentCommon()
///
///     init(from d: inout ContentDecoder) throws(CodecError) {
///         var r = try d.beginObject(Self.fields)
///         while let f = try d.nextField(&r) {
///             switch f {
///             case 0: giftId = try d.decodeString() ?? ""
///             case 1: count = try d.decodeInt64()
///             default: try common.decode(field: f, of: Self.fields, from: &d)
///             }
///         }
///         common.finish(r, d)
///     }
///     func encode(to w: inout JSONWriter) throws(CodecError) {
///         w.beginObject()
///         w.field("giftId", giftId)
///         w.field("count", count)
///         try common.encode(to: &w)
///         w.endObject()
///     }
/// }
/// ```
public protocol MessageContent: Hashable, Sendable {
    /// The type's objectName (`RC:TxtMsg`).
    static var objectName: String { get }
    /// The persistence flag this type is sent with.
    static var persistence: PersistenceFlag { get }
    /// Whether zero-length content is this type's canonical encoding of an empty value
    /// (RC:RLJoin, RC:RLQuit). Default: false, zero bytes are ``CodecError/Code/emptyContent``.
    static var allowsEmptyContent: Bool { get }

    /// Decodes the JSON object at the decoder's position.
    init(from decoder: inout ContentDecoder) throws(CodecError)
    /// The value that zero-length content decodes to, when ``allowsEmptyContent`` is true.
    init(emptyContent: Void) throws(CodecError)
    /// Writes the value as one JSON object in canonical key order.
    func encode(to writer: inout JSONWriter) throws(CodecError)

    /// Shared keys (`extra`, `user`, `mentionedInfo`, burn), unknown keys and diagnostics.
    var common: ContentCommon { get set }
}

extension MessageContent {
    public static var allowsEmptyContent: Bool { false }

    public init(emptyContent: Void) throws(CodecError) {
        throw CodecError(.emptyContent, "\(Self.objectName) content must be a JSON object, not zero bytes", offset: 0)
    }

    /// `extra`.
    public var extra: String? {
        get { common.extra }
        set { common.extra = newValue }
    }
    /// `user`.
    public var user: UserInfo? {
        get { common.user }
        set { common.user = newValue }
    }
    /// `mentionedInfo`.
    public var mentionedInfo: MentionedInfo? {
        get { common.mentionedInfo }
        set { common.mentionedInfo = newValue }
    }
    /// Keys this type does not model; they survive decode → encode.
    public var unknownFields: JSONObject {
        get { common.unknownFields }
        set { common.unknownFields = newValue }
    }
    /// Which leniency rules fired when this value was decoded.
    public var diagnostics: DecodeDiagnostics { common.diagnostics }

    /// The instance's objectName (the static one).
    public var objectName: String { Self.objectName }

    // MARK: Entry points

    /// Decodes content bytes (`content` of a message).
    ///
    /// Checks the size limit, accepts zero bytes only for types that allow it, accepts the
    /// double-encoded form (a JSON string holding the object) as a leniency, and rejects trailing
    /// bytes. Errors carry the byte offset and the JSON path.
    public init(jsonBytes bytes: some Collection<UInt8>, options: DecodingOptions = .default) throws(CodecError) {
        let result: Result<Self, CodecError> =
            bytes.withContiguousStorageIfAvailable { buffer in
                Self.decodeResult(UnsafeRawBufferPointer(buffer), options: options)
            } ?? Array(bytes).withUnsafeBytes { Self.decodeResult($0, options: options) }
        self = try result.get()
    }

    /// Decodes content from a string holding the JSON.
    public init(json: String, options: DecodingOptions = .default) throws(CodecError) {
        try self.init(jsonBytes: Array(json.utf8), options: options)
    }

    private static func decodeResult(_ raw: UnsafeRawBufferPointer, options: DecodingOptions) -> Result<Self, CodecError> {
        do throws(CodecError) {
            return .success(try decodeTopLevel(raw, options: options, allowDoubleEncoding: true))
        } catch {
            var e = error
            if CodecError.Code.semantic.contains(e.code) {
                // Syntax errors take precedence: malformed JSON is reported as such wherever the
                // typed decoder stopped. Validation runs on the error path only.
                do throws(CodecError) {
                    _ = try JSONScanner.parse(raw, options: options)
                } catch let syntax where !CodecError.Code.semantic.contains(syntax.code) {
                    e = syntax
                } catch {}
            }
            if e.path == nil, e.code != .sizeLimit, let offset = e.offset { e.path = JSONPathLocator.path(in: raw, at: offset) }
            return .failure(e)
        }
    }

    private static func decodeTopLevel(
        _ raw: UnsafeRawBufferPointer,
        options: DecodingOptions,
        allowDoubleEncoding: Bool
    ) throws(CodecError) -> Self {
        if raw.count > options.maxContentBytes {
            throw CodecError(.sizeLimit, "\(raw.count) bytes exceed the content limit of \(options.maxContentBytes)", offset: options.maxContentBytes)
        }
        if raw.isEmpty {
            guard allowsEmptyContent else {
                throw CodecError(.emptyContent, "\(objectName) content must be a JSON object, not zero bytes", offset: 0)
            }
            return try Self(emptyContent: ())
        }
        var d = ContentDecoder(source: raw, options: options)
        if allowDoubleEncoding, d.peekKind() == .string {
            // Double encoding: the object arrives as a JSON string holding its text.
            let at = d.offset
            let inner = Array((try d.decodeString() ?? "").utf8)
            try d.scanner.expectEnd()
            // Only a string holding an object is double-encoded content; any other string is
            // simply the wrong type.
            guard inner.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == asciiOpenBrace else {
                throw CodecError(.typeMismatch, "expected a JSON object as \(objectName) content, found a string", offset: at)
            }
            try d.noteLeniency(.doubleEncodedContent, at: at)
            let innerResult: Result<Self, CodecError> = inner.withUnsafeBytes { innerRaw in
                do throws(CodecError) {
                    return .success(try decodeTopLevel(innerRaw, options: options, allowDoubleEncoding: false))
                } catch {
                    return .failure(error)
                }
            }
            var value: Self
            do throws(CodecError) {
                value = try innerResult.get()
            } catch {
                // Offsets inside the inner text do not point into the input; report the string.
                var e = error
                e.reason = "inside the double-encoded content string: " + (e.reason.isEmpty ? e.code.summary : e.reason)
                e.offset = at
                throw e
            }
            value.common.diagnostics.leniencies.formUnion(d.leniencies)
            return value
        }
        guard d.peekKind() == .object else { throw d.typeMismatch("a JSON object as \(objectName) content") }
        var value = try Self(from: &d)
        try d.scanner.expectEnd()
        value.common.diagnostics.leniencies.formUnion(d.leniencies)
        return value
    }

    /// The canonical content bytes. Throws ``CodecError/Code/sizeLimit`` when they exceed
    /// `maxBytes` (default: the protocol's 131,072) and ``CodecError/Code/invalidValue`` for
    /// values JSON cannot hold (NaN).
    public func jsonBytes(maxBytes: Int = DecodingOptions.protocolContentLimit) throws(CodecError) -> [UInt8] {
        var w = JSONWriter()
        try encode(to: &w)
        if w.bytes.count > maxBytes {
            throw CodecError(.sizeLimit, "encoded content is \(w.bytes.count) bytes, above the limit of \(maxBytes)")
        }
        return w.bytes
    }

    /// The canonical content as a string.
    public func jsonString() throws(CodecError) -> String {
        String(decoding: try jsonBytes(maxBytes: .max), as: UTF8.self)
    }

    /// The normalized value: the JSON value of the canonical encoding (an empty object for
    /// zero-length content). Conformance vectors compare against this.
    public func normalizedValue() throws(CodecError) -> JSONValue {
        let bytes = try jsonBytes(maxBytes: .max)
        if bytes.isEmpty { return .object(JSONObject()) }
        return try JSONValue(parsing: bytes, options: DecodingOptions(maxContentBytes: .max, maxDepth: DecodingOptions.maximumDepthLimit))
    }

    /// Whether `other` is the same type with an equal value.
    public func isEqual(to other: any MessageContent) -> Bool {
        guard let o = other as? Self else { return false }
        return self == o
    }
}
