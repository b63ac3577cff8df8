// Sources/RongNIM/Model/NIMMediaObjects.swift - image, audio, video, file and location attachments

import RongCodec

/// A `CGSize` (image size, video cover size): non-negative finite numbers.
public struct NIMSize: Hashable, Sendable {
    /// Width in points.
    public var width: JSONNumber
    /// Height in points.
    public var height: JSONNumber

    /// A size.
    public init(width: JSONNumber, height: JSONNumber) {
        self.width = width
        self.height = height
    }

    init(json: JSONValue, path: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: path, what: "a size")
        guard let w = try f.number("width") else { throw CodecError(.missingRequiredField, "width is required", path: f.at("width")) }
        guard let h = try f.number("height") else { throw CodecError(.missingRequiredField, "height is required", path: f.at("height")) }
        for (n, key) in [(w, "width"), (h, "height")] where n.doubleValue < 0 {
            throw f.invalid(key, "\(key) must not be negative")
        }
        try f.finish()
        self.init(width: w, height: h)
    }

    var jsonValue: JSONValue { .object(JSONObject([.init(key: "width", value: .number(width)), .init(key: "height", value: .number(height))])) }
}

/// Durations are milliseconds (003:913-916, 003:1052-1055); the form takes 0 to 2,147,483,647,499:
/// what rounds to RongCloud's largest duration, 2^31-1 s (kit choice).
let durationRange: ClosedRange<Int64> = 0...2_147_483_647_499
/// File lengths are `long long` bytes (003:737, 003:1060).
let fileLengthRange: ClosedRange<Int64> = 0...Int64.max

/// `NIMImageObject` (003:664-756). `option` is send-side only and not part of the form.
public struct NIMImageObject: Hashable, Sendable {
    /// The name shown in the UI.
    public var displayName: String?
    /// Remote URL of the full image.
    public var url: String?
    /// Remote thumbnail URL (NIM-hosted files only, 003:721).
    public var thumbUrl: String?
    /// Local path of the full image.
    public var path: String?
    /// Local path of the thumbnail.
    public var thumbPath: String?
    /// Image dimensions (`CGSize`, 003:726).
    public var size: NIMSize?
    /// Bytes (003:737).
    public var fileLength: Int64?
    /// MD5 of the data (the current header; not in the seed).
    public var md5: String?

    /// An attachment with no member set.
    public init() {}

    init(json: JSONValue, path p: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: p, what: "an image attachment")
        displayName = try f.string("displayName")
        url = try f.string("url")
        thumbUrl = try f.string("thumbUrl")
        path = try f.string("path")
        thumbPath = try f.string("thumbPath")
        if let s = f.value("size") { size = try NIMSize(json: s, path: f.at("size")) }
        fileLength = try f.integer("fileLength", in: fileLengthRange)
        md5 = try f.string("md5")
        try f.finish()
    }

    var jsonValue: JSONValue {
        var o = JSONObject()
        o["displayName"] = displayName.map(JSONValue.string)
        o["url"] = url.map(JSONValue.string)
        o["thumbUrl"] = thumbUrl.map(JSONValue.string)
        o["path"] = path.map(JSONValue.string)
        o["thumbPath"] = thumbPath.map(JSONValue.string)
        o["size"] = size?.jsonValue
        o["fileLength"] = fileLength.map { .number(JSONNumber($0)) }
        o["md5"] = md5.map(JSONValue.string)
        return .object(o)
    }
}

/// `NIMAudioObject` (003:881-925; `md5` and `displayName` from the current header).
public struct NIMAudioObject: Hashable, Sendable {
    /// Remote URL.
    public var url: String?
    /// Local path (device only).
    public var path: String?
    /// Milliseconds (003:913-916).
    public var duration: Int64?
    /// MD5 of the data (the current header).
    public var md5: String?
    /// The name shown in the UI (the current header).
    public var displayName: String?

    /// An attachment with no member set.
    public init() {}

    init(json: JSONValue, path p: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: p, what: "an audio attachment")
        url = try f.string("url")
        path = try f.string("path")
        duration = try f.integer("duration", in: durationRange)
        md5 = try f.string("md5")
        displayName = try f.string("displayName")
        try f.finish()
    }

    var jsonValue: JSONValue {
        var o = JSONObject()
        o["url"] = url.map(JSONValue.string)
        o["path"] = path.map(JSONValue.string)
        o["duration"] = duration.map { .number(JSONNumber($0)) }
        o["md5"] = md5.map(JSONValue.string)
        o["displayName"] = displayName.map(JSONValue.string)
        return .object(o)
    }
}

