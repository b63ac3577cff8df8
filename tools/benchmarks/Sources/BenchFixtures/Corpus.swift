// tools/benchmarks/Sources/BenchFixtures/Corpus.swift - the content payloads benchmarks decode

/// One content payload of the corpus: a realistic `content` JSON of one built-in type, in the
/// canonical key order RongWire writes, so decode → encode gives the same bytes back.
///
/// Shapes follow what the public SDKs send (reference/message-catalog.md): user info embedded in
/// chat messages, base64 thumbnails in images, a stringified `data` in group notifications.
public struct CorpusEntry: Sendable {
    /// The objectName, `RC:TxtMsg`.
    public let objectName: String
    /// A short name for benchmark labels, `TxtMsg`.
    public var shortName: String { String(objectName.dropFirst(3)) }
    /// The content JSON.
    public let json: [UInt8]
    /// How many of the mixed corpus's 100 messages are of this type.
    public let weight: Int
}

public enum Corpus {
    /// The typical chat message: about 200 bytes, CJK text with an emoji, sender info attached
    /// (as the SDKs do when `user` info carrying is on).
    public static let text = entry(
        "RC:TxtMsg", weight: 55,
        #"{"content":"周五下午三点在 3 号会议室评审协议文档，记得带上电脑 👍","extra":"","user":{"id":"u_5f2c81","name":"Lin Yue","portrait":"https://cdn.example.com/a/5f2c81.png"}}"#)

    /// An image with its thumbnail inline as base64 (the SDK sends a ~3 KB JPEG thumbnail).
    public static let image = entry(
        "RC:ImgMsg", weight: 8,
        #"{"content":""# + thumbnailBase64(bytes: 2_400)
            + #"","imageUri":"https://rongcloud-image.ronghub.com/image_jpeg__RC-2024-07-03_6123_1720000000000.jpg?e=2147483647&token=CddrKW5AbOMQaDRwc3ReDNvo3-sL_SO1fSUBKV3H","isFull":false,"extra":""}"#)

    /// A high-quality voice message: a URL and a duration.
    public static let voice = entry(
        "RC:HQVCMsg", weight: 6,
        #"{"name":"RC-2024-07-03_1720000000000.aac","remoteUrl":"https://rongcloud-audio.ronghub.com/audio_aac__RC-2024-07-03_1720000000000.aac?e=2147483647&token=abc","duration":7,"type":"aac","extra":""}"#)

    /// A file message.
    public static let file = entry(
        "RC:FileMsg", weight: 3,
        #"{"name":"RongWire 协议说明.pdf","size":1048576,"type":"pdf","fileUrl":"https://rongcloud-file.ronghub.com/file__RC-2024-07-03_1720000000000.pdf?e=2147483647&token=abc","extra":""}"#)

    /// A reply quoting an earlier text message.
    public static let reference = entry(
        "RC:ReferenceMsg", weight: 5,
        #"{"content":"同意，按这个方案来","referMsgUserId":"u_7a1d22","objName":"RC:TxtMsg","referMsg":{"content":"那我们周五评审？","extra":""},"extra":"","user":{"id":"u_5f2c81","name":"Lin Yue"}}"#)

    /// A group notification; `data` is a JSON object written as a string, as the server sends it.
    public static let group = entry(
        "RC:GrpNtf", weight: 3,
        #"{"operatorUserId":"u_5f2c81","operation":"Add","data":"{\"operatorNickname\":\"Lin Yue\",\"targetUserIds\":[\"u_7a1d22\",\"u_93be10\"],\"targetUserDisplayNames\":[\"Chen\",\"Zhao\"]}","message":"Lin Yue 邀请 Chen、Zhao 加入群组","extra":""}"#)

    /// A grey-bar information notification.
    public static let info = entry(
        "RC:InfoNtf", weight: 3,
        #"{"message":"Chen 修改了群名称为“协议评审”","extra":""}"#)

    /// A recall notification.
    public static let recall = entry(
        "RC:RcNtf", weight: 2,
        #"{"operatorId":"u_5f2c81","recallTime":1720000000000,"originalObjectName":"RC:TxtMsg","recallContent":"","recallActionTime":1720000005000,"admin":false,"delete":false}"#)

    /// A typing status (STATUS flag: never stored).
    public static let typing = entry(
        "RC:TypSts", weight: 10,
        #"{"typingContentType":"RC:TxtMsg"}"#)

    /// A read receipt for a one-to-one conversation.
    public static let read = entry(
        "RC:ReadNtf", weight: 5,
        #"{"lastMessageSendTime":1720000000000,"messageUId":"BA2B-7TCS-N4H5-9KJG","type":1}"#)

    /// Every type of the corpus, in table order.
    public static let types: [CorpusEntry] = [text, image, voice, file, reference, group, info, recall, typing, read]

    /// The mixed corpus: 100 messages, each type as often as its weight, interleaved in a fixed
    /// pseudo-random order (so branch predictors do not see one type in a row).
    public static let mixed: [CorpusEntry] = {
        var list = types.flatMap { Array(repeating: $0, count: $0.weight) }
        var state: UInt64 = 0x5EED_2026_1122
        for i in stride(from: list.count - 1, to: 0, by: -1) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            list.swapAt(i, Int((state >> 33) % UInt64(i + 1)))
        }
        precondition(list.count == 100, "the mixed corpus weights must add up to 100")
        return list
    }()

    /// Bytes of the mixed corpus's contents.
    public static var mixedBytes: Int { mixed.reduce(0) { $0 + $1.json.count } }

    /// A text message of `size` bytes: the ~128 KB content of the memory benchmark. Mostly CJK
    /// and ASCII with some escapes, so the decoder takes its unescaping path too.
    public static func largeText(size: Int) -> [UInt8] {
        let head = Array(#"{"content":""#.utf8), tail = Array(#"","extra":""}"#.utf8)
        let chunk = Array(#"协议评审 RongWire \"quoted\" line\n"#.utf8)
        var body: [UInt8] = []
        body.reserveCapacity(size)
        while body.count + chunk.count <= size - head.count - tail.count { body += chunk }
        while body.count < size - head.count - tail.count { body.append(UInt8(ascii: "x")) }
        return head + body + tail
    }

    private static func entry(_ objectName: String, weight: Int, _ json: String) -> CorpusEntry {
        CorpusEntry(objectName: objectName, json: Array(json.utf8), weight: weight)
    }

    /// Deterministic base64 of `bytes` pseudo-random bytes, standing in for a JPEG thumbnail.
    private static func thumbnailBase64(bytes: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var state: UInt32 = 0xFFD8_FFE0
        var out: [UInt8] = []
        for _ in 0..<(bytes / 3 * 4) {
            state = state &* 1_664_525 &+ 1_013_904_223
            out.append(alphabet[Int(state >> 26)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
