// Sources/RongCodec/Catalog/User/CombineMessage.swift - RC:CombineMsg

/// RC:CombineMsg, several messages forwarded as one; the messages themselves are in an HTML file
/// at `remoteUrl` (iOS `RCCombineMessage`, ANDROID-KIT `CombineMessage`, WEBv2 `RCCombineMessage`).
///
/// Flag ISCOUNTED (ANDROID-KIT ISCOUNTED | ISPERSISTED, WEBv2 3, ENGINE C P). Keys
/// (message-catalog.md § 5.11): `title`, `name`, `remoteUrl` (000:5355-5362), `conversationType`
/// (of the forwarded messages), `nameList` and `summaryList` (arrays of strings; GO-FL sends
/// comma-joined strings, accepted with ``Leniency/commaSeparatedList``). WEBv2's `obtain()` puts
/// the URL under `content`: with no `remoteUrl` a string `content` becomes `remoteUrl`
/// (``Leniency/combineUrlUnderContent``); otherwise `content` stays an unknown key (`null` is
/// absent, ``Leniency/nullAsAbsent``). `localPath`
/// is dropped. Canonical order: `title`, `name`, `remoteUrl`, `conversationType`, `nameList`,
/// `summaryList`, then the shared keys.
public struct CombineMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:CombineMsg"
    public static let persistence = PersistenceFlag.isCounted
    public static let attributes: ContentAttributes = .media

    /// Title shown on the card (`title`).
    public var title: String?
    /// Name of the HTML file (`name`).
    public var name: String?
    /// URL of the HTML file holding the forwarded messages (`remoteUrl`).
    public var remoteUrl: String?
    /// Conversation type the messages were forwarded from (`conversationType`).
    public var conversationType: Int?
    /// Sender names shown on the card (`nameList`).
    public var nameList: [String]?
    /// One-line summaries of the first messages (`summaryList`).
    public var summaryList: [String]?
    /// Shared keys (`extra`, `user`, `mentionedInfo`, burn-after-reading), unknown keys, diagnostics.
    public var common = ContentCommon()

    /// Creates a combine message.
    public init(
        title: String? = nil, name: String? = nil, remoteUrl: String? = nil, conversationType: Int? = nil,
        nameList: [String]? = nil, summaryList: [String]? = nil, common: ContentCommon = ContentCommon()
    ) {
        self.title = title
        self.name = name
        self.remoteUrl = remoteUrl
        self.conversationType = conversationType
        self.nameList = nameList
        self.summaryList = summaryList
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case title, name, remoteUrl, conversationType, nameList, summaryList, content }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var content: JSONValue?
        var contentAt = 0
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.title): title = try d.decodeString()
            case .own(.name): name = try d.decodeString()
            case .own(.remoteUrl): remoteUrl = try d.decodeString()
            case .own(.conversationType): conversationType = try d.decodeInt()
            case .own(.nameList): nameList = try d.decodeStringList()
            case .own(.summaryList): summaryList = try d.decodeStringList()
            case .own(.content):
                // Resolved after the loop: `remoteUrl` may still follow.
                contentAt = r.keyOffset
                content = try d.decodeOpenValue()  // `null` is absent, as for any known key
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        if let content {
            if remoteUrl == nil, case .string(let url) = content {
                remoteUrl = url
                try d.noteLeniency(.combineUrlUnderContent, at: contentAt)
            } else {
                d.keepAsUnknown("content", content, in: &r)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("title", title)
        w.field("name", name)
        w.field("remoteUrl", remoteUrl)
        try w.field("conversationType", conversationType)
        w.field("nameList", nameList)
        w.field("summaryList", summaryList)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