/// `NIMVideoObject` (003:991-1074).
public struct NIMVideoObject: Hashable, Sendable {
    /// The name shown in the UI.
    public var displayName: String?
    /// Remote URL.
    public var url: String?
    /// MD5 of the data.
    public var md5: String?
    /// Local path (device only).
    public var path: String?
    /// Remote cover image (NIM-hosted videos only, 003:1039).
    public var coverUrl: String?
    /// Local path of the cover image.
    public var coverPath: String?
    /// Cover dimensions (computed by the SDK, 003:1049).
    public var coverSize: NIMSize?
    /// Milliseconds (003:1052-1055).
    public var duration: Int64?
    /// Bytes.
    public var fileLength: Int64?

    /// An attachment with no member set.
    public init() {}

    init(json: JSONValue, path p: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: p, what: "a video attachment")
        displayName = try f.string("displayName")
        url = try f.string("url")
        md5 = try f.string("md5")
        path = try f.string("path")
        coverUrl = try f.string("coverUrl")
        coverPath = try f.string("coverPath")
        if let s = f.value("coverSize") { coverSize = try NIMSize(json: s, path: f.at("coverSize")) }
        duration = try f.integer("duration", in: durationRange)
        fileLength = try f.integer("fileLength", in: fileLengthRange)
        try f.finish()
    }

    var jsonValue: JSONValue {
        var o = JSONObject()
        o["displayName"] = displayName.map(JSONValue.string)
        o["url"] = url.map(JSONValue.string)
        o["md5"] = md5.map(JSONValue.string)
        o["path"] = path.map(JSONValue.string)
        o["coverUrl"] = coverUrl.map(JSONValue.string)
        o["coverPath"] = coverPath.map(JSONValue.string)
        o["coverSize"] = coverSize?.jsonValue
        o["duration"] = duration.map { .number(JSONNumber($0)) }
        o["fileLength"] = fileLength.map { .number(JSONNumber($0)) }
        return .object(o)
    }
}

/// `NIMFileObject` (003:1142-1200).
public struct NIMFileObject: Hashable, Sendable {
    /// The name shown in the UI.
    public var displayName: String?
    /// Remote URL.
    public var url: String?
    /// MD5 of the data.
    public var md5: String?
    /// Local path (device only).
    public var path: String?
    /// Bytes.
    public var fileLength: Int64?

    /// An attachment with no member set.
    public init() {}

    init(json: JSONValue, path p: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: p, what: "a file attachment")
        displayName = try f.string("displayName")
        url = try f.string("url")
        md5 = try f.string("md5")
        path = try f.string("path")
        fileLength = try f.integer("fileLength", in: fileLengthRange)
        try f.finish()
    }

    var jsonValue: JSONValue {
        var o = JSONObject()
        o["displayName"] = displayName.map(JSONValue.string)
        o["url"] = url.map(JSONValue.string)
        o["md5"] = md5.map(JSONValue.string)
        o["path"] = path.map(JSONValue.string)
        o["fileLength"] = fileLength.map { .number(JSONNumber($0)) }
        return .object(o)
    }
}

/// `NIMLocationObject` (003:1268-1301): degrees, both required. A latitude outside -90...90 or a
/// longitude outside -180...180 is `invalidValue`: the seed's own example passes them swapped
/// (003:1324, latitude 120.15515), which this catches.
public struct NIMLocationObject: Hashable, Sendable {
    /// Degrees, -90...90.
    public var latitude: JSONNumber
    /// Degrees, -180...180.
    public var longitude: JSONNumber
    /// The place name.
    public var title: String?

    /// A location; mind the argument order the seed's own example swaps (003:1324).
    public init(latitude: JSONNumber, longitude: JSONNumber, title: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.title = title
    }

    init(json: JSONValue, path p: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: p, what: "a location attachment")
        guard let lat = try f.number("latitude") else { throw CodecError(.missingRequiredField, "latitude is required", path: f.at("latitude")) }
        guard let lon = try f.number("longitude") else { throw CodecError(.missingRequiredField, "longitude is required", path: f.at("longitude")) }
        guard (-90...90).contains(lat.doubleValue) else {
            throw f.invalid("latitude", "latitude \(lat) is outside -90...90 (latitude and longitude swapped? see 003:1324)")
        }
        guard (-180...180).contains(lon.doubleValue) else { throw f.invalid("longitude", "longitude \(lon) is outside -180...180") }
        title = try f.string("title")
        try f.finish()
        latitude = lat
        longitude = lon
    }

    var jsonValue: JSONValue {
        var o = JSONObject()
        o["latitude"] = .number(latitude)
        o["longitude"] = .number(longitude)
        o["title"] = title.map(JSONValue.string)
        return .object(o)
    }
}
