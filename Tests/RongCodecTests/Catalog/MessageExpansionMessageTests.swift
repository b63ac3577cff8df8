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
    static let accepted: [DecodeCase] = [
        DecodeCase("ENGINE update", #"{"mid":"BA2B-7TCS-N4H5-9KJG","put":{"status":"confirmed","k2":"v2"}}"#),
        DecodeCase("ENGINE removal", #"{"mid":"BA2B-7TCS-N4H5-9KJG","del":["k1","k2"]}"#),
        DecodeCase("ENGINE remove all", #"{"mid":"A","removeAll":1}"#),
        DecodeCase("Android 5.x form with clear", #"{"mid":"A","put":{"k":"v"},"del":[],"clear":0}"#),
        DecodeCase("server-callback form (Go SDK)", #"{"messageUId":"BA2B-7TCS-N4H5-9KJG","extraKey":{"key1":"value1"}}"#),
        DecodeCase("Go nil map", #"{"messageUId":"U","extraKey":null}"#, canonical: #"{"messageUId":"U"}"#, leniencies: [.nullAsAbsent]),
        DecodeCase("both UIDs are kept", #"{"messageUId":"U","mid":"M"}"#, canonical: #"{"mid":"M","messageUId":"U"}"#),
        DecodeCase(
            "CJK, emoji and a key beyond the send-side limit",
            #"{"mid":"M","put":{"评论":"好 😀","aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":"x"}}"#),
        DecodeCase("an empty put", #"{"mid":"M","put":{}}"#),
        DecodeCase("unknown keys and user", #"{"x":1,"mid":"M","user":{"id":"u"}}"#, canonical: #"{"mid":"M","user":{"id":"u"},"x":1}"#),
        // Keys are bytes: NFC and NFD spellings of é are two expansion keys, not a duplicate.
        DecodeCase("expansion keys differing only in normalization", "{\"mid\":\"M\",\"put\":{\"\u{E9}\":\"a\",\"e\u{301}\":\"b\"}}"),
        // `extra\u212Aey` (KELVIN SIGN) is canonically equivalent to `extraKey` as a Swift String,
        // but it is another key: kept as an unknown key, not read as the field.
        DecodeCase(
            "an escaped key only canonically equivalent to extraKey", #"{"messageUId":"U","extra\u212Aey":{"k":"v"}}"#,
            canonical: "{\"messageUId\":\"U\",\"extra\u{212A}ey\":{\"k\":\"v\"}}"),
    ]

    @Test("expansion keys are looked up by bytes")
    func expansionKeysByBytes() throws {
        let m = try MessageExpansionMessage(json: "{\"mid\":\"M\",\"put\":{\"\u{E9}\":\"a\",\"e\u{301}\":\"b\"}}")
        let put = try #require(m.put)
        #expect(put.count == 2 && put["\u{E9}"] == "a" && put["e\u{301}"] == "b")
        #expect(m.extraKey == nil)
    }

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(MessageExpansionMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("no UID at all", "{}", .missingRequiredField),
        RejectCase("put without a UID", #"{"put":{"k":"v"}}"#, .missingRequiredField),
        RejectCase("null mid", #"{"mid":null}"#, .missingRequiredField),
        RejectCase("a number as an expansion value", #"{"mid":"M","put":{"k":1}}"#, .typeMismatch),
        RejectCase("del as a string", #"{"mid":"M","del":"k"}"#, .typeMismatch),
        RejectCase("removeAll 2", #"{"mid":"M","removeAll":2}"#, .numberOutOfRange),
        RejectCase("removeAll as a boolean", #"{"mid":"M","removeAll":true}"#, .typeMismatch),
        RejectCase("the same expansion key twice", #"{"mid":"M","put":{"k":"a","k":"b"}}"#, .duplicateKey),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(MessageExpansionMessage.self, c)
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
