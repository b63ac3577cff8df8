// Tests/RongCodecTests/Catalog/TextMessageTests.swift - RC:TxtMsg

import Testing

@testable import RongCodec
import RongTestSupport

extension TextMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> TextMessage {
        TextMessage(content: s.optString(), common: s.common())
    }
}

@Suite("RC:TxtMsg")
struct TextMessageTests {
    @Test("fields land in the typed model")
    func fields() throws {
        let m = try TextMessage(json: #"{"content":"hi","extra":"e","user":{"id":"u1","name":"Ann"},"mentionedInfo":{"type":1}}"#)
        #expect(m.content == "hi")
        #expect(m.extra == "e")
        #expect(m.user?.id == "u1")
        #expect(m.mentionedInfo?.type == .all)
        #expect(TextMessage.objectName == "RC:TxtMsg")
        #expect(TextMessage.persistence == .isCounted)
    }

    @Test("errors give the JSON path")
    func errorPath() {
        do {
            _ = try TextMessage(json: #"{"content":"x","user":{"id":"u","name":7}}"#)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .typeMismatch)
            #expect(error.path == "$.user.name")
            #expect(error.offset == 39)
        }
    }

    @Test("the content size limit counts bytes of content JSON")
    func sizeLimit() throws {
        let overhead = #"{"content":""}"#.utf8.count
        let fits = #"{"content":""# + String(repeating: "a", count: 131_072 - overhead) + #""}"#
        #expect(throws: Never.self) { try TextMessage(json: fits) }
        let over = #"{"content":""# + String(repeating: "a", count: 131_073 - overhead) + #""}"#
        expectCodecError(.sizeLimit) { try TextMessage(json: over) }
        expectCodecError(.sizeLimit) { try TextMessage(content: String(repeating: "a", count: 131_072)).jsonBytes() }
    }
}
