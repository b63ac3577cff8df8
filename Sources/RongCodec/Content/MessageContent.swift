// Sources/RongCodec/Content/MessageContent.swift - the protocol every content type conforms to

/// A typed message content: the JSON that travels in a message's `content`, with its
/// objectName and persistence flag.
///
/// Built-in types (``TextMessage``, ``ImageMessage``, ...) and user-registered custom types
/// conform. A conforming type decodes its own keys with a ``ContentDecoder`` and writes them with
/// a ``JSONWriter``; ``ContentCommon`` handles the shared keys and unknown keys. The keys are an
/// enum (``FieldKey``) and the decoder switches over them, so every key has its `case`. Give the
/// decoder and the writer the same ranges, and ``ContentCommon/encode(to:fields:)`` the same
/// table, so that the encoder refuses what the decoder would reject
/// (``jsonBytes(maxBytes:maxDepth:)``).
///
/// The live-room guide's like (002:1082: the taps of one second in one message) with the sender's
/// user info in the shared `user` key (002:149-160); `Tests/RongCodecAPITests/LiveRoomContentTests.swift`
/// compiles and checks this code word for word:
///
/// ```swift
/// /// `Live:LikeMsg`: the taps of one second in one message (002:1082).
/// struct LiveLikeMessage: MessageContent {
///     static let objectName = "Live:LikeMsg"
///     static let persistence = PersistenceFlag.isPersisted
///     enum Key: String, FieldKey { case count }
///     static let fields = FieldTable(Key.self)
///     static let counts: ClosedRange<Int64> = 1...1000
///     var count: Int64 = 1
///     var common = ContentCommon()  // `extra`, `user` (the sender's user info), …
///
///     init(count: Int64, sender: UserInfo? = nil) {
///         self.count = count
///         common.user = sender
///     }
///
///     init(from d: inout ContentDecoder) throws(CodecError) {
///         var r = try d.beginObject(Self.fields)
///         var count: Int64?
///         while let f = try d.nextField(&r) {
///             switch f {
///             case .own(.count): count = try d.decodeInt64(range: Self.counts)
///             case .shared(let key): try common.decode(key, from: &d)
///             }
///         }
///         guard let count else { throw CodecError(.missingRequiredField, "Live:LikeMsg needs count", offset: r.startOffset) }
///         self.count = count
///         common.finish(r, d)
///     }
///
///     func encode(to w: inout JSONWriter) throws(CodecError) {
///         w.beginObject()
///         try w.field("count", count, in: Self.counts)
///         try common.encode(to: &w, fields: Self.fields)
///         w.endObject()
///     }
/// }
/// ```
///
/// Arrays of nested objects are read with ``ContentDecoder/decodeArray(_:)`` (or
/// ``ContentDecoder/beginArray()`` and ``ContentDecoder/nextElement(_:)``), each element with
/// ``ContentDecoder/beginObject(_:)``; `Tests/RongCodecAPITests` holds a complete custom type
/// written against the public API alone. Register it with ``ContentRegistry/register(_:)``.
///
/// Equality is the type's synthesized `==`: its `String` properties compare as Swift strings,
/// by Unicode canonical equivalence, so two values that differ only in the normalization of a
/// text (NFC `é`, NFD `e◌́`) are `==` although they encode to different bytes. The JSON model
/// inside (``ContentCommon/unknownFields``, ``JSONValue`` fields) compares bytes. Compare
/// ``jsonBytes(maxBytes:maxDepth:)`` (or ``normalizedValue()``) for byte identity, as the conformance
/// runner and RongWire's own round-trip tests do.
public protocol MessageContent: Hashable, Sendable {
    /// The type's objectName (`RC:TxtMsg`).
    static var objectName: String { get }
    /// The persistence flag this type is sent with.
    static var persistence: PersistenceFlag { get }
    /// Whether the SDK handles the type as a command and whether it is a media type
    /// (``ContentAttributes``). Default: neither.
    static var attributes: ContentAttributes { get }
    /// Whether the content is a JSON array rather than an object: RC:Delivered, whose SDKs write
    /// the list itself as the content (CONTENT-JSON-001). Such a type's `init(from:)` reads the
    /// array with ``ContentDecoder/beginArray()``, and its encoder writes one; it has no place for
    /// the shared keys. Default: false, an array is ``CodecError/Code/typeMismatch``.
    static var isArrayContent: Bool { get }
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
    public static var isArrayContent: Bool { false }

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
    @inlinable
    public init(jsonBytes bytes: some Collection<UInt8>, options: DecodingOptions = .default) throws(CodecError) {
        // Inlinable so callers get a version specialized for their type (the generic one spends
        // a tenth of a small decode on metadata lookups). The value comes straight back from the
        // buffer closure: wrapping it (Result, Optional out-parameters) costs a copy, and each
        // copy of a content value retains every string in it. The closure's untyped throw boxes
        // the error, which happens on the error path only.
        do {
            if let value = try bytes.withContiguousStorageIfAvailable({ try Self._decode(UnsafeRawBufferPointer($0), options: options) }) {
                self = value
            } else {
                self = try Array(bytes).withUnsafeBytes { try Self._decode($0, options: options) }
            }
        } catch {
            throw error as! CodecError  // _decode throws nothing else
        }
    }

