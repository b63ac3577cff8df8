// Tests/RongCodecTests/Catalog/GIFMessageTests.swift - RC:GIFMsg

import Testing

@testable import RongCodec

extension GIFMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> GIFMessage {
        GIFMessage(
            remoteUrl: s.optString(), name: s.optString(), width: s.optInt(0...Int(Int32.max)),
            height: s.optInt(0...Int(Int32.max)), gifDataSize: s.optInt64(0...Int64.max), exp: s.optBool(),
            common: s.common())
    }
}

@Suite("RC:GIFMsg")
struct GIFMessageTests {
    @Test("fields land in the typed model")
    func fields() throws {
        let m = try GIFMessage(json: #"{"remoteUrl":"u","width":3,"height":4,"gifDataSize":5}"#)
        #expect(m == GIFMessage(remoteUrl: "u", width: 3, height: 4, gifDataSize: 5))
        #expect(GIFMessage.persistence == .isCounted)
    }
}
