// Tests/RongPeerTests/Handlers/PeerOutboxTests.swift - a turn's writes and closes reach each channel in order, flushed, and counted back

import NIOCore
import NIOConcurrencyHelpers
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import RongPeer

/// ``PeerOutbox`` hands a turn's actions to the event loops in one task each: every channel must
/// still see its frames in the order the turn produced them, a close must come after (and not
/// drop) the frames queued before it, and the queue counters must return to zero once the writes
/// complete.
@Suite("Peer outbox")
struct PeerOutboxTests {
    static func frame(_ byte: UInt8) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(bytes: [byte]))
    }

    /// The payload bytes of the frames written to `channel` so far.
    static func written(_ channel: EmbeddedChannel) throws -> [UInt8] {
        var out: [UInt8] = []
        while let f = try channel.readOutbound(as: WebSocketFrame.self) { out += Array(f.data.readableBytesView) }
        return out
    }

    @Test("frames reach each channel in turn order, flushed; the counters come back to zero")
    func orderAndCounters() throws {
        let loop = EmbeddedEventLoop()
        let a = EmbeddedChannel(loop: loop)
        let b = EmbeddedChannel(loop: loop)
        let ca = PeerCore.QueueCounter()
        let cb = PeerCore.QueueCounter()
        // As PeerCore counts them when it queues.
        ca.packets.add(3, ordering: .relaxed)
        ca.bytes.add(3, ordering: .relaxed)
        cb.packets.add(2, ordering: .relaxed)
        cb.bytes.add(2, ordering: .relaxed)
        var outbox = PeerOutbox()
        outbox.write([Self.frame(1)], to: a, counter: ca)
        outbox.write([Self.frame(10)], to: b, counter: cb)
        outbox.write([Self.frame(2), Self.frame(3)], to: a, counter: ca)
        outbox.write([Self.frame(11)], to: b, counter: cb)
        outbox.dispatch()
        #expect(outbox.isEmpty)
        #expect(try Self.written(a).isEmpty, "nothing before the loop runs the task")
        loop.run()
        #expect(try Self.written(a) == [1, 2, 3])
        #expect(try Self.written(b) == [10, 11])
        #expect(ca.packets.load(ordering: .relaxed) == 0 && ca.bytes.load(ordering: .relaxed) == 0)
        #expect(cb.packets.load(ordering: .relaxed) == 0 && cb.bytes.load(ordering: .relaxed) == 0)
        _ = try a.finish()
        _ = try b.finish()
    }

    @Test("a close queued after writes comes after them, and they are flushed before it")
    func closeAfterWrites() throws {
        let loop = EmbeddedEventLoop()
        let a = EmbeddedChannel(loop: loop)
        try a.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        let counter = PeerCore.QueueCounter()
        counter.packets.add(2, ordering: .relaxed)
        counter.bytes.add(2, ordering: .relaxed)
        var outbox = PeerOutbox()
        outbox.write([Self.frame(7), Self.frame(8)], to: a, counter: counter)
        let seenAtClose = NIOLockedValueBox<[UInt8]>([])
        outbox.run(on: a) {
            // What had reached the channel's outbound side when the close ran.
            var got: [UInt8] = []
            while let f = try? a.readOutbound(as: WebSocketFrame.self) { got += Array(f.data.readableBytesView) }
            seenAtClose.withLockedValue { $0 = got }
            a.close(promise: nil)
        }
        outbox.dispatch()
        loop.run()
        #expect(seenAtClose.withLockedValue { $0 } == [7, 8])
        #expect(!a.isActive)
        #expect(counter.packets.load(ordering: .relaxed) == 0)
    }
}
