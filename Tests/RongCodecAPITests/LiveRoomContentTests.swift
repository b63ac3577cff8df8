// Tests/RongCodecAPITests/LiveRoomContentTests.swift - the live-room custom types of README and the MessageContent docs
//
// The seed's live-room guide (002) asks for two custom messages: a gift that carries the sender's
// user info in its content (002:149-160, the demo's RCDLiveGiftMessage), and a like that carries
// a count, one message a second instead of one per tap (002:1082). `LiveLikeMessage` is the code
// of README.md ("Using the codec from Swift") and of the MessageContent documentation, word for word.
// Expected bytes are written by hand from spec/content-common.md (own keys, then `extra`, `user`).

import RongCodec
import RongTestSupport
import Testing

// The example of README.md and of the MessageContent documentation (keep the three equal).
/// `Live:LikeMsg`: the taps of one second in one message (002:1082).
struct LiveLikeMessage: MessageContent {
    static let objectName = "Live:LikeMsg"
    static let persistence = PersistenceFlag.isPersisted
    enum Key: String, FieldKey { case count }
    static let fields = FieldTable(Key.self)
    static let counts: ClosedRange<Int64> = 1...1000
    var count: Int64 = 1
    var common = ContentCommon()  // `extra`, `user` (the sender's user info), …

    init(count: Int64, sender: UserInfo? = nil) {
        self.count = count
        common.user = sender
    }

    init(from d: inout ContentDecoder) throws(CodecError) {
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

    func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        try w.field("count", count, in: Self.counts)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}

/// `Live:GiftMsg`: a gift (`giftId`, `count`) with the sender's user info in `user`, as the
/// live-room guide tells custom types to carry it (002:149-160).
struct LiveGiftMessage: MessageContent {
    static let objectName = "Live:GiftMsg"
    static let persistence = PersistenceFlag.isPersisted
    enum Key: String, FieldKey { case giftId, count }
    static let fields = FieldTable(Key.self)
    static let counts: ClosedRange<Int64> = 1...9999
    var giftId = ""
    var count: Int64 = 1
    var common = ContentCommon()

    init(giftId: String, count: Int64, sender: UserInfo) {
        self.giftId = giftId
        self.count = count
        common.user = sender
    }

    init(from d: inout ContentDecoder) throws(CodecError) {
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

    func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("giftId", giftId)
        try w.field("count", count, in: Self.counts)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}

@Suite("Public API: the live-room custom types")
struct LiveRoomContentTests {
    static func registry() throws -> ContentRegistry {
        var r = ContentRegistry.builtIn
        try r.register(LiveLikeMessage.self)
        try r.register(LiveGiftMessage.self)
        return r
    }

    @Test("a like with the sender's user info encodes to the hand-written bytes and decodes back")
    func like() throws {
        let like = LiveLikeMessage(count: 12, sender: UserInfo(id: "u7", name: "Mei"))
        #expect(try like.jsonString() == #"{"count":12,"user":{"id":"u7","name":"Mei"}}"#)
        let back = try Self.registry().decode(objectName: "Live:LikeMsg", bytes: Array(#"{"user":{"name":"Mei","id":"u7"},"count":12}"#.utf8))
        let decoded = try #require(back.typed as? LiveLikeMessage)
        #expect(decoded.count == 12)
        #expect(decoded.user?.name == "Mei")
    }

    @Test("a like's count is 1...1000 and required", arguments: [#"{"count":0}"#, #"{"count":1001}"#, #"{}"#, #"{"count":"3"}"#])
    func likeRefusals(_ json: String) {
        #expect(throws: CodecError.self) { try LiveLikeMessage(json: json) }
    }

    @Test("a gift as the live demo writes its sender (user.icon) reads the avatar as portrait")
    func giftFromTheDemo() throws {
        let demo = #"{"giftId":"rocket","count":2,"user":{"id":"host","name":"Host","icon":"https://cdn.example/h.png"}}"#
        let gift = try LiveGiftMessage(json: demo)
        #expect(gift.giftId == "rocket")
        #expect(gift.count == 2)
        #expect(gift.user?.portrait == "https://cdn.example/h.png")
        // The encoder writes the avatar as `portrait` (CONTENT-USER-002).
        #expect(try gift.jsonString() == #"{"giftId":"rocket","count":2,"user":{"id":"host","name":"Host","portrait":"https://cdn.example/h.png"}}"#)
        let made = LiveGiftMessage(giftId: "rose", count: 1, sender: UserInfo(id: "u1", name: "Ann", portrait: "p"))
        #expect(try made.jsonString() == #"{"giftId":"rose","count":1,"user":{"id":"u1","name":"Ann","portrait":"p"}}"#)
        #expect(throws: CodecError.self) { try LiveGiftMessage(json: #"{"count":1}"#) }
    }
}

@Suite("The live-room example stays the one README and the MessageContent docs show")
struct LiveRoomExampleTextTests {
    @Test("README.md and MessageContent.swift hold LiveLikeMessage as this file defines it")
    func sameText() throws {
        func read(_ path: String) throws -> String {
            try #require(packageFile(path))
        }
        let source = try read("Tests/RongCodecAPITests/LiveRoomContentTests.swift")
        let start = try #require(source.range(of: "/// `Live:LikeMsg`"))
        let end = try #require(source.range(of: "/// `Live:GiftMsg`"))
        let example = source[start.lowerBound..<end.lowerBound].trimmingSuffix()
        #expect(try read("README.md").contains(example))
        let doc = example.split(separator: "\n", omittingEmptySubsequences: false).map { ("/// " + $0).trimmingSuffix() }.joined(separator: "\n")
        #expect(try read("Sources/RongCodec/Content/MessageContent.swift").contains(doc))
    }
}

extension StringProtocol {
    /// Without trailing spaces and newlines.
    func trimmingSuffix() -> String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\n" { s = s.dropLast() }
        return String(s)
    }
}
