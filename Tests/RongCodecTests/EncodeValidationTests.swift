// Tests/RongCodecTests/EncodeValidationTests.swift - encoders refuse what their decoders reject

import Testing

@testable import RongCodec
import RongTestSupport

/// A value the encoder must refuse: the code, the JSON path of the part at fault, and the output
/// written before the refusal (its length is the error's byte offset), all written by hand.
struct EncodeRefusal: CustomTestStringConvertible, Sendable {
    let name: String
    let value: AnyMessageContent
    let code: CodecError.Code
    let path: String
    let writtenBefore: String

    init(_ name: String, _ value: some MessageContent, _ code: CodecError.Code, at path: String, after writtenBefore: String) {
        self.name = name
        self.value = AnyMessageContent(value)
        self.code = code
        self.path = path
        self.writtenBefore = writtenBefore
    }

    var testDescription: String { name }
}

/// A value the encoder must write although it holds an alias key: the decoder itself keeps such
/// a key as an unknown key when the canonical field is present.
struct EncodeAccepted: CustomTestStringConvertible, Sendable {
    let name: String
    let value: AnyMessageContent
    let json: String

    init(_ name: String, _ value: some MessageContent, _ json: String) {
        self.name = name
        self.value = AnyMessageContent(value)
        self.json = json
    }

    var testDescription: String { name }
}

extension MessageContent {
    /// The value with `unknown` added to its unknown keys.
    func with(unknown key: String, _ value: JSONValue) -> Self {
        var copy = self
        copy.unknownFields[key] = value
        return copy
    }
}

private func user(_ u: UserInfo, unknown: JSONValue) -> UserInfo {
    var u = u
    u.unknownFields = unknown.objectValue!
    return u
}

private func mention(_ m: MentionedInfo, unknown: JSONValue) -> MentionedInfo {
    var m = m
    m.unknownFields = unknown.objectValue!
    return m
}

private func article(_ a: PublicServiceArticle, unknown: JSONValue) -> PublicServiceArticle {
    var a = a
    a.unknownFields = unknown.objectValue!
    return a
}