    /// Decodes content from a string holding the JSON.
    @inlinable
    public init(json: String, options: DecodingOptions = .default) throws(CodecError) {
        try self.init(jsonBytes: Array(json.utf8), options: options)
    }

    @inlinable
    static func _decode(_ raw: UnsafeRawBufferPointer, options: DecodingOptions) throws(CodecError) -> Self {
        var d = ContentDecoder(source: raw, options: options)
        do throws(CodecError) {
            switch try d.startTopLevel(objectName: objectName, allowsEmpty: allowsEmptyContent, isArray: isArrayContent, allowDoubleEncoding: true) {
            case .empty:
                return try Self(emptyContent: ())
            case .value:
                var value = try Self(from: &d)
                try d.finishTopLevel()
                if !d.leniencies.isEmpty { value.common.diagnostics.leniencies.formUnion(d.leniencies) }
                return value
            case .doubleEncoded(let inner, let at):
                var value = try _decodeDoubleEncoded(inner, at: at, in: raw, options: options)
                value.common.diagnostics.leniencies.formUnion(d.leniencies)
                return value
            }
        } catch {
            throw ContentDecoder.locate(error, in: raw, options: options)
        }
    }

    /// The rare double-encoded form: decodes the object held by the string that starts at `at`
    /// in `outer`. An error keeps its JSON path inside that object (`$.user.id`); its offset,
    /// into the unescaped text, is mapped back to the character or escape in `outer` that
    /// produced it.
    @usableFromInline
    static func _decodeDoubleEncoded(_ inner: [UInt8], at: Int, in outer: UnsafeRawBufferPointer, options: DecodingOptions) throws(CodecError) -> Self {
        let result: Result<Self, CodecError> = inner.withUnsafeBytes { innerRaw in
            do throws(CodecError) {
                return .success(try _inDoubleEncoded(innerRaw, at: at, in: outer, options: options, members: nil) { d throws(CodecError) in
                    var value = try Self(from: &d)
                    try d.finishTopLevel()
                    value.common.diagnostics.leniencies.formUnion(d.leniencies)
                    return value
                })
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Runs `read` on a decoder over the unescaped text of a double-encoded content (see
    /// ``_decodeDoubleEncoded(_:at:in:options:)``) and maps its errors back to `outer`.
    /// `members`: the check of a ``ContentView`` (its decoder skips making strings when
    /// `defersStrings`).
    static func _inDoubleEncoded<R>(
        _ innerRaw: UnsafeRawBufferPointer, at: Int, in outer: UnsafeRawBufferPointer, options: DecodingOptions,
        defersStrings: Bool = false, members: UnsafeMutablePointer<ContentMemberTable>?,
        _ read: (inout ContentDecoder) throws(CodecError) -> R
    ) throws(CodecError) -> R {
        do throws(CodecError) {
            var d = ContentDecoder(source: innerRaw, options: options, defersStrings: defersStrings, members: members)
            do throws(CodecError) {
                guard try d.startTopLevel(objectName: objectName, allowsEmpty: false, isArray: isArrayContent, allowDoubleEncoding: false) == .value else {
                    throw CodecError(.typeMismatch, "expected a JSON \(isArrayContent ? "array" : "object") inside the string", offset: 0)
                }
                return try read(&d)
            } catch {
                throw ContentDecoder.locate(error, in: innerRaw, options: options)
            }
        } catch {
            var e = error
            e.reason = "inside the double-encoded content string: " + (e.reason.isEmpty ? e.code.summary : e.reason)
            e.offset = JSONPathLocator.outerOffset(ofUnescaped: e.offset ?? 0, inStringAt: at, in: outer)
            if e.path == nil { e.path = "$" }
            throw e
        }
    }

    /// The canonical content bytes.
    ///
    /// Never writes what the decoder rejects or reads back differently:
    /// - a value outside its field's domain (a negative size, `mentionedInfo.type` 3, NaN, an
    ///   empty `user`) is ``CodecError/Code/invalidValue``; a missing required field (RC:MsgExMsg
    ///   with neither `mid` nor `messageUId`) is ``CodecError/Code/missingRequiredField``;
    /// - an unknown key that the type decodes itself (`unknownFields["content"]` of a text
    ///   message, `user.unknownFields["icon"]` without a `portrait`, `localPath`) is
    ///   ``CodecError/Code/unknownKeyConflict``;
    /// - output above `maxBytes` (default: the protocol's 131,072) is
    ///   ``CodecError/Code/sizeLimit``, nesting deeper than `maxDepth` (default 64, as
    ///   ``DecodingOptions``) is ``CodecError/Code/depthLimit``.
    ///
    /// Errors carry the JSON path of the value at fault and the byte offset into the output
    /// written so far. (``encode(to:)`` called directly checks domains but not unknown keys,
    /// limits or paths.)
    @inlinable
    public func jsonBytes(maxBytes: Int = DecodingOptions.protocolContentLimit, maxDepth: Int = 64) throws(CodecError) -> [UInt8] {
        var w = JSONWriter(contentMaxDepth: maxDepth)
        do throws(CodecError) {
            try encode(to: &w)
        } catch {
            throw w.locate(error)
        }
        try w.checkLimits(maxBytes: maxBytes)
        if let at = w.checks.suspectKeyAt { try _verifyUnknownKeys(w.bytes, keyAt: at, key: w.checks.suspectKey) }
        return w.bytes
    }

    /// The canonical content as a string.
    public func jsonString() throws(CodecError) -> String {
        String(decoding: try jsonBytes(maxBytes: .max, maxDepth: DecodingOptions.maximumDepthLimit), as: UTF8.self)
    }

    /// The normalized value: the JSON value of the canonical encoding (an empty object for
    /// zero-length content). Conformance vectors compare against this.
    public func normalizedValue() throws(CodecError) -> JSONValue {
        let bytes = try jsonBytes(maxBytes: .max, maxDepth: DecodingOptions.maximumDepthLimit)
        if bytes.isEmpty { return .object(JSONObject()) }
        return try JSONValue(parsing: bytes, options: DecodingOptions(maxContentBytes: .max, maxDepth: DecodingOptions.maximumDepthLimit))
    }

    /// Whether `other` is the same type with an equal value.
    public func isEqual(to other: any MessageContent) -> Bool {
        guard let o = other as? Self else { return false }
        return self == o
    }
}
