// Sources/RongCodec/Catalog/Signalling/InterceptMessage.swift - RC:InterceptMsg

/// RC:InterceptMsg, the notice that the server blocked a message the user sent (Android
/// `BlockMessage`, an unattributed public SDK copy of IMLib 5.x).
///
/// Flag NONE and a command: RUST registry (official-sdks.md § 1). Contradiction: that Android copy
/// registers it `flag = 0x10` (STATUS), and a 2022 Web engine build lists it neither counted nor
/// persisted and among its status messages; the kit follows RUST (spec CONTENT-INTERCEPT-001,
/// `spec/decisions.md`). Keys (official-sdks.md § 2; the same names in Android's
/// `JSON_KEY_*` constants): `msgUId` (the blocked message's UID), `interceptType` (integer, RUST's
/// block types: None 0, BlockGlobal 1, BlockCustom 2, BlockThirdParty 3), `sourceType`
/// (integer: Default 0, Extension 1, Modification 2: what was blocked), `sourceContent`
/// (string: the blocked expansion or modified content). Android writes `msgUId` and
/// `sourceContent` when non-empty, the two integers always. Values outside the enums are kept
/// (a newer server may add kinds). Canonical order: as listed, then the shared keys.
public struct InterceptMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:InterceptMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

    /// UID of the blocked message (`msgUId`).
    public var msgUId: String?
    /// Why it was blocked (`interceptType`): 0 none, 1 global rule, 2 custom rule, 3 third-party
    /// moderation.
    public var interceptType: Int?
    /// What was blocked (`sourceType`): 0 the message, 1 an expansion, 2 a modification.
    public var sourceType: Int?
    /// The blocked expansion or modified content (`sourceContent`).
    public var sourceContent: String?
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates an intercept notice.
    public init(
        msgUId: String? = nil, interceptType: Int? = nil, sourceType: Int? = nil, sourceContent: String? = nil,
        common: ContentCommon = ContentCommon()
    ) {
        self.msgUId = msgUId
        self.interceptType = interceptType
        self.sourceType = sourceType
        self.sourceContent = sourceContent
        self.common = common
    }

    /// Every key the type reads, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case msgUId, interceptType, sourceType, sourceContent }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.msgUId): msgUId = try d.decodeString()
            case .own(.interceptType): interceptType = try d.decodeInt()
            case .own(.sourceType): sourceType = try d.decodeInt()
            case .own(.sourceContent): sourceContent = try d.decodeString()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("msgUId", msgUId)
        try w.field("interceptType", interceptType)
        try w.field("sourceType", sourceType)
        w.field("sourceContent", sourceContent)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
