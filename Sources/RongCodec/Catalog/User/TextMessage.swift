// Sources/RongCodec/Catalog/User/TextMessage.swift - RC:TxtMsg

/// RC:TxtMsg, a text message (iOS `RCTextMessage`, Android `TextMessage`).
///
/// Flag ISCOUNTED in every source (001:187-188, Android, Web, ENGINE). Keys: `content`, plus the
/// shared keys (message-catalog.md § 5.1). The seeds give the keys `content` and `extra`
/// (000:415-419). Canonical order: `content`, then the shared keys.
public struct TextMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:TxtMsg"
    public static let persistence = PersistenceFlag.isCounted

    // `common` first and without a default: the memberwise initializer, which the decoder
    // builds the value with (it moves what an explicit initializer copies), is then
    // `init(common:content:)`, not the public `init(content:common:)`.
    public var common: ContentCommon
    /// The text (`content`). Android omits it when empty.
    public var content: String?

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case content }
    static let fields = FieldTable(Key.self)
}

extension TextMessage {
    /// Creates a text message.
    public init(content: String? = nil, common: ContentCommon = ContentCommon()) {
        self.content = content
        self.common = common
    }

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        var content: String?
        var extra: String?, user: UserInfo?, mentionedInfo: MentionedInfo?, burn = BurnAfterReading()
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.content): content = try d.decodeString()
            case .shared(let key):
                try ContentCommon.decode(key, from: &d, extra: &extra, user: &user, mentionedInfo: &mentionedInfo, burn: &burn)
            }
        }
        self.init(
            common: ContentCommon(
                extra: consume extra, user: consume user, mentionedInfo: consume mentionedInfo, burn: burn,
                unknownFields: r.unknownFields, diagnostics: DecodeDiagnostics(d.leniencies)),
            content: consume content)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("content", content)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
