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
