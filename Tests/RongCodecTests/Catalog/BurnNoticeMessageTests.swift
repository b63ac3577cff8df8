// Tests/RongCodecTests/Catalog/BurnNoticeMessageTests.swift - RC:BurnNoticeMsg

import Testing

@testable import RongCodec

extension BurnNoticeMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> BurnNoticeMessage {
        BurnNoticeMessage(burnMessageUIds: s.optStringArray(), common: s.common())
    }
}

@Suite("RC:BurnNoticeMsg")
struct BurnNoticeMessageTests {
    static let accepted: [DecodeCase] = [
        DecodeCase("Android form", #"{"burnMessageUIds":["BA2B-7TCS-N4H5-9KJG","BA2B-7TCS-N4H5-9KJH"]}"#),
        DecodeCase("an empty list", #"{"burnMessageUIds":[]}"#),
        DecodeCase("empty object", "{}"),
        DecodeCase("unknown keys go last", #"{"v":2,"burnMessageUIds":["a"]}"#, canonical: #"{"burnMessageUIds":["a"],"v":2}"#),
        DecodeCase("null list is absent", #"{"burnMessageUIds":null}"#, canonical: "{}", leniencies: [.nullAsAbsent]),
        DecodeCase("emoji in a UID", #"{"burnMessageUIds":["ü😀"]}"#),
        DecodeCase("escaped slash", #"{"burnMessageUIds":["a\/b"]}"#, canonical: #"{"burnMessageUIds":["a/b"]}"#),
    ]

    @Test("decodes the forms SDKs send", arguments: accepted)
    func decodes(_ c: DecodeCase) throws {
        try expectDecodes(BurnNoticeMessage.self, c)
    }

    static let rejected: [RejectCase] = [
        RejectCase("a number instead of the list", #"{"burnMessageUIds":5}"#, .typeMismatch),
        RejectCase("a number in the list", #"{"burnMessageUIds":["A",1]}"#, .typeMismatch),
        RejectCase("list twice", #"{"burnMessageUIds":[],"burnMessageUIds":[]}"#, .duplicateKey),
        RejectCase("zero bytes", "", .emptyContent),
    ]

    @Test("rejects broken input", arguments: rejected)
    func rejects(_ c: RejectCase) {
        expectRejects(BurnNoticeMessage.self, c)
    }

    @Test("flag")
    func flag() {
        #expect(BurnNoticeMessage.persistence == .none)
        #expect(BurnNoticeMessage.objectName == "RC:BurnNoticeMsg")
    }
}
