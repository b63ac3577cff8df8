// Sources/RongCodec/Content/EncodeChecks.swift - an encoder never writes what its decoder rejects

/// Integer domains of built-in fields, declared once: decoders pass them to
/// ``ContentDecoder/decodeInt(acceptNumericString:range:)`` and
/// ``ContentDecoder/decodeInt64(acceptNumericString:range:)`` (a value outside is
/// ``CodecError/Code/numberOutOfRange`` or ``CodecError/Code/invalidValue``), encoders to
/// ``JSONWriter/field(_:_:in:)`` (a value outside is ``CodecError/Code/invalidValue``).
/// Computed, so the decode hot path reads constants rather than lazily initialised globals.
enum Domain {
    /// Pixel sizes and durations in seconds: Java ints on Android, never negative.
    static var nonNegativeInt32: ClosedRange<Int> { 0...Int(Int32.max) }
    /// Byte sizes and `burnDuration`.
    static var nonNegativeInt64: ClosedRange<Int64> { 0...Int64.max }
    /// RC:StreamMsg `seq` (GO-FL: "> 0, increasing").
    static var positiveInt64: ClosedRange<Int64> { 1...Int64.max }
    /// RC:MsgExMsg `removeAll` and `clear`.
    static var zeroOrOne: ClosedRange<Int> { 0...1 }
    /// `mentionedInfo.type`: 1 = all, 2 = users.
    static var mentionType: ClosedRange<Int> { 1...2 }
}

extension ContentDecoder {
    /// The range ``decodeInt(acceptNumericString:range:)`` accepts by default (32-bit, what every
    /// SDK's `int` holds), and the range ``JSONWriter/field(_:_:in:)-(_,Int?,_)`` writes by default.
    public static var defaultIntRange: ClosedRange<Int> { Int(Int32.min)...Int(Int32.max) }
}

/// What encode-side validation needs to know about the output while it is written: whether it
/// nests deeper than the limit, and where the first unknown key that a decoder would claim for
/// itself went. ``MessageContent/jsonBytes(maxBytes:maxDepth:)`` reads both after encoding.
/// Tracking costs one increment and one compare per container.
@usableFromInline
struct EncodeChecks: Sendable {
    var depth = 0
    /// Nesting beyond this is recorded in ``tooDeepAt``.
    @usableFromInline var depthLimit = Int.max
    /// Offset of the first container that nests deeper than ``depthLimit``.
    @usableFromInline var tooDeepAt: Int?
    /// Offset just after the key of the first unknown member whose key is in its object's
    /// ``FieldTable``, and that key.
    @usableFromInline var suspectKeyAt: Int?
    @usableFromInline var suspectKey = ""

    @usableFromInline init() {}

    @inline(__always)
    mutating func enter(at offset: Int) {
        depth += 1
        if depth > depthLimit && tooDeepAt == nil { tooDeepAt = offset }
    }

    @inline(__always)
    mutating func leave() { depth -= 1 }
}

extension JSONWriter {
    /// Writes `"name":value` when `value` is not nil. A value outside `domain` throws
    /// ``CodecError/Code/invalidValue``: the default is the range
    /// ``ContentDecoder/decodeInt(acceptNumericString:range:)`` reads by default, so pass the
    /// same range to both and whatever this writes decodes back.
    public mutating func field(
        _ name: StaticString, _ value: Int?, in domain: ClosedRange<Int> = ContentDecoder.defaultIntRange
    ) throws(CodecError) {
        guard let value else { return }
        key(name)
        guard domain.contains(value) else {
            throw invalidValue("\(value) is outside \(domain.lowerBound)...\(domain.upperBound)")
        }
        int(Int64(value))
    }

    /// Writes `"name":value` when `value` is not nil. A value outside `domain` (the range the
    /// field's decoder accepts) throws ``CodecError/Code/invalidValue``.
    public mutating func field(_ name: StaticString, _ value: Int64?, in domain: ClosedRange<Int64>) throws(CodecError) {
        guard let value else { return }
        key(name)
        guard domain.contains(value) else {
            throw invalidValue("\(value) is outside \(domain.lowerBound)...\(domain.upperBound)")
        }
        int(value)
    }

