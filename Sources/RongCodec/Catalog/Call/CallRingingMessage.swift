// Sources/RongCodec/Catalog/Call/CallRingingMessage.swift - RC:VCRinging

/// RC:VCRinging, the callee's device is ringing (WEBv2 `RingingMessage`, GO-FL `VCRinging`).
///
/// Flag NONE (WEBv2 `MessageTag(false, false)`, ENGINE neither counted nor persisted).
/// Keys (message-catalog.md § 8): `callId`; GO-FL adds the shared `extra`. Canonical order:
/// `callId`, then the shared keys.
public struct CallRingingMessage: MessageContent {
    public static let objectName = "RC:VCRinging"
    public static let persistence = PersistenceFlag.none

    /// The call (`callId`).
    public var callId: String?
    /// The shared keys (`extra`, `user`, `mentionedInfo`, burn keys), unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a ringing message.
    public init(callId: String? = nil, common: ContentCommon = ContentCommon()) {
        self.callId = callId
        self.common = common
    }

    static let fields = FieldTable(["callId"])

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case 0: callId = try d.decodeString()
            default: try common.decode(field: f, of: Self.fields, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("callId", callId)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
