// Sources/RongCodec/Content/ContentCommon.swift - keys every content type shares

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
    public var diagnostics = DecodeDiagnostics()

    /// Empty common members.
    public init(extra: String? = nil, user: UserInfo? = nil, mentionedInfo: MentionedInfo? = nil) {
        self.extra = extra
        self.user = user
        self.mentionedInfo = mentionedInfo
    }

    /// The shared keys, in canonical order.
    public static let keys = ["extra", "user", "mentionedInfo", "isBurnAfterRead", "burnDuration"]

    /// The shared keys a decoder reads: ``keys``, then `localPath`, which every type drops
    /// (CONTENT-LOCALPATH-001). ``FieldTable`` appends these to a type's own keys.
    public static let decodedKeys = keys + ["localPath"]

    /// The table of the shared keys alone, for checking the unknown keys of a type that passes
    /// no table of its own to ``encode(to:fields:)``.
    static let sharedTable = FieldTable([])

    /// Decodes the shared key `field` of `table` (see ``FieldTable/commonIndex(_:)``).
    public mutating func decode(field: Int, of table: FieldTable, from d: inout ContentDecoder) throws(CodecError) {
        switch table.commonIndex(field) {
        case 0?: extra = try d.decodeString()
        case 1?: user = try UserInfo.decode(from: &d)
        case 2?: mentionedInfo = try MentionedInfo.decode(from: &d)
        case 3?: burn.isBurnAfterRead = try d.decodeBool()
        case 4?: burn.burnDuration = try d.decodeInt64(range: Domain.nonNegativeInt64)
        case 5?:
            // A device path (Android strips it before sending; some SDKs send it anyway).
            try d.noteLeniency(.localPathDropped)
            try d.skipValue()
        default: try d.skipValue()  // a field number the type forgot to handle
        }
    }

    /// Takes the unknown keys and diagnostics at the end of an object.
    public mutating func finish(_ reader: ObjectReader, _ d: ContentDecoder) {
        unknownFields = reader.unknownFields
        diagnostics.leniencies.formUnion(d.leniencies)
    }

    /// Writes the shared keys that are present, then the unknown keys.
    ///
    /// `fields` is the type's own ``FieldTable``: an unknown key in it (or among the shared keys
    /// when no table is given) is one the decoder would claim, which
    /// ``MessageContent/jsonBytes(maxBytes:maxDepth:)`` refuses with
    /// ``CodecError/Code/unknownKeyConflict`` unless it reads back as the same value.
    public func encode(to w: inout JSONWriter, fields: FieldTable? = nil) throws(CodecError) {
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
        try w.unknownMembers(unknownFields, of: fields ?? Self.sharedTable)
    }

    /// Whether no shared key and no unknown key is present.
    public var isEmpty: Bool {
        extra == nil && user == nil && mentionedInfo == nil && burn == BurnAfterReading() && unknownFields.isEmpty
    }
}
