// Sources/RongCodec/Content/ContentCommon.swift - keys every content type shares

/// The keys every content type shares, in canonical order; ``ContentCommon`` reads them.
public enum SharedKey: String, FieldKey {
    case extra, user, mentionedInfo, isBurnAfterRead, burnDuration
    /// A device path, dropped on decode (CONTENT-LOCALPATH-001) and never written.
    case localPath
}

/// Burn-after-reading keys (`isBurnAfterRead`, `burnDuration`).
///
/// Android writes both always; iOS and Flutter write `burnDuration` only when positive; the
/// Web SDK writes neither. RongWire keeps exactly the keys that were present and writes them
/// back, so `burnDuration` absent or 0 both mean "not burn-after-reading".
public struct BurnAfterReading: Hashable, Sendable {
    /// `isBurnAfterRead` (Android).
    public var isBurnAfterRead: Bool?
    /// `burnDuration`, seconds.
    public var burnDuration: Int64?

    /// Creates burn-after-reading settings.
    public init(isBurnAfterRead: Bool? = nil, burnDuration: Int64? = nil) {
        self.isBurnAfterRead = isBurnAfterRead
        self.burnDuration = burnDuration
    }

    /// Whether the message is burn-after-reading: a positive duration or the flag set.
    public var isEnabled: Bool { (burnDuration ?? 0) > 0 || isBurnAfterRead == true }
}

/// The members every content carries besides its own keys: `extra`, `user`, `mentionedInfo`,
/// the burn-after-reading keys, the unknown keys, and decode diagnostics.
///
/// Canonical order: the type's own keys, then `extra`, `user`, `mentionedInfo`,
/// `isBurnAfterRead`, `burnDuration`, then unknown keys in input order.
public struct ContentCommon: Hashable, Sendable {
    /// `extra`: free-form string sent with the message.
    public var extra: String?
    /// `user`: sender info.
    public var user: UserInfo?
    /// `mentionedInfo`: @-mentions.
    public var mentionedInfo: MentionedInfo?
    /// Burn-after-reading keys.
    public var burn = BurnAfterReading()
    /// Keys the type does not model, in input order; written back after the known keys.
    public var unknownFields = JSONObject()
    /// Which leniency rules fired while decoding (never part of equality).
    public var diagnostics: DecodeDiagnostics

    // No initializer in this body: the decoders build values with the memberwise one, which,
    // unlike an explicit initializer, does not copy the value (and retain every string in it)
    // on its way out. The public initializer is in the extension below; `diagnostics` has no
    // default so that `ContentCommon()` is that one, not the memberwise one.
}

extension ContentCommon {
    /// Empty common members.
    public init(extra: String? = nil, user: UserInfo? = nil, mentionedInfo: MentionedInfo? = nil) {
        self.extra = extra
        self.user = user
        self.mentionedInfo = mentionedInfo
        diagnostics = DecodeDiagnostics()
    }

    /// The shared keys, in canonical order.
    public static let keys = SharedKey.allCases.filter { $0 != .localPath }.map(\.name)

    /// The shared keys a decoder reads: ``keys``, then `localPath`, which every type drops
    /// (CONTENT-LOCALPATH-001). A content type's ``FieldTable`` has these after its own keys.
    public static let decodedKeys = SharedKey.allCases.map(\.name)

    /// The table of the shared keys alone, for checking the unknown keys of a type that passes
    /// no table of its own to ``encode(to:fields:)``.
    static let sharedTable = FieldTable(NoKeys.self)

    /// Decodes the shared key `key`, which ``ContentDecoder/nextField(_:)`` returned.
    public mutating func decode(_ key: SharedKey, from d: inout ContentDecoder) throws(CodecError) {
        try Self.decode(key, from: &d, extra: &extra, user: &user, mentionedInfo: &mentionedInfo, burn: &burn)
    }

    /// Takes the unknown keys and diagnostics at the end of an object.
    public mutating func finish<Field>(_ reader: ObjectReader<Field>, _ d: borrowing ContentDecoder) {
        unknownFields = reader.unknownFields
        diagnostics.leniencies.formUnion(d.leniencies)
    }

    /// ``decode(_:from:)`` into a built-in type's locals, each member assigned whole; the type
    /// then builds its value with the memberwise initializers, as
    /// `ContentCommon(extra: consume extra, …, unknownFields: r.unknownFields, diagnostics: DecodeDiagnostics(d.leniencies))`
    /// (what ``finish(_:_:)`` sets). A `ContentCommon` mutated member by member and then stored
    /// is copied whole on the way, every string in it retained and released again: about a
    /// tenth of a text message's decode.
    static func decode(
        _ key: SharedKey, from d: inout ContentDecoder,
        extra: inout String?, user: inout UserInfo?, mentionedInfo: inout MentionedInfo?, burn: inout BurnAfterReading
    ) throws(CodecError) {
        switch key {
        case .extra: extra = try d.decodeString()
        case .user: user = try UserInfo.decode(from: &d)
        case .mentionedInfo: mentionedInfo = try MentionedInfo.decode(from: &d)
        case .isBurnAfterRead: burn.isBurnAfterRead = try d.decodeBool()
        case .burnDuration: burn.burnDuration = try d.decodeInt64(range: Domain.nonNegativeInt64)
        case .localPath:
            // A device path (Android strips it before sending; some SDKs send it anyway).
            try d.noteLeniency(.localPathDropped)
            try d.skipValue()
        }
    }

    /// Writes the shared keys that are present, then the unknown keys.
    ///
    /// `fields` is the type's own ``FieldTable``: an unknown key in it is one the decoder would
    /// claim, which ``MessageContent/jsonBytes(maxBytes:maxDepth:)`` refuses with
    /// ``CodecError/Code/unknownKeyConflict`` unless it reads back as the same value.
    public func encode<Key>(to w: inout JSONWriter, fields: FieldTable<ContentField<Key>>) throws(CodecError) {
        try encode(to: &w, keys: fields.storage)
    }

    /// Writes the shared keys that are present, then the unknown keys, for a type that passes no
    /// table of its own: an unknown key that is a shared key is checked as in
    /// ``encode(to:fields:)``.
    public func encode(to w: inout JSONWriter) throws(CodecError) {
        try encode(to: &w, keys: Self.sharedTable.storage)
    }

    private func encode(to w: inout JSONWriter, keys: KeyTable) throws(CodecError) {
        w.field("extra", extra)
        if let user {
            w.key("user")
            try user.encode(to: &w)
        }
        if let mentionedInfo {
            w.key("mentionedInfo")
            try mentionedInfo.encode(to: &w)
        }
        w.field("isBurnAfterRead", burn.isBurnAfterRead)
        try w.field("burnDuration", burn.burnDuration, in: Domain.nonNegativeInt64)
        try w.unknownMembers(unknownFields, of: keys)
    }

    /// Whether no shared key and no unknown key is present.
    public var isEmpty: Bool {
        extra == nil && user == nil && mentionedInfo == nil && burn == BurnAfterReading() && unknownFields.isEmpty
    }
}