    /// An ``CodecError/Code/invalidValue`` error at the current end of the output, for an
    /// encoder that finds a value its decoder would reject. Throw it right after writing the
    /// field's key: ``MessageContent/jsonBytes(maxBytes:maxDepth:)`` turns the offset into the
    /// field's JSON path.
    public func invalidValue(_ reason: String) -> CodecError {
        CodecError(.invalidValue, reason, offset: bytes.count)
    }

    /// Writes the members of `unknownFields` (keys a type does not model) into the object being
    /// written. `fields` is the table the object's decoder reads: a key in it (a modelled key, an
    /// alias, `localPath`) would not come back as an unknown key, so
    /// ``MessageContent/jsonBytes(maxBytes:maxDepth:)`` decodes the output again and throws
    /// ``CodecError/Code/unknownKeyConflict`` unless it reads back the same value (a losing
    /// alias, which the decoder itself keeps as an unknown key, does).
    public mutating func unknownMembers<Field>(_ unknownFields: JSONObject, of fields: FieldTable<Field>) throws(CodecError) {
        try unknownMembers(unknownFields, of: fields.storage)
    }

    mutating func unknownMembers(_ unknownFields: JSONObject, of keys: KeyTable) throws(CodecError) {
        for m in unknownFields.members {
            key(m.key)
            if checks.suspectKeyAt == nil, keys.index(of: m.key) != nil {
                checks.suspectKeyAt = bytes.count
                checks.suspectKey = m.key
            }
            try value(m.value)
        }
    }

    /// A writer for one content value whose nesting is checked against `maxDepth`.
    @usableFromInline
    init(contentMaxDepth maxDepth: Int) {
        self.init()
        checks.depthLimit = maxDepth
    }

    /// `error` with an offset (the end of the output, when the thrower gave none) and the JSON
    /// path of that offset in the output written so far.
    @usableFromInline
    func locate(_ error: CodecError) -> CodecError {
        var e = error
        if e.offset == nil { e.offset = bytes.count }
        if e.path == nil, let offset = e.offset {
            e.path = bytes.withUnsafeBytes { JSONPathLocator.path(in: $0, at: offset) }
        }
        return e
    }

    /// Throws when the output is larger than `maxBytes` or nests deeper than the depth limit.
    @usableFromInline
    func checkLimits(maxBytes: Int) throws(CodecError) {
        if bytes.count > maxBytes {
            throw CodecError(.sizeLimit, "encoded content is \(bytes.count) bytes, above the limit of \(maxBytes)")
        }
        if let at = checks.tooDeepAt {
            throw locate(CodecError(.depthLimit, "the value nests deeper than \(checks.depthLimit) levels, which a decoder with the same limit rejects", offset: at))
        }
    }
}

extension MessageContent {
    /// The slow path of ``jsonBytes(maxBytes:maxDepth:)``, taken only when an unknown key is one
    /// the decoder reads itself: decodes `bytes` strictly and requires this very value back.
    @usableFromInline
    func _verifyUnknownKeys(_ bytes: [UInt8], keyAt: Int, key: String) throws(CodecError) {
        let options = DecodingOptions(maxContentBytes: .max, maxDepth: DecodingOptions.maximumDepthLimit, mode: .strict)
        let path = bytes.withUnsafeBytes { JSONPathLocator.path(in: $0, at: keyAt) }
        let reason = """
            the unknown key "\(key)" is one \(Self.objectName) decodes itself (a modelled key, an alias \
            or localPath), so it would not read back as an unknown key; set the field instead
            """
        let result: Result<Self, CodecError>
        do throws(CodecError) {
            result = .success(try Self(jsonBytes: bytes, options: options))
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success(let back) where back == self:
            return
        case .success:
            throw CodecError(.unknownKeyConflict, reason, offset: keyAt, path: path)
        case .failure(let e) where e.code == .duplicateKey || e.code == .notNormalized:
            // A duplicate's own location names the colliding key exactly; a leniency rule (an
            // alias adopted, localPath dropped) is reported where the rule noticed it.
            let duplicate = e.code == .duplicateKey
            throw CodecError(.unknownKeyConflict, reason, offset: duplicate ? e.offset : keyAt, path: duplicate ? e.path : path)
        case .failure(let e):
            // Everything else was checked while writing: the decoder read the unknown key as its
            // own field and rejected its value (`"burnDuration":"x"`).
            throw CodecError(.unknownKeyConflict, reason + "; reading it back fails: \(e.reason)", offset: e.offset, path: e.path)
        }
    }
}
