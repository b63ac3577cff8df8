// Sources/RongCodec/Catalog/User/VoiceMessage.swift - RC:VcMsg

/// RC:VcMsg, a legacy voice message carrying AMR audio inline (Android `VoiceMessage`, WEBv2
/// `VoiceMessage`, JAVA-SRV `VoiceMessage`, GO-SRV `VCMsg`).
///
/// Flag ISCOUNTED (ANDROID-4.0 3, WEBv2 3, ENGINE C P); not in the seeds. Keys
/// (message-catalog.md § 5.4): `content` (base64 AMR audio), `duration` (seconds). GO-SRV types
/// `duration` as `interface{}`, so a numeric string is accepted (``Leniency/numericString``), and
/// sends the objectName `RC:VCMsg`, an alias (spec CONTENT-NAME-001). Canonical order:
/// `content`, `duration`, then the shared keys.
public struct VoiceMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:VcMsg"
    public static let persistence = PersistenceFlag.isCounted

    /// Base64 AMR audio (`content`).
    public var content: String?
    /// Length in seconds (`duration`).
    public var duration: Int?
    /// Shared keys (`extra`, `user`, `mentionedInfo`, burn-after-reading), unknown keys, diagnostics.
    public var common = ContentCommon()

    /// Creates a voice message.
    public init(content: String? = nil, duration: Int? = nil, common: ContentCommon = ContentCommon()) {
        self.content = content
        self.duration = duration
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case content, duration }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.content): content = try d.decodeString()
            case .own(.duration): duration = try d.decodeInt(acceptNumericString: true, range: Domain.nonNegativeInt32)
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("content", content)
        try w.field("duration", duration, in: Domain.nonNegativeInt32)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
