// Sources/RongCodec/Catalog/Call/CallRingingMessage.swift - RC:VCRinging

/// RC:VCRinging, the callee's device is ringing (WEBv2 `RingingMessage`, GO-FL `VCRinging`).
///
/// Flag NONE (WEBv2 `MessageTag(false, false)`, ENGINE neither counted nor persisted).
/// Keys (message-catalog.md § 8): `callId`; GO-FL adds the shared `extra`. Canonical order:
/// `callId`, then the shared keys.
public struct CallRingingMessage: MessageContent, DeclaresFieldTable {
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

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case callId }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.callId): callId = try d.decodeString()
            case .shared(let key): try common.decode(key, from: &d)
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
