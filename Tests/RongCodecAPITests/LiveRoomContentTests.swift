// Tests/RongCodecAPITests/LiveRoomContentTests.swift - the live-room custom types of docs/codec.md and the MessageContent docs
//
// The types are in Sources/RongConformance/Examples/LiveRoomContent.swift (the optional Live
// vectors run against them); `LiveLikeMessage` is the code of docs/codec.md ("Using the codec from
// Swift") and of the MessageContent documentation, word for word but for `public`.
// Expected bytes are written by hand from spec/content-common.md (own keys, then `extra`, `user`).

import RongCodec
import RongConformance
import RongTestSupport
import Testing

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

@Suite("The live-room example stays the one docs/codec.md and the MessageContent docs show")
struct LiveRoomExampleTextTests {
    @Test("docs/codec.md and MessageContent.swift hold LiveLikeMessage as RongConformance defines it")
    func sameText() throws {
        func read(_ path: String) throws -> String {
            try #require(packageFile(path))
        }
        // The library's copy says `public`; docs/codec.md and the documentation show an app's code.
        let source = try read("Sources/RongConformance/Examples/LiveRoomContent.swift").replacing("public ", with: "")
        let start = try #require(source.range(of: "/// `Live:LikeMsg`"))
        let end = try #require(source.range(of: "/// `Live:GiftMsg`"))
        let example = source[start.lowerBound..<end.lowerBound].trimmingSuffix()
        #expect(try read("docs/codec.md").contains(example))
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
