// Sources/RongConformance/Examples/LiveRoomContent.swift - the live-room custom types: a worked example, and what the optional Live vectors test
//
// The seed's live-room guide (002) asks for two custom messages: a gift that carries the sender's
// user info in its content (002:149-160, the demo's RCDLiveGiftMessage), and a like that carries
// a count, one message a second instead of one per tap (002:1082). They are written on the public
// API only, as an app would write them; `LiveLikeMessage` is the code of docs/codec.md ("Using the
// codec from Swift") and of the MessageContent documentation, word for word but for `public`
// (a test keeps the three equal). spec/content-catalog.md § Example custom types states their
// rules (CONTENT-LIVE-*); vectors/content/live-room.yaml checks them.

import RongCodec

/// `Live:LikeMsg`: the taps of one second in one message (002:1082).
public struct LiveLikeMessage: MessageContent {
    public static let objectName = "Live:LikeMsg"
    public static let persistence = PersistenceFlag.isPersisted
    public enum Key: String, FieldKey { case count }
    public static let fields = FieldTable(Key.self)
    public static let counts: ClosedRange<Int64> = 1...1000
    public var count: Int64 = 1
    public var common = ContentCommon()  // `extra`, `user` (the sender's user info), …

    public init(count: Int64, sender: UserInfo? = nil) {
        self.count = count
        common.user = sender
    }

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        var count: Int64?
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.count): count = try d.decodeInt64(range: Self.counts)
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        guard let count else { throw CodecError(.missingRequiredField, "Live:LikeMsg needs count", offset: r.startOffset) }
        self.count = count
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        try w.field("count", count, in: Self.counts)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}

/// `Live:GiftMsg`: a gift (`giftId`, `count`) with the sender's user info in `user`, as the
/// live-room guide tells custom types to carry it (002:149-160).
public struct LiveGiftMessage: MessageContent {
    public static let objectName = "Live:GiftMsg"
    public static let persistence = PersistenceFlag.isPersisted
    public enum Key: String, FieldKey { case giftId, count }
    public static let fields = FieldTable(Key.self)
    public static let counts: ClosedRange<Int64> = 1...9999
    public var giftId = ""
    public var count: Int64 = 1
    public var common = ContentCommon()

    public init(giftId: String, count: Int64, sender: UserInfo) {
        self.giftId = giftId
        self.count = count
        common.user = sender
    }

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        var giftId: String?
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.giftId): giftId = try d.decodeString()
            case .own(.count): count = try d.decodeInt64(range: Self.counts) ?? 1
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        guard let giftId else { throw CodecError(.missingRequiredField, "Live:GiftMsg needs giftId", offset: r.startOffset) }
        self.giftId = giftId
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("giftId", giftId)
        try w.field("count", count, in: Self.counts)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}

extension ContentRegistry {
    /// The built-in catalog plus the example custom types of the conformance kit
    /// (``LiveLikeMessage``, ``LiveGiftMessage``): what ``CodecTestee`` decodes with, so that the
    /// optional `Live:` vectors run against RongWire's own codec.
    public static let conformance: ContentRegistry = {
        var r = ContentRegistry.builtIn
        // The names follow the default naming rules and are not built in: registration cannot fail.
        try! r.register(LiveLikeMessage.self)
        try! r.register(LiveGiftMessage.self)
        return r
    }()
}
