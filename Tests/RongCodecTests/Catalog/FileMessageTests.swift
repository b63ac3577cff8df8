// Tests/RongCodecTests/Catalog/FileMessageTests.swift - RC:FileMsg

import Testing

@testable import RongCodec

extension FileMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> FileMessage {
        FileMessage(
            name: s.optString(), size: s.optInt64(0...Int64.max), type: s.optString(), fileUrl: s.optString(),
            common: s.common())
    }
}

@Suite("RC:FileMsg")
struct FileMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "legacy Web docs example", #"{"name":"user.md","size":3014,"type":"md","fileUrl":"http://www.rongcloud.com/user.md","extra":"附加信息"}"#),
        DecodeCase(
            "Go SDKs send size as a string", #"{"name":"a.pdf","size":"204800","type":"pdf","fileUrl":"https://x/a.pdf"}"#,
            canonical: #"{"name":"a.pdf","size":204800,"type":"pdf","fileUrl":"https://x/a.pdf"}"#, leniencies: [.numericString]),
        DecodeCase(
            "Flutter empty defaults, localPath, null extra",
            #"{"name":"","size":0,"type":"","localPath":"","fileUrl":"u","extra":null}"#,
            canonical: #"{"name":"","size":0,"type":"","fileUrl":"u"}"#, leniencies: [.localPathDropped, .nullAsAbsent]),
        DecodeCase("WEBv2 drops a zero size", #"{"name":"a","type":"txt","fileUrl":"u"}"#),
        DecodeCase(
            "Android with user, CJK name",
            #"{"name":"报告.docx","size":1048576,"type":"docx","fileUrl":"https://x/r.docx","user":{"id":"u1","name":"张三","portrait":"https://x/p.png"}}"#),
        DecodeCase("largest size", #"{"size":9223372036854775807}"#),
        DecodeCase("exponent numeric string is integral", #"{"size":"1e3"}"#, canonical: #"{"size":1000}"#, leniencies: [.numericString]),
        DecodeCase("empty object", "{}"),
        DecodeCase("unknown key", #"{"fileUrl":"u","md5":"abc"}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(FileMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("fractional size string", #"{"size":"12.5"}"#, .typeMismatch),
        RejectCase("non-numeric size string", #"{"size":"abc"}"#, .typeMismatch),
        RejectCase("negative size", #"{"size":-1}"#, .numberOutOfRange),
        RejectCase("negative size string", #"{"size":"-1"}"#, .numberOutOfRange),
        RejectCase("size beyond 64 bits", #"{"size":1e30}"#, .numberOutOfRange),
        RejectCase("type as a number", #"{"type":3}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(FileMessage.self, c)
    }
}
