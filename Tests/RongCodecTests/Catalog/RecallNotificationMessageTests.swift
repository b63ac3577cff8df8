// Tests/RongCodecTests/Catalog/RecallNotificationMessageTests.swift - RC:RcNtf

import Testing

@testable import RongCodec

extension RecallNotificationMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> RecallNotificationMessage {
        RecallNotificationMessage(
            operatorId: s.optString(), recallTime: s.optInt64(), originalObjectName: s.optString(),
            originalMessageContent: s.maybe { $0.jsonObject(depth: 2) }, recallContent: s.optString(),
            recallActionTime: s.optInt64(), admin: s.optBool(), delete: s.optBool(), common: s.common())
    }
}

@Suite("RC:RcNtf")
struct RecallNotificationMessageTests {
    @Test("fields land in the typed model")
    func fields() throws {
        let m = try RecallNotificationMessage(
            json: #"{"operatorId":"o","recallTime":5,"originalObjectName":"RC:TxtMsg","originalMessageContent":{"content":"c"},"recallContent":"c","recallActionTime":6,"admin":true,"delete":false}"#)
        #expect(m.operatorId == "o")
        #expect(m.recallTime == 5)
        #expect(m.originalObjectName == "RC:TxtMsg")
        #expect(m.originalMessageContent?["content"] == .string("c"))
        #expect(m.recallContent == "c")
        #expect(m.recallActionTime == 6)
        #expect(m.admin == true)
        #expect(m.delete == false)
        #expect(RecallNotificationMessage.persistence == .isPersisted)
    }

    @Test("the seed spelling RC:RCntf decodes as RC:RcNtf")
    func aliasObjectName() throws {
        let decoded = try ContentRegistry.builtIn.decode(objectName: "RC:RCntf", bytes: Array(#"{"recallTime":1}"#.utf8))
        guard case .typed(let any) = decoded, let m = any.base as? RecallNotificationMessage else {
            Issue.record("expected a typed RC:RcNtf")
            return
        }
        #expect(m.recallTime == 1)
        #expect(Set(m.diagnostics.leniencies) == [.objectNameAlias])
    }
}
