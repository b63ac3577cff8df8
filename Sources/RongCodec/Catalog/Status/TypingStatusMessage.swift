// Sources/RongCodec/Catalog/Status/TypingStatusMessage.swift - RC:TypSts

/// RC:TypSts, the typing indicator (iOS `RCTypingStatusMessage`, Android and WEBv2
/// `TypingStatusMessage`, Java server `TypingStatusMessage`).
///
/// Flag: **sources disagree**. ANDROID-4.0 tags it STATUS (16); WEBv2 registers 0 and ENGINE none,
/// both sending it on a status topic; the seeds call it the built-in status message (000:1336,
/// 000:4337). RongWire uses STATUS, which says the same thing as the Web SDKs' status topic
/// (delivered to online receivers only, never stored, counted or pushed). Keys
/// (message-catalog.md § 7.3): `typingContentType` (the objectName being typed; JAVA-SRV defaults
/// it to `RC:TxtMsg`) and `data` (string; ANDROID-4.0 writes it only when non-empty; JAVA-SRV and
/// GO-FL never). Canonical order: `typingContentType`, `data`, then the shared keys (spec
/// CONTENT-TYPSTS-*).
public struct TypingStatusMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:TypSts"
    public static let persistence = PersistenceFlag.status
    public static let attributes: ContentAttributes = .command

    /// Shared keys, unknown keys and diagnostics. First and without a default, so that the
    /// memberwise initializer the decoder builds the value with (it moves what an explicit
    /// initializer copies) is `init(common:…)`, not the public one.
    public var common: ContentCommon
    /// objectName of the content being typed, e.g. `RC:TxtMsg` (`typingContentType`).
    public var typingContentType: String?
    /// Free-form data (`data`).
    public var data: String?
}

extension TypingStatusMessage {
    /// Creates a typing status.
    public init(typingContentType: String? = nil, data: String? = nil, common: ContentCommon = ContentCommon()) {
        self.typingContentType = typingContentType
        self.data = data
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case typingContentType, data }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var typingContentType: String?
        var data: String?
        var extra: String?, user: UserInfo?, mentionedInfo: MentionedInfo?, burn = BurnAfterReading()
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.typingContentType): typingContentType = try d.decodeString()
            case .own(.data): data = try d.decodeString()
            case .shared(let key):
                try ContentCommon.decode(key, from: &d, extra: &extra, user: &user, mentionedInfo: &mentionedInfo, burn: &burn)
            }
        }
        self.init(
            common: ContentCommon(
                extra: consume extra, user: consume user, mentionedInfo: consume mentionedInfo, burn: burn,
                unknownFields: r.unknownFields, diagnostics: DecodeDiagnostics(d.leniencies)),
            typingContentType: consume typingContentType,
            data: consume data)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("typingContentType", typingContentType)
        w.field("data", data)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
