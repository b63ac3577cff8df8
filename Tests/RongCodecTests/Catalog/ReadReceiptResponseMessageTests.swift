// Tests/RongCodecTests/Catalog/ReadReceiptResponseMessageTests.swift - RC:RRRspMsg

import Testing

@testable import RongCodec
import RongTestSupport

extension ReadReceiptResponseMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ReadReceiptResponseMessage {
        let dic: [Entry]? = s.maybe { s in
            var entries = (0..<s.int(0...4)).map { i in
                // The alphabet has no "#", so the suffix keeps keys unique.
                let key = s.string() + "#\(i)"
                return Entry(key: key, value: s.bool() ? .messageUIds(s.stringArray()) : .readTime(s.int64()))
            }
            // Keys of a JSON object are unique (CONTENT-JSON-004).
            if let first = entries.first, s.drawInvalid(.invalidValue) { entries.append(Entry(key: first.key, value: .readTime(1))) }
            return entries
        }
        return ReadReceiptResponseMessage(receiptMessageDic: dic, common: s.common())
    }
}

@Suite("RC:RRRspMsg")
struct ReadReceiptResponseMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("Android: userId → messageUIds", #"{"receiptMessageDic":{"u1":["BA2B-7TCS-N4H5-9KJG","BA2B-7TCS-N4H5-9KJH"]}}"#),
        DecodeCase("several requesters keep their order", #"{"receiptMessageDic":{"zed":["A"],"amy":["B","C"]}}"#),
        DecodeCase(
            "GO-FL: messageUId → read time",
            #"{"receiptMessageDic":{"BA2B-7TCS-N4H5-9KJG":1720000000000,"BA2B-7TCS-N4H5-9KJH":1720000000500}}"#),
        DecodeCase("GO-FL nil map", #"{"receiptMessageDic":null}"#, canonical: "{}", leniencies: [.nullAsAbsent]),
        DecodeCase("empty map", #"{"receiptMessageDic":{}}"#),
        DecodeCase("empty list", #"{"receiptMessageDic":{"u1":[]}}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("both shapes in one map", #"{"receiptMessageDic":{"u1":["A"],"B":1720000000000}}"#),
        DecodeCase("CJK and emoji key", #"{"receiptMessageDic":{"用户😀":["A"]}}"#),
        DecodeCase("read time written as 1.5e3", #"{"receiptMessageDic":{"A":1.5e3}}"#, canonical: #"{"receiptMessageDic":{"A":1500}}"#),
        DecodeCase("escaped key", #"{"receiptMessageDic":{"u\u0031":["A"]}}"#, canonical: #"{"receiptMessageDic":{"u1":["A"]}}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(ReadReceiptResponseMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("value is a string", #"{"receiptMessageDic":{"u1":"A"}}"#, .typeMismatch),
        RejectCase("list holds a number", #"{"receiptMessageDic":{"u1":["A",1]}}"#, .typeMismatch),
        RejectCase("value is null", #"{"receiptMessageDic":{"u1":null}}"#, .typeMismatch),
        RejectCase("value is an object", #"{"receiptMessageDic":{"u1":{}}}"#, .typeMismatch),
        RejectCase("fractional read time", #"{"receiptMessageDic":{"A":1.5}}"#, .typeMismatch),
        RejectCase("read time above Int64", #"{"receiptMessageDic":{"A":9223372036854775808}}"#, .numberOutOfRange),
        RejectCase("map is an array", #"{"receiptMessageDic":[["u1",["A"]]]}"#, .typeMismatch),
        RejectCase("map is a string", #"{"receiptMessageDic":"{}"}"#, .typeMismatch),
        RejectCase("duplicate key inside the map", #"{"receiptMessageDic":{"u1":["A"],"u1":["B"]}}"#, .duplicateKey),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(ReadReceiptResponseMessage.self, c)
    }

    @Test("entries keep order and shape")
    func fields() throws {
        let m = try ReadReceiptResponseMessage(json: #"{"receiptMessageDic":{"u2":["A","B"],"C":17}}"#)
        #expect(m.receiptMessageDic == [
            .init(key: "u2", value: .messageUIds(["A", "B"])),
            .init(key: "C", value: .readTime(17)),
        ])
        #expect(ReadReceiptResponseMessage.persistence == .none)
    }

    @Test("encoding a key twice is invalidValue")
    func duplicateOnEncode() {
        let m = ReadReceiptResponseMessage(receiptMessageDic: [
            .init(key: "u1", value: .messageUIds([])),
            .init(key: "u1", value: .readTime(1)),
        ])
        expectCodecError(.invalidValue) { try m.jsonBytes() }
    }
}
