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
