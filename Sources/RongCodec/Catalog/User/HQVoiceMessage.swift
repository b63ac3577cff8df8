// Sources/RongCodec/Catalog/User/HQVoiceMessage.swift - RC:HQVCMsg

/// RC:HQVCMsg, a high-quality voice message whose AAC audio is uploaded (iOS `RCHQVoiceMessage`,
/// WEBv2 `HQVoiceMessage`, FLUTTER `VoiceMessage`, JAVA-SRV `HQVoiceMessage`).
///
/// Flag ISCOUNTED (001:459-460, ANDROID-4.0 3, WEBv2 3, ENGINE C P). The seed spellings
/// `RC:HQVcMsg` (000:3484) and `RC:HQVoiceMsg` (000:3530) are alias objectNames (spec
/// CONTENT-NAME-001). Keys (message-catalog.md § 5.5): `name` (Android, Go), `remoteUrl`,
/// `duration` (seconds), `type` (audio format; WEBv2 writes `aac`). `localPath` is dropped.
/// Canonical order: `name`, `remoteUrl`, `duration`, `type`, then the shared keys.
public struct HQVoiceMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:HQVCMsg"
    public static let persistence = PersistenceFlag.isCounted
    public static let attributes: ContentAttributes = .media

    /// Shared keys, unknown keys and diagnostics. First and without a default, so that the
    /// memberwise initializer the decoder builds the value with (it moves what an explicit
    /// initializer copies) is `init(common:…)`, not the public one.
    public var common: ContentCommon
    /// File name (`name`).
    public var name: String?
    /// Remote URL of the AAC audio (`remoteUrl`).
    public var remoteUrl: String?
    /// Length in seconds (`duration`).
    public var duration: Int?
    /// Audio format (`type`; WEBv2 writes `aac`, other SDKs omit it). Absent stays absent.
    public var type: String?
}

extension HQVoiceMessage {
    /// Creates a high-quality voice message.
    public init(
        name: String? = nil, remoteUrl: String? = nil, duration: Int? = nil, type: String? = nil,
        common: ContentCommon = ContentCommon()
    ) {
        self.name = name
        self.remoteUrl = remoteUrl
        self.duration = duration
        self.type = type
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case name, remoteUrl, duration, type }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var name: String?
        var remoteUrl: String?
        var duration: Int?
        var type: String?
        var extra: String?, user: UserInfo?, mentionedInfo: MentionedInfo?, burn = BurnAfterReading()
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.name): name = try d.decodeString()
            case .own(.remoteUrl): remoteUrl = try d.decodeString()
            case .own(.duration): duration = try d.decodeInt(range: Domain.nonNegativeInt32)
            case .own(.type): type = try d.decodeString()
            case .shared(let key):
                try ContentCommon.decode(key, from: &d, extra: &extra, user: &user, mentionedInfo: &mentionedInfo, burn: &burn)
            }
        }
        self.init(
            common: ContentCommon(
                extra: consume extra, user: consume user, mentionedInfo: consume mentionedInfo, burn: burn,
                unknownFields: r.unknownFields, diagnostics: DecodeDiagnostics(d.leniencies)),
            name: consume name,
            remoteUrl: consume remoteUrl,
            duration: duration,
            type: consume type)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("name", name)
        w.field("remoteUrl", remoteUrl)
        try w.field("duration", duration, in: Domain.nonNegativeInt32)
        w.field("type", type)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