@Suite("Encoding refuses what decoding rejects")
struct EncodeValidationTests {
    static let refusals: [EncodeRefusal] = [
        // Domains (CONTENT-TYPE-001, CONTENT-MENTION-001, CONTENT-BURN-001, per-type ranges).
        EncodeRefusal(
            "mentionedInfo.type 3", TextMessage(content: "x", common: ContentCommon(mentionedInfo: MentionedInfo(type: .init(rawValue: 3)))),
            .invalidValue, at: "$.mentionedInfo.type", after: #"{"content":"x","mentionedInfo":{"type":"#),
        EncodeRefusal("negative file size", FileMessage(name: "a", size: -1), .invalidValue, at: "$.size", after: #"{"name":"a","size":"#),
        EncodeRefusal("negative GIF width", GIFMessage(width: -1), .invalidValue, at: "$.width", after: #"{"width":"#),
        EncodeRefusal(
            "negative burnDuration", { var m = TextMessage(content: "x"); m.common.burn.burnDuration = -5; return m }(),
            .invalidValue, at: "$.burnDuration", after: #"{"content":"x","burnDuration":"#),
        EncodeRefusal("StreamMsg seq 0", StreamMessage(content: "a", seq: 0), .invalidValue, at: "$.seq", after: #"{"content":"a","seq":"#),
        EncodeRefusal("MsgExMsg removeAll 2", MessageExpansionMessage(mid: "m", removeAll: 2), .invalidValue, at: "$.removeAll", after: #"{"mid":"m","removeAll":"#),
        EncodeRefusal(
            "an Int beyond 32 bits", CombineMessage(conversationType: Int(Int32.max) + 1), .invalidValue,
            at: "$.conversationType", after: #"{"conversationType":"#),
        EncodeRefusal("latitude 91", LocationMessage(latitude: 91, longitude: 0), .invalidValue, at: "$.latitude", after: #"{"latitude":"#),
        EncodeRefusal("NaN", RealTimeLocationStatusMessage(latitude: .nan), .invalidValue, at: "$.latitude", after: #"{"latitude":"#),
        EncodeRefusal("an empty user", TextMessage(content: "x", common: ContentCommon(user: UserInfo())), .invalidValue, at: "$.user", after: #"{"content":"x","user":"#),
        EncodeRefusal(
            "a receipt key twice",
            ReadReceiptResponseMessage(receiptMessageDic: [.init(key: "a", value: .readTime(1)), .init(key: "a", value: .readTime(2))]),
            .invalidValue, at: "$.receiptMessageDic.a", after: #"{"receiptMessageDic":{"a":1,"a":"#),
        // Required fields.
        EncodeRefusal("MsgExMsg without mid or messageUId", MessageExpansionMessage(del: ["k"]), .missingRequiredField, at: "$", after: ""),
        // Unknown keys the decoder reads itself (CONTENT-UNKNOWN-001).
        EncodeRefusal(
            "unknown key equal to a present field", TextMessage(content: "x").with(unknown: "content", "y"),
            .unknownKeyConflict, at: "$.content", after: #"{"content":"x","#),
        EncodeRefusal(
            "unknown key equal to an absent field", TextMessage().with(unknown: "content", "y"),
            .unknownKeyConflict, at: "$.content", after: #"{"content":"#),
        EncodeRefusal(
            "unknown key equal to a shared key, with a value that field rejects", TextMessage().with(unknown: "burnDuration", "x"),
            .unknownKeyConflict, at: "$.burnDuration", after: #"{"burnDuration":"#),
        EncodeRefusal(
            "localPath as an unknown key", TextMessage(content: "x").with(unknown: "localPath", "/a"),
            .unknownKeyConflict, at: "$.localPath", after: #"{"content":"x","localPath":"#),
        EncodeRefusal(
            "user.icon without a portrait",
            TextMessage(content: nil, common: ContentCommon(user: user(UserInfo(id: "u"), unknown: ["icon": "i"]))),
            .unknownKeyConflict, at: "$.user.icon", after: #"{"user":{"id":"u","icon":"#),
        EncodeRefusal(
            "user.portraitUri without a portrait",
            TextMessage(content: nil, common: ContentCommon(user: user(UserInfo(id: "u"), unknown: ["portraitUri": "p"]))),
            .unknownKeyConflict, at: "$.user.portraitUri", after: #"{"user":{"id":"u","portraitUri":"#),
        EncodeRefusal(
            "user.id as an unknown key of user", TextMessage(content: nil, common: ContentCommon(user: user(UserInfo(name: "n"), unknown: ["id": "u"]))),
            .unknownKeyConflict, at: "$.user.id", after: #"{"user":{"name":"n","id":"#),
        EncodeRefusal(
            "mentionedInfo.type twice", TextMessage(content: nil, common: ContentCommon(mentionedInfo: mention(MentionedInfo(type: .all), unknown: ["type": 2]))),
            .unknownKeyConflict, at: "$.mentionedInfo.type", after: #"{"mentionedInfo":{"type":1,"#),
        EncodeRefusal(
            "an article's title as an unknown key",
            PublicServiceRichContentMessage(articles: [article(PublicServiceArticle(), unknown: ["title": "t"])]),
            .unknownKeyConflict, at: "$.articles[0].title", after: #"{"articles":[{"title":"#),
        EncodeRefusal(
            "full without isFull", ImageMessage(imageUri: "u").with(unknown: "full", true),
            .unknownKeyConflict, at: "$.full", after: #"{"imageUri":"u","full":"#),
        EncodeRefusal(
            "CombineMsg content string without remoteUrl", CombineMessage(title: "t").with(unknown: "content", "https://x/c.html"),
            .unknownKeyConflict, at: "$.content", after: #"{"title":"t","content":"#),
        EncodeRefusal(
            "RcNtf mAdmin without admin", RecallNotificationMessage(operatorId: "o").with(unknown: "mAdmin", true),
            .unknownKeyConflict, at: "$.mAdmin", after: #"{"operatorId":"o","mAdmin":"#),
        EncodeRefusal(
            "CmdNtf operation without name", CommandNotificationMessage(data: "d").with(unknown: "operation", "op"),
            .unknownKeyConflict, at: "$.operation", after: #"{"data":"d","operation":"#),
    ]

    @Test("refuses with the code, path and offset of the part at fault", arguments: refusals)
    func refuses(_ c: EncodeRefusal) {
        do throws(CodecError) {
            let bytes = try c.value.base.jsonBytes()
            Issue.record("wrote \(String(decoding: bytes, as: UTF8.self))")
        } catch {
            #expect(error.code == c.code, "\(error)")
            #expect(error.path == c.path, "\(error)")
            #expect(error.offset == c.writtenBefore.utf8.count, "\(error)")
        }
    }

    static let accepted: [EncodeAccepted] = [
        EncodeAccepted(
            "user.icon beside a portrait", TextMessage(content: nil, common: ContentCommon(user: user(UserInfo(portrait: "p"), unknown: ["icon": "i"]))),
            #"{"user":{"portrait":"p","icon":"i"}}"#),
        EncodeAccepted("full beside isFull", ImageMessage(isFull: true).with(unknown: "full", false), #"{"isFull":true,"full":false}"#),
        EncodeAccepted(
            "CombineMsg content beside remoteUrl", CombineMessage(remoteUrl: "u").with(unknown: "content", "c"), #"{"remoteUrl":"u","content":"c"}"#),
        EncodeAccepted("CombineMsg content that is not a URL", CombineMessage().with(unknown: "content", 5), #"{"content":5}"#),
        EncodeAccepted(
            "RcCmd capitalised key beside messageUId", RecallCommandMessage(messageUId: "a").with(unknown: "MessageUId", "b"),
            #"{"messageUId":"a","MessageUId":"b"}"#),
        EncodeAccepted(
            "ReadNtf lastMessageSend beside lastMessageSendTime", ReadReceiptMessage(lastMessageSendTime: 1).with(unknown: "lastMessageSend", 2),
            #"{"lastMessageSendTime":1,"lastMessageSend":2}"#),
        EncodeAccepted("RcNtf mAdmin beside admin", RecallNotificationMessage(admin: true).with(unknown: "mAdmin", false), #"{"admin":true,"mAdmin":false}"#),
        EncodeAccepted("CmdNtf operation beside name", CommandNotificationMessage(name: "n").with(unknown: "operation", "o"), #"{"name":"n","operation":"o"}"#),
        EncodeAccepted("localPath inside user is the user's own unknown key", TextMessage(content: nil, common: ContentCommon(user: user(UserInfo(id: "u"), unknown: ["localPath": "/a"]))), #"{"user":{"id":"u","localPath":"/a"}}"#),
    ]

    @Test("writes an alias that the decoder itself keeps as an unknown key", arguments: accepted)
    func writesLosingAliases(_ c: EncodeAccepted) throws {
        let bytes = try c.value.base.jsonBytes()
        #expect(String(decoding: bytes, as: UTF8.self) == c.json)
        let back = try ContentRegistry.builtIn.decode(objectName: c.value.objectName, bytes: bytes, options: .strict)
        #expect(back == .typed(c.value))
    }

    static func nested(_ depth: Int) -> JSONValue {
        (0..<depth).reduce(JSONValue.number(1)) { v, _ in .array([v]) }
    }

    @Test("nesting beyond the depth limit is refused like the decoder refuses it")
    func depth() throws {
        let value = TextMessage().with(unknown: "x", Self.nested(3))  // depth 4 with the object
        #expect(try value.jsonString() == #"{"x":[[[1]]]}"#)
        do throws(CodecError) {
            _ = try value.jsonBytes(maxDepth: 3)
            Issue.record("wrote a value deeper than the limit")
        } catch {
            #expect(error.code == .depthLimit)
            #expect(error.path == "$.x[0][0]")
            #expect(error.offset == #"{"x":[["#.utf8.count)
        }
        // The default limit is the decoder's (64); larger limits are passed explicitly.
        let deep = TextMessage().with(unknown: "x", Self.nested(64))
        expectCodecError(.depthLimit) { try deep.jsonBytes() }
        expectCodecError(.depthLimit) { try TextMessage(jsonBytes: try deep.jsonBytes(maxDepth: 65)) }
        #expect(try TextMessage(jsonBytes: try deep.jsonBytes(maxDepth: 65), options: DecodingOptions(maxDepth: 65)) == deep)
    }
}
