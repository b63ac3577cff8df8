// Tests/RongCodecTests/Catalog/ReferenceMessageTests.swift - RC:ReferenceMsg

import Testing

@testable import RongCodec
import RongTestSupport

extension ReferenceMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ReferenceMessage {
        ReferenceMessage(
            content: s.optString(), referMsgUserId: s.optString(), objName: s.optString(),
            referMsg: s.maybe { $0.jsonObject(depth: 2) }, referMsgUid: s.optString(), common: s.common())
    }
}

@Suite("RC:ReferenceMsg")
struct ReferenceMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase(
            "Android form quoting a text",
            #"{"content":"reply","referMsgUserId":"u2","objName":"RC:TxtMsg","referMsg":{"content":"original"},"extra":"","user":{"id":"u1"}}"#),
        DecodeCase(
            "GO-FL referMsg as a JSON string", #"{"content":"好的","referMsgUserId":"u2","referMsg":"{\"content\":\"原文\"}","objName":"RC:TxtMsg"}"#,
            canonical: #"{"content":"好的","referMsgUserId":"u2","objName":"RC:TxtMsg","referMsg":{"content":"原文"}}"#,
            leniencies: [.stringAsObject]),
        DecodeCase(
            "string form with escapes inside", #"{"referMsg":"{\"content\":\"a\\\"b\"}","objName":"RC:TxtMsg"}"#,
            canonical: #"{"objName":"RC:TxtMsg","referMsg":{"content":"a\"b"}}"#, leniencies: [.stringAsObject]),
        DecodeCase("unknown objName keeps referMsg raw", #"{"content":"r","objName":"App:Custom","referMsg":{"a":[1,2],"b":null}}"#),
        DecodeCase(
            "quote of an image", #"{"content":"nice","referMsgUserId":"u3","objName":"RC:ImgMsg","referMsg":{"content":"/9j/","imageUri":"https://x/a.jpg","isFull":false}}"#),
        DecodeCase("referMsg without objName", #"{"content":"x","referMsg":{"content":"y"}}"#),
        DecodeCase(
            "Flutter mention and burnDuration",
            #"{"content":"@a hi","referMsgUserId":"a","objName":"RC:TxtMsg","referMsg":{"content":"q"},"mentionedInfo":{"type":2,"userIdList":["a"]},"burnDuration":10}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("unrecorded quoted-id key stays unknown", #"{"content":"x","referMsgUid":"BA2B-7TCS"}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(ReferenceMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("referMsg as a number", #"{"referMsg":1}"#, .typeMismatch),
        RejectCase("referMsg string that is not JSON", #"{"referMsg":"hello"}"#, .typeMismatch),
        RejectCase("referMsg string holding an array", #"{"referMsg":"[1]"}"#, .typeMismatch),
        RejectCase("referMsg string holding malformed JSON", #"{"referMsg":"{\"a\":}"}"#, .typeMismatch),
        RejectCase("referMsg as an array", #"{"referMsg":[]}"#, .typeMismatch),
        RejectCase("objName as a number", #"{"objName":1}"#, .typeMismatch),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(ReferenceMessage.self, c)
    }

    @Test("referencedContent decodes the quote through the registry")
    func referenced() throws {
        let m = try ReferenceMessage(json: #"{"content":"r","objName":"RC:TxtMsg","referMsg":"{\"content\":\"original\"}"}"#)
        let quoted = try #require(try m.referencedContent())
        let text = try #require(quoted.typed as? TextMessage)
        #expect(text.content == "original")

        let custom = try ReferenceMessage(json: #"{"objName":"App:Custom","referMsg":{"b":1,"a":2}}"#)
        guard case .unknown(let u)? = try custom.referencedContent() else {
            Issue.record("expected unknown content")
            return
        }
        #expect(u.objectName == "App:Custom")
        #expect(String(decoding: u.bytes, as: UTF8.self) == #"{"b":1,"a":2}"#)

        #expect(try ReferenceMessage(referMsg: JSONObject()).referencedContent() == nil)
        #expect(try ReferenceMessage(objName: "RC:TxtMsg").referencedContent() == nil)
    }

    @Test("a malformed quote fails only when it is decoded")
    func badQuote() throws {
        let m = try ReferenceMessage(json: #"{"content":"r","objName":"RC:TxtMsg","referMsg":{"content":5}}"#)
        #expect(m.content == "r")
        expectCodecError(.typeMismatch) { try m.referencedContent() }
    }
}
