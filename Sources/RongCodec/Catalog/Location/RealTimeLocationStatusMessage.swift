// Sources/RongCodec/Catalog/Location/RealTimeLocationStatusMessage.swift - RC:RL

/// RC:RL, one position update during real-time location sharing (Android
/// `RealTimeLocationStatusMessage`).
///
/// Flag STATUS (ANDROID-4.0 `flag = 16`): positions go to online participants only. **Sources
/// disagree**: older decompiled Android IMLib copies (unattributed public SDK copies) register
/// RC:RL with flag 0 and write no `type`; RongWire follows the newer ANDROID-4.0 class. Keys
/// (message-catalog.md § 7.9): `latitude`, `longitude` (doubles, always written) and `type`
/// (integer `RealTimeLocationType`, always written by ANDROID-4.0, `0` by default).
/// Canonical order: `latitude`, `longitude`, `type`, then the shared keys.
public struct RealTimeLocationStatusMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:RL"
    public static let persistence = PersistenceFlag.status

    /// Latitude in degrees (`latitude`). No range is checked: no source states one.
    public var latitude: Double?
    /// Longitude in degrees (`longitude`).
    public var longitude: Double?
    /// Android `RealTimeLocationType` value (`type`); absent in older Android versions.
    public var type: Int?
    /// The shared keys (`extra`, `user`, `mentionedInfo`, burn keys), unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates a position update.
    public init(latitude: Double? = nil, longitude: Double? = nil, type: Int? = nil, common: ContentCommon = ContentCommon()) {
        self.latitude = latitude
        self.longitude = longitude
        self.type = type
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case latitude, longitude, type }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.latitude): latitude = try d.decodeDouble()
            case .own(.longitude): longitude = try d.decodeDouble()
            case .own(.type): type = try d.decodeInt()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        try w.field("latitude", latitude)
        try w.field("longitude", longitude)
        try w.field("type", type)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
