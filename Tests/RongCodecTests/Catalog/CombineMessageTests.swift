// Tests/RongCodecTests/Catalog/CombineMessageTests.swift - RC:CombineMsg

import Testing

@testable import RongCodec

extension CombineMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CombineMessage {
        CombineMessage(
            title: s.optString(), name: s.optString(), remoteUrl: s.optString(), conversationType: s.optInt(),
            nameList: s.optStringArray(), summaryList: s.optStringArray(), common: s.common())
    }
}

@Suite("RC:CombineMsg")
struct CombineMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "Android kit form",
            #"{"title":"群聊的聊天记录","name":"combine.html","remoteUrl":"https://x/c.html","conversationType":3,"nameList":["Ann","Bob"],"summaryList":["Ann: hi","Bob: [图片]"]}"#),
        DecodeCase(
            "GO-FL comma-joined lists", #"{"remoteUrl":"u","conversationType":1,"nameList":"Ann,Bob","summaryList":"Ann: hi,Bob: yo"}"#,
            canonical: #"{"remoteUrl":"u","conversationType":1,"nameList":["Ann","Bob"],"summaryList":["Ann: hi","Bob: yo"]}"#,
            leniencies: [.commaSeparatedList]),
        DecodeCase(
            "GO-FL zero values", #"{"remoteUrl":"u","conversationType":0,"nameList":"","summaryList":""}"#,
            canonical: #"{"remoteUrl":"u","conversationType":0,"nameList":[],"summaryList":[]}"#, leniencies: [.commaSeparatedList]),
        DecodeCase(
            "empty pieces are kept", #"{"nameList":"a,,b,"}"#, canonical: #"{"nameList":["a","","b",""]}"#, leniencies: [.commaSeparatedList]),
        DecodeCase(
            "WEBv2 obtain() puts the URL under content", #"{"content":"https://x/c.html","nameList":["a"],"summaryList":["s"],"user":{"id":"u"}}"#,
            canonical: #"{"remoteUrl":"https://x/c.html","nameList":["a"],"summaryList":["s"],"user":{"id":"u"}}"#,
            leniencies: [.combineUrlUnderContent]),
        DecodeCase(
            "remoteUrl wins; content is kept last among unknown keys", #"{"z":1,"content":"c","remoteUrl":"u","a":2}"#,
            canonical: #"{"remoteUrl":"u","z":1,"a":2,"content":"c"}"#),
        DecodeCase("content that is not a string stays unknown", #"{"content":{"a":1}}"#),
        DecodeCase(
            "null content is absent, not an unknown key", #"{"remoteUrl":"u","content":null}"#, canonical: #"{"remoteUrl":"u"}"#,
            leniencies: [.nullAsAbsent]),
        DecodeCase("null content without remoteUrl", #"{"content":null}"#, canonical: "{}", leniencies: [.nullAsAbsent]),
        DecodeCase(
            "Flutter form with localPath", #"{"title":"t","name":"n","remoteUrl":"u","localPath":"","conversationType":1,"nameList":["a"],"summaryList":["b"],"extra":"","burnDuration":5}"#,
            canonical: #"{"title":"t","name":"n","remoteUrl":"u","conversationType":1,"nameList":["a"],"summaryList":["b"],"extra":"","burnDuration":5}"#,
            leniencies: [.localPathDropped]),
        DecodeCase("empty object", "{}"),
        DecodeCase("CJK and emoji names", #"{"nameList":["张三","😀"],"summaryList":["张三: 你好 👋"]}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(CombineMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("nameList as a number", #"{"nameList":1}"#, .typeMismatch),
        RejectCase("nameList with a number", #"{"nameList":[1]}"#, .typeMismatch),
        RejectCase("conversationType as a string", #"{"conversationType":"3"}"#, .typeMismatch),
        RejectCase("fractional conversationType", #"{"conversationType":1.5}"#, .typeMismatch),
        RejectCase("summaryList as an object", #"{"summaryList":{}}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(CombineMessage.self, c)
    }

    @Test("comma-joined lists split into the typed model")
    func commaSplit() throws {
        let m = try CombineMessage(json: #"{"nameList":"Ann,Bob,Cy","summaryList":"x"}"#)
        #expect(m.nameList == ["Ann", "Bob", "Cy"])
        #expect(m.summaryList == ["x"])
        #expect(m.remoteUrl == nil)
    }
}
