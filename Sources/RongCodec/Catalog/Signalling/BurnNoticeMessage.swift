// Sources/RongCodec/Catalog/Signalling/BurnNoticeMessage.swift - RC:BurnNoticeMsg

/// RC:BurnNoticeMsg, the notice that burn-after-reading messages were destroyed (ANDROID-4.0
/// `DestructionCmdMessage`).
///
/// Flag NONE and a command: RUST registry (official-sdks.md § 1), ANDROID-4.0 `flag = 0`. Key
/// (message-catalog.md § 7.7): `burnMessageUIds`, an array of messageUIds; Android always writes
/// it and writes no shared key. The server sends it as **one string**
/// (`{"burnMessageUIds":"CNM0-KKDA-2NAC-EBMK"}`, official-sdks.md § 2), which decodes as a list of
/// that one UID (``Leniency/stringAsList``; the empty string as an empty list) and is written
/// back as an array. Canonical order: `burnMessageUIds`, then the shared keys (spec
/// CONTENT-BURN-003, CONTENT-BURN-004).
public struct BurnNoticeMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:BurnNoticeMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

    /// UIDs of the destroyed messages (`burnMessageUIds`).
    public var burnMessageUIds: [String]?
    /// The shared keys (`extra`, `user`, `mentionedInfo`, burn keys), unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a burn notice.
    public init(burnMessageUIds: [String]? = nil, common: ContentCommon = ContentCommon()) {
        self.burnMessageUIds = burnMessageUIds
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case burnMessageUIds }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.burnMessageUIds): burnMessageUIds = try d.decodeStringArrayOrString()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("burnMessageUIds", burnMessageUIds)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
