// Tests/RongCodecTests/Catalog/MessageExpansionMessageTests.swift - RC:MsgExMsg

import Testing

@testable import RongCodec

extension ExpansionMap {
    static func arbitrary(_ s: inout ValueSource) -> ExpansionMap {
        ExpansionMap((0..<s.int(0...3)).map { i in Entry(key: "k\(i)" + s.string(maxParts: 2), value: s.string()) })
    }
}

extension MessageExpansionMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> MessageExpansionMessage {
        var m = MessageExpansionMessage(
            mid: s.optString(), put: s.maybe { ExpansionMap.arbitrary(&$0) }, del: s.optStringArray(),
            removeAll: s.optInt(0...1), clear: s.optInt(0...1), messageUId: s.optString(),
            extraKey: s.maybe { ExpansionMap.arbitrary(&$0) }, common: s.common())
        // One UID is required (CONTENT-MSGEX-*).
        if m.mid == nil && m.messageUId == nil && !s.drawInvalid(.missingRequiredField) { m.mid = s.string() }
        return m
    }
}

@Suite("RC:MsgExMsg")
struct MessageExpansionMessageTests {
    @Test("expansion keys are looked up by bytes")
    func expansionKeysByBytes() throws {
        let m = try MessageExpansionMessage(json: "{\"mid\":\"M\",\"put\":{\"\u{E9}\":\"a\",\"e\u{301}\":\"b\"}}")
        let put = try #require(m.put)
        #expect(put.count == 2 && put["\u{E9}"] == "a" && put["e\u{301}"] == "b")
        #expect(m.extraKey == nil)
    }

    @Test("pairs keep their order and are reachable by key")
    func fields() throws {
        let m = try MessageExpansionMessage(json: #"{"mid":"M","put":{"b":"2","a":"1"}}"#)
        #expect(m.put?.keys == ["b", "a"])
        #expect(m.put?["a"] == "1")
        #expect(MessageExpansionMessage.persistence == .none)
        var map: ExpansionMap = ["x": "1"]
        map["x"] = nil
        #expect(map.isEmpty)
    }
}
