// Sources/RongCodec/Catalog/Signalling/BurnNoticeMessage.swift - RC:BurnNoticeMsg

/// RC:BurnNoticeMsg, the notice that burn-after-reading messages were destroyed (ANDROID-4.0
/// `DestructionCmdMessage`).
///
/// Flag NONE (ANDROID-4.0 `flag = 0`; no other source registers it). Key (message-catalog.md
/// § 7.7): `burnMessageUIds`, an array of messageUIds; Android always writes it and writes no
/// shared key. Canonical order: `burnMessageUIds`, then the shared keys.
public struct BurnNoticeMessage: MessageContent {
    public static let objectName = "RC:BurnNoticeMsg"
    public static let persistence = PersistenceFlag.none

    /// UIDs of the destroyed messages (`burnMessageUIds`).
    public var burnMessageUIds: [String]?
    /// The shared keys (`extra`, `user`, `mentionedInfo`, burn keys), unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a burn notice.
    public init(burnMessageUIds: [String]? = nil, common: ContentCommon = ContentCommon()) {
        self.burnMessageUIds = burnMessageUIds
        self.common = common
    }

    static let fields = FieldTable(["burnMessageUIds"])

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case 0: burnMessageUIds = try d.decodeStringArray()
            default: try common.decode(field: f, of: Self.fields, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("burnMessageUIds", burnMessageUIds)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
