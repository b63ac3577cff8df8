// Sources/RongCodec/Catalog/User/StreamMessage.swift - RC:StreamMsg

/// RC:StreamMsg, one packet of a streamed text reply (newer type; GO-FL `StreamMsg` is the only
/// public source).
///
/// Flag: no source gives one; RongWire uses ISCOUNTED, like RC:TxtMsg, whose place a finished
/// stream takes [I]. Keys (message-catalog.md § 9; GO-FL comments): `content` (this packet's
/// fragment), `seq` (sequence number, > 0 and increasing), `complete` (end of stream),
/// `completeReason` (custom end code, an integer), `type` (`text`, the default, `markdown` or
/// `html`; other strings are kept), `messageUID` (id of the stream, for resuming). GO-FL sends
/// `user`, `mentionedInfo` and `extra` in the first packet only. Canonical order: `content`,
/// `seq`, `complete`, `completeReason`, `type`, `messageUID`, then the shared keys.
public struct StreamMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:StreamMsg"
    public static let persistence = PersistenceFlag.isCounted

    /// This packet's text fragment (`content`).
    public var content: String?
    /// Sequence number, 1 or more (`seq`).
    public var seq: Int64?
    /// Whether this packet ends the stream (`complete`).
    public var complete: Bool?
    /// Custom end code (`completeReason`; a numeric string is accepted on decode).
    public var completeReason: Int?
    /// Format of the text (`type`): `text`, `markdown` or `html`. Absent means `text` (GO-FL).
    public var type: String?
    /// Id of the stream (`messageUID`).
    public var messageUID: String?
    /// Shared keys (`extra`, `user`, `mentionedInfo`, burn-after-reading), unknown keys, diagnostics.
    public var common = ContentCommon()

    /// Creates a stream packet.
    public init(
        content: String? = nil, seq: Int64? = nil, complete: Bool? = nil, completeReason: Int? = nil,
        type: String? = nil, messageUID: String? = nil, common: ContentCommon = ContentCommon()
    ) {
        self.content = content
        self.seq = seq
        self.complete = complete
        self.completeReason = completeReason
        self.type = type
        self.messageUID = messageUID
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case content, seq, complete, completeReason, type, messageUID }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.content): content = try d.decodeString()
            // GO-FL documents seq as "> 0, increasing"; 0 would be the Go zero value, not a packet.
            case .own(.seq): seq = try d.decodeInt64(range: Domain.positiveInt64)
            case .own(.complete): complete = try d.decodeBool()
            case .own(.completeReason): completeReason = try d.decodeInt(acceptNumericString: true)
            case .own(.type): type = try d.decodeString()
            case .own(.messageUID): messageUID = try d.decodeString()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("content", content)
        try w.field("seq", seq, in: Domain.positiveInt64)
        w.field("complete", complete)
        try w.field("completeReason", completeReason)
        w.field("type", type)
        w.field("messageUID", messageUID)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
