// Sources/RongCodec/Catalog/User/FileMessage.swift - RC:FileMsg

/// RC:FileMsg, a file (iOS `RCFileMessage`, WEBv2, FLUTTER and JAVA-SRV `FileMessage`).
///
/// Flag ISCOUNTED (001:494-495, ANDROID-4.0 3, WEBv2 3, ENGINE C P). Keys (message-catalog.md
/// § 5.6): `name`, `size` (bytes), `type` (the file extension, a string; JAVA-SRV's field
/// `fileType` is serialised as `type`), `fileUrl`. GO-SRV and GO-FL send `size` as a numeric
/// string; it is accepted (``Leniency/numericString``) and written as a number. `localPath` is
/// dropped. Canonical order: `name`, `size`, `type`, `fileUrl`, then the shared keys.
public struct FileMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:FileMsg"
    public static let persistence = PersistenceFlag.isCounted
    public static let attributes: ContentAttributes = .media

    /// Shared keys, unknown keys and diagnostics. First and without a default, so that the
    /// memberwise initializer the decoder builds the value with (it moves what an explicit
    /// initializer copies) is `init(common:…)`, not the public one.
    public var common: ContentCommon
    /// File name (`name`).
    public var name: String?
    /// Size in bytes (`size`; a numeric string is accepted on decode).
    public var size: Int64?
    /// File extension without the dot (`type`), e.g. `pdf`.
    public var type: String?
    /// Remote URL of the file (`fileUrl`).
    public var fileUrl: String?
}

extension FileMessage {
    /// Creates a file message.
    public init(
        name: String? = nil, size: Int64? = nil, type: String? = nil, fileUrl: String? = nil,
        common: ContentCommon = ContentCommon()
    ) {
        self.name = name
        self.size = size
        self.type = type
        self.fileUrl = fileUrl
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case name, size, type, fileUrl }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var name: String?
        var size: Int64?
        var type: String?
        var fileUrl: String?
        var extra: String?, user: UserInfo?, mentionedInfo: MentionedInfo?, burn = BurnAfterReading()
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.name): name = try d.decodeString()
            case .own(.size): size = try d.decodeInt64(acceptNumericString: true, range: Domain.nonNegativeInt64)
            case .own(.type): type = try d.decodeString()
            case .own(.fileUrl): fileUrl = try d.decodeString()
            case .shared(let key):
                try ContentCommon.decode(key, from: &d, extra: &extra, user: &user, mentionedInfo: &mentionedInfo, burn: &burn)
            }
        }
        self.init(
            common: ContentCommon(
                extra: consume extra, user: consume user, mentionedInfo: consume mentionedInfo, burn: burn,
                unknownFields: r.unknownFields, diagnostics: DecodeDiagnostics(d.leniencies)),
            name: consume name,
            size: size,
            type: consume type,
            fileUrl: consume fileUrl)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("name", name)
        try w.field("size", size, in: Domain.nonNegativeInt64)
        w.field("type", type)
        w.field("fileUrl", fileUrl)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
