// Sources/RongCodec/Catalog/User/TextMessage.swift - RC:TxtMsg

/// RC:TxtMsg, a text message (iOS `RCTextMessage`, Android `TextMessage`).
///
/// Flag ISCOUNTED in every source (001:187-188, Android, Web, ENGINE). Keys: `content`, plus the
/// shared keys (message-catalog.md § 5.1). The seeds give the keys `content` and `extra`
/// (000:415-419). Canonical order: `content`, then the shared keys.
public struct TextMessage: MessageContent {
    public static let objectName = "RC:TxtMsg"
    public static let persistence = PersistenceFlag.isCounted

    /// The text (`content`). Android omits it when empty.
    public var content: String?
    public var common = ContentCommon()

    /// Creates a text message.
    public init(content: String? = nil, common: ContentCommon = ContentCommon()) {
        self.content = content
        self.common = common
    }

    static let fields = FieldTable(["content"])

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case 0: content = try d.decodeString()
            default: try common.decode(field: f, of: Self.fields, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("content", content)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
