// Sources/RongCodec/Catalog/User/LocationMessage.swift - RC:LBSMsg

/// RC:LBSMsg, a location (iOS `RCLocationMessage`, Android and WEBv2 `LocationMessage`,
/// JAVA-SRV `LBSMessage`).
///
/// Flag ISCOUNTED (001:218-219, ANDROID-4.0 3, WEBv2 3, ENGINE C P). Keys (message-catalog.md
/// § 5.8): `content` (base64 JPEG thumbnail; Android puts the image URI there when it has no
/// base64), `latitude` and `longitude` (required numbers: every implementation writes them and
/// Android reads them with `getDouble`), `poi` (place name; the seed's `locationName`, 001:226-232).
/// Coordinates outside ±90 / ±180 are rejected: the published legacy sample with longitude
/// 334.221 is not a location. Flutter's spurious `mBase64` and `mImgUri` stay unknown keys.
/// Canonical order: `content`, `latitude`, `longitude`, `poi`, then the shared keys.
public struct LocationMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:LBSMsg"
    public static let persistence = PersistenceFlag.isCounted

    /// Base64 JPEG thumbnail of the map (`content`).
    public var content: String?
    /// Latitude in degrees, -90...90 (`latitude`, required).
    public var latitude: Double
    /// Longitude in degrees, -180...180 (`longitude`, required).
    public var longitude: Double
    /// Place name (`poi`).
    public var poi: String?
    /// Shared keys (`extra`, `user`, `mentionedInfo`, burn-after-reading), unknown keys, diagnostics.
    public var common = ContentCommon()

    /// Creates a location message.
    public init(
        content: String? = nil, latitude: Double, longitude: Double, poi: String? = nil,
        common: ContentCommon = ContentCommon()
    ) {
        self.content = content
        self.latitude = latitude
        self.longitude = longitude
        self.poi = poi
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case content, latitude, longitude, poi }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        let start = d.offset
        var lat: Double?
        var lng: Double?
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.content): content = try d.decodeString()
            case .own(.latitude):
                let at = d.offset
                lat = try d.decodeDouble()
                if let v = lat { try Self.check(latitude: v, at: at) }
            case .own(.longitude):
                let at = d.offset
                lng = try d.decodeDouble()
                if let v = lng { try Self.check(longitude: v, at: at) }
            case .own(.poi): poi = try d.decodeString()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        guard let lat, let lng else {
            throw CodecError(.missingRequiredField, "RC:LBSMsg requires latitude and longitude", offset: start)
        }
        latitude = lat
        longitude = lng
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        // The decoder's range checks, at the value's position in the output.
        w.beginObject()
        w.field("content", content)
        w.key("latitude")
        try Self.check(latitude: latitude, at: w.bytes.count)
        try w.double(latitude)
        w.key("longitude")
        try Self.check(longitude: longitude, at: w.bytes.count)
        try w.double(longitude)
        w.field("poi", poi)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }

    private static func check(latitude v: Double, at offset: Int) throws(CodecError) {
        guard (-90.0...90.0).contains(v) else {
            throw CodecError(.invalidValue, "latitude \(v) is outside -90...90", offset: offset)
        }
    }

    private static func check(longitude v: Double, at offset: Int) throws(CodecError) {
        guard (-180.0...180.0).contains(v) else {
            throw CodecError(.invalidValue, "longitude \(v) is outside -180...180", offset: offset)
        }
    }
}
