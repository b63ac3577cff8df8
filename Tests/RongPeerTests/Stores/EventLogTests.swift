// Tests/RongPeerTests/Stores/EventLogTests.swift - the push and event log's limits

import RongCodec
import Testing

@testable import RongPeer

@Suite("Event log")
struct EventLogTests {
    @Test("events are stamped, cut at 512 bytes with …, and the latest 200 kept")
    func events() {
        var log = EventLog()
        log.recordEvent(String(repeating: "é", count: 400), at: 7)
        #expect(log.events[0].hasPrefix("7 é") && log.events[0].hasSuffix("…"))
        #expect(log.events[0].utf8.count <= EventLog.eventBytes + "…".utf8.count)
        for i in 0..<EventLog.eventLimit { log.recordEvent("e\(i)", at: 8) }
        #expect(log.events.count == EventLog.eventLimit && log.events.first == "8 e0" && log.events.last == "8 e199")
    }

    @Test("pushes count as sent or held back; the latest 1,000 kept")
    func pushes() {
        var log = EventLog()
        let sent = PeerModel.PushRecord(
            time: 1, receiver: "bob", sender: "alice", conversationType: .private, targetId: "alice", objectName: "RC:TxtMsg", messageUId: "U",
            pushText: "hi")
        var held = sent
        held.skipped = "quietHours"
        for _ in 0..<EventLog.pushLimit { log.recordPush(sent) }
        log.recordPush(held)
        #expect(log.pushCount == EventLog.pushLimit && log.pushSkipped == 1)
        #expect(log.pushes.count == EventLog.pushLimit && log.pushes.last == held)
    }
}
