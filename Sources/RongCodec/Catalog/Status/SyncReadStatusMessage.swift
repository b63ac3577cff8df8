// Sources/RongCodec/Catalog/Status/SyncReadStatusMessage.swift - RC:SRSMsg

/// RC:SRSMsg, multi-device read-status sync (WEBv2 `SyncReadStatusMessage`, GO-FL `SRSMsg`):
/// the sender's other devices mark everything at or before the time as read (000:11259-11269).
///
/// Flag NONE (ANDROID-4.0 0, WEBv2 0, ENGINE none). Keys (message-catalog.md § 7.4):
/// `lastMessageSendTime` (required integer ms, a number in ANDROID-4.0 and WEBv2; a numeric
/// string is accepted like RC:ReadNtf's,
/// ``Leniency/numericString``; GO-FL's `lastMessageSend` is an alias,
/// ``Leniency/lastMessageSendAlias``, which loses to the documented key and then stays an
/// unknown key). Canonical order: `lastMessageSendTime`, then the shared keys (spec
/// CONTENT-SRS-*).
public struct SyncReadStatusMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:SRSMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command

    /// Everything sent at or before this time, ms, is read (`lastMessageSendTime`, required).
    public var lastMessageSendTime: Int64
    /// Shared keys, unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a read-status sync.
    public init(lastMessageSendTime: Int64, common: ContentCommon = ContentCommon()) {
        self.lastMessageSendTime = lastMessageSendTime
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case lastMessageSendTime, lastMessageSend }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        let start = d.offset
        var time: Int64?
        var alias: Int64?
        var aliasAt = 0
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.lastMessageSendTime): time = try d.decodeInt64(acceptNumericString: true)
            case .own(.lastMessageSend):
                aliasAt = r.keyOffset
                // GO-FL writes an int64; a losing alias is then kept exactly as sent.
                alias = try d.decodeInt64()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        if d.adoptAlias(alias, into: &time, key: "lastMessageSend", json: { .number(JSONNumber($0)) }, in: &r) {
            try d.noteLeniency(.lastMessageSendAlias, at: aliasAt)
        }
        guard let time else {
            throw CodecError(.missingRequiredField, "RC:SRSMsg requires lastMessageSendTime", offset: start)
        }
        lastMessageSendTime = time
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("lastMessageSendTime", lastMessageSendTime)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
