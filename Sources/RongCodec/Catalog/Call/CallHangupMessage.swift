// Sources/RongCodec/Catalog/Call/CallHangupMessage.swift - RC:VCHangup

/// RC:VCHangup, a participant hangs up (WEBv2 `HungupMessage`, GO-FL `VCHangup`).
///
/// Flag NONE (WEBv2 `MessageTag(false, false)`, ENGINE neither counted nor persisted).
/// Keys (message-catalog.md § 8, WEBv2): `callId`, `reason`, `mode`, `subInfo`; GO-FL sends
/// `callId`, `reason` (int) and `extra`. Canonical order: `callId`, `reason`, `mode`,
/// `subInfo`, then the shared keys.
public struct CallHangupMessage: MessageContent {
    public static let objectName = "RC:VCHangup"
    public static let persistence = PersistenceFlag.none

    /// The call (`callId`).
    public var callId: String?
    /// Hang-up reason code (`reason`; the call SDKs' disconnect-reason enum).
    public var reason: Int?
    /// Call mode (`mode`, an integer in WEBv2; values not documented).
    public var mode: Int?
    /// Engine-specific subscription info (`subInfo`), kept as any JSON value.
    public var subInfo: JSONValue?
    /// The shared keys (`extra`, `user`, `mentionedInfo`, burn keys), unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a hang-up message.
    public init(
        callId: String? = nil, reason: Int? = nil, mode: Int? = nil, subInfo: JSONValue? = nil,
        common: ContentCommon = ContentCommon()
    ) {
        self.callId = callId
        self.reason = reason
        self.mode = mode
        self.subInfo = subInfo
        self.common = common
    }

    static let fields = FieldTable(["callId", "reason", "mode", "subInfo"])

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case 0: callId = try d.decodeString()
            case 1: reason = try d.decodeInt()
            case 2: mode = try d.decodeInt()
            case 3: subInfo = try d.decodeOpenValue()
            default: try common.decode(field: f, of: Self.fields, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("callId", callId)
        try w.field("reason", reason)
        try w.field("mode", mode)
        try w.field("subInfo", subInfo)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
