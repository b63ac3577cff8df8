// Tests/RongPeerTests/Model/PeerModelBodyTests.swift - bodies the peer refuses, with RongEnvelope's diagnosis

import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

/// PEER-HOSTILE-001 through RongEnvelope's body layer (spec/peer.md, "Bodies"): a body that lacks
/// a required field ends the connection with DISCONNECT 2, and the event names the field, for a
/// message (UpStreamMessage, the wire reader) and for a QUERY request (a generated body).
@Suite("Bodies the peer refuses")
struct PeerModelBodyTests {
    static func lastEvent(_ h: ModelHarness) -> String {
        h.state[path: "events"]?.arrayValue?.last?.stringValue ?? ""
    }

    @Test("a PUBLISH whose UpStreamMessage lacks classname")
    func message() {
        let h = ModelHarness()
        let a = h.connect("alice")
        // sessionId 3 (field 1) and content (field 3), no classname (field 2).
        let payload: [UInt8] = [0x08, 0x03, 0x1A, 0x02, 0x7B, 0x7D]
        let out = h.model.receive(Packet(.publish(.init(topic: .ppMsgP, targetId: "bob", messageId: 1, payload: payload))), from: a)
        #expect(out == [.disconnect(a, status: DisconnectStatus.closure)])
        #expect(Self.lastEvent(h).contains("malformed: PUBLISH ppMsgP: missingRequiredField"))
        #expect(Self.lastEvent(h).contains("classname"), "the field is named: \(Self.lastEvent(h))")
    }

    @Test("a pullMsg whose SyncRequestMsg lacks ispolling")
    func query() {
        let h = ModelHarness()
        let a = h.connect("alice")
        var req = Modules_SyncRequestMsg()
        req.syncTime = 0
        let out = h.model.receive(Packet(.query(.init(topic: .pullMsg, targetId: "alice", messageId: 1, payload: protoBytes(req)))), from: a)
        #expect(out == [.disconnect(a, status: DisconnectStatus.closure)])
        #expect(Self.lastEvent(h).contains("malformed: pullMsg: missingRequiredField"))
        #expect(Self.lastEvent(h).contains("ispolling"), "the field is named: \(Self.lastEvent(h))")
    }
}
