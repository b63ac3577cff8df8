// Sources/RongCodec/Catalog/Signalling/LogCommandMessage.swift - RC:LogCmdMsg

/// RC:LogCmdMsg, a server command asking the client to upload its logs (Android
/// `LogCmdMessage`).
///
/// Flag NONE (ANDROID-4.0 0, ENGINE neither counted nor persisted). Keys (message-catalog.md
/// § 7.8): `uri` (upload endpoint), `logId`, `platform`, `packageName`, `startTime`, `endTime`.
/// Types from a decompiled Android `LogCmdMessage` (an unattributed public SDK copy): strings,
/// written when non-null, and two `long` millisecond times, always written; an Android cloud
/// configuration sample (same kind of copy) carries the same keys with `platform` `"Android"`.
/// Canonical order as listed, then the shared keys.
public struct LogCommandMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:LogCmdMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

    /// Where to upload the logs (`uri`).
    public var uri: String?
    /// Identifier of the log request (`logId`).
    public var logId: String?
    /// Target platform, e.g. `Android` (`platform`).
    public var platform: String?
    /// Target application package (`packageName`).
    public var packageName: String?
    /// Start of the requested period, ms (`startTime`).
    public var startTime: Int64?
    /// End of the requested period, ms (`endTime`).
    public var endTime: Int64?
    /// The shared keys (`extra`, `user`, `mentionedInfo`, burn keys), unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a log command.
    public init(
        uri: String? = nil, logId: String? = nil, platform: String? = nil, packageName: String? = nil,
        startTime: Int64? = nil, endTime: Int64? = nil, common: ContentCommon = ContentCommon()
    ) {
        self.uri = uri
        self.logId = logId
        self.platform = platform
        self.packageName = packageName
        self.startTime = startTime
        self.endTime = endTime
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case uri, logId, platform, packageName, startTime, endTime }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.uri): uri = try d.decodeString()
            case .own(.logId): logId = try d.decodeString()
            case .own(.platform): platform = try d.decodeString()
            case .own(.packageName): packageName = try d.decodeString()
            case .own(.startTime): startTime = try d.decodeInt64()
            case .own(.endTime): endTime = try d.decodeInt64()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("uri", uri)
        w.field("logId", logId)
        w.field("platform", platform)
        w.field("packageName", packageName)
        w.field("startTime", startTime)
        w.field("endTime", endTime)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
