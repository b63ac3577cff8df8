// Tests/RongEnvelopeTests/RegistryFlagTopicTests.swift - a registered type's flag picks its topic and sessionId bits

import RongCodec
import RongEnvelope
import Testing

@Suite("Registry flags on the wire")
struct RegistryFlagTopicTests {
    @Test("open and newly registered types are sent with their registry flag, not as unknown ISCOUNTED content")
    func flagsPickTopics() throws {
        let registry = ContentRegistry.builtIn
        func outbound(_ objectName: String, _ json: String, _ type: ConversationType = .group) throws -> OutboundMessage {
            guard case .typed(let c) = try registry.decode(objectName: objectName, bytes: Array(json.utf8)) else {
                throw CodecError(.unknownObjectName, objectName)
            }
            return OutboundMessage(type, targetId: "g1", content: c.base)
        }
        // RCRTC signalling is STATUS (RUST 16): a status topic and no persisted or counted bit.
        let rtc = try outbound("RCRTC:invite", #"{"roomId":"r1"}"#)
        #expect(rtc.effectivePersistence == .status)
        #expect(try rtc.publishTopic().text == "pgMsgS")
        // RC:RcCmd is NONE (RUST): sessionId carries neither bit.
        let recall = try outbound("RC:RcCmd", #"{"messageUId":"A"}"#, .private)
        #expect(recall.effectivePersistence == .none)
        #expect(try recall.publishTopic().text == "ppMsgP")
        #expect(try recall.upStreamMessage().sessionId.isDisjoint(with: [.persisted, .counted]))
        // RC:CombineV2Msg is ISCOUNTED; the same bytes under an unregistered name would be too,
        // but RC:ChrmMemChange (NONE) shows the registry, not the default, decides.
        #expect(try outbound("RC:CombineV2Msg", "{}").effectivePersistence == .isCounted)
        #expect(try outbound("RC:ChrmMemChange", "{}", .chatroom).effectivePersistence == .none)
        #expect(OutboundMessage(.chatroom, targetId: "r", objectName: "App:X", contentBytes: Array("{}".utf8)).effectivePersistence == .isCounted)
    }
}
