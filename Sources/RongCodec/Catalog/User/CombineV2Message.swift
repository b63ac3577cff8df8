// Sources/RongCodec/Catalog/User/CombineV2Message.swift - RC:CombineV2Msg

/// RC:CombineV2Msg, the merged forward of IMLib 5.x (iOS `RCCombineV2Message`, Android
/// `CombineV2Message`; unattributed public SDK copies), which carries the forwarded messages
/// themselves instead of an HTML page (RC:CombineMsg).
///
/// Flag ISCOUNTED and a media type: RUST registry (official-sdks.md § 1); Android
/// `@MessageTag(flag = 3)` on a `MediaMessageContent`. Keys, as Android's `encode` writes them:
/// `name` (file name of the uploaded list), `remoteUrl` (its URL), `conversationType` (integer),
/// `nameList` (array of strings: the senders' names, or the group name), `jsonMsgKey` (string:
/// the key of the uploaded list, present only when the messages exceed 12 KB, and then without
/// `msgList`), `summaryList` (array of strings: "sender: summary" lines), `msgList` (array of
/// ``CombineV2MessageItem``), `msgNum` (integer, the number of forwarded messages). Canonical
/// order: as listed, then the shared keys (spec CONTENT-COMBINEV2-*).
public struct CombineV2Message: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:CombineV2Msg"
    public static let persistence = PersistenceFlag.isCounted
    public static let attributes: ContentAttributes = .media

    /// File name of the uploaded message list (`name`).
    public var name: String?
    /// URL of the uploaded message list (`remoteUrl`).
    public var remoteUrl: String?
    /// Conversation type the messages were forwarded from (`conversationType`).
    public var conversationType: Int?
    /// Names of the forwarded messages' senders, or the group name (`nameList`).
    public var nameList: [String]?
    /// Key of the uploaded message list when it is too large to inline (`jsonMsgKey`).
    public var jsonMsgKey: String?
    /// Summary lines shown in the bubble (`summaryList`).
    public var summaryList: [String]?
    /// The forwarded messages, when inlined (`msgList`).
    public var msgList: [CombineV2MessageItem]?
    /// Number of forwarded messages (`msgNum`).
    public var msgNum: Int?
    /// Shared keys (`extra`, `user`, `mentionedInfo`, burn-after-reading), unknown keys, diagnostics.
    public var common = ContentCommon()

    /// Creates a merged forward.
    public init(
        name: String? = nil, remoteUrl: String? = nil, conversationType: Int? = nil, nameList: [String]? = nil,
        jsonMsgKey: String? = nil, summaryList: [String]? = nil, msgList: [CombineV2MessageItem]? = nil, msgNum: Int? = nil,
        common: ContentCommon = ContentCommon()
    ) {
        self.name = name
        self.remoteUrl = remoteUrl
        self.conversationType = conversationType
        self.nameList = nameList
        self.jsonMsgKey = jsonMsgKey
        self.summaryList = summaryList
        self.msgList = msgList
        self.msgNum = msgNum
        self.common = common
    }

    /// Every key the type reads, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case name, remoteUrl, conversationType, nameList, jsonMsgKey, summaryList, msgList, msgNum }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.name): name = try d.decodeString()
            case .own(.remoteUrl): remoteUrl = try d.decodeString()
            case .own(.conversationType): conversationType = try d.decodeInt()
            case .own(.nameList): nameList = try d.decodeStringArray()
            case .own(.jsonMsgKey): jsonMsgKey = try d.decodeString()
            case .own(.summaryList): summaryList = try d.decodeStringArray()
            case .own(.msgList): msgList = try CombineV2MessageItem.decodeList(from: &d)
            case .own(.msgNum): msgNum = try d.decodeInt(range: Domain.nonNegativeInt32)
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("name", name)
        w.field("remoteUrl", remoteUrl)
        try w.field("conversationType", conversationType)
        w.field("nameList", nameList)
        w.field("jsonMsgKey", jsonMsgKey)
        w.field("summaryList", summaryList)
        try CombineV2MessageItem.encode(msgList, to: &w)
        try w.field("msgNum", msgNum, in: Domain.nonNegativeInt32)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
