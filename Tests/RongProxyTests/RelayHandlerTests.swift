// Tests/RongProxyTests/RelayHandlerTests.swift - one relayed connection on EmbeddedChannels: frames across, held frames, back-pressure, the idle end

import NIOCore
import NIOEmbedded
import NIOWebSocket
import RongCapture
import RongCodec
import RongEnvelope
import RongPeer
import Testing

@testable import RongProxy

/// The relay without sockets: the client's side and the upstream's are two EmbeddedChannels on
/// one EmbeddedEventLoop, each ending in a ``RelayHandler`` of one ``RelaySession``.
@Suite("Relay handler")
struct RelayHandlerTests {
    struct Pair {
        let loop = EmbeddedEventLoop()
        let collector = LogCollector()
        let log: ProxyLog
        let session: RelaySession
        let client: EmbeddedChannel
        let server: EmbeddedChannel

        init(idleMillis: Int64 = 60_000, maxHeldBytes: Int = 1_024) throws {
            log = ProxyLog(outputs: [collector.output], bufferBytes: 1 << 20)
            session = RelaySession(
                id: 1, log: log, counters: ProxyCounters(), loop: loop, idleTimeout: PeerDuration(milliseconds: idleMillis)!, maxHeldBytes: maxHeldBytes)
            client = EmbeddedChannel(handler: RelayHandler(side: .client, session: session), loop: loop)
            server = EmbeddedChannel(handler: RelayHandler(side: .server, session: session), loop: loop)
        }

        func start() {
            session.start(CapturedConnection(id: 1, time: 1, path: "/websocket", query: ["appId": "a", "token": "alice-token"]))
        }

        func frame(_ bytes: [UInt8], opcode: WebSocketOpcode = .binary, fin: Bool = true, mask: WebSocketMaskingKey? = nil) -> WebSocketFrame {
            var data = client.allocator.buffer(bytes: bytes)
            if let mask { data.webSocketMask(mask) }
            return WebSocketFrame(fin: fin, opcode: opcode, maskKey: mask, data: data)
        }

        /// Frame lines of the log (the log finished first).
        func loggedFrames() -> [JSONObject] {
            log.finish()
            return collector.lines.filter { $0["event"] == nil }
        }
    }

    static func read(_ channel: EmbeddedChannel) throws -> [WebSocketFrame] {
        var out: [WebSocketFrame] = []
        while let f = try channel.readOutbound(as: WebSocketFrame.self) { out.append(f) }
        return out
    }

    @Test("a frame from the client goes out to the upstream masked with the proxy's key, payload, opcode and FIN unchanged; the upstream's goes back unmasked")
    func framesAcross() throws {
        let p = try Pair()
        p.start()
        let key: WebSocketMaskingKey = [1, 2, 3, 4]
        try p.client.writeInbound(p.frame([0x50, 0x00, 0x01, 0x61], fin: false, mask: key))
        try p.client.writeInbound(p.frame([0x00, 0x01, 0x62, 0x00, 0x01], opcode: .continuation, mask: key))
        try p.client.writeInbound(p.frame(Array("ping".utf8), opcode: .ping, mask: key))
        let up = try Self.read(p.server)
        #expect(up.map(\.opcode) == [.binary, .continuation, .ping] && up.map(\.fin) == [false, true, true])
        #expect(up.allSatisfy { $0.maskKey != nil })
        // An outbound frame holds its payload plain; NIO's encoder masks it with `maskKey` on the wire.
        #expect(up.map { Array($0.data.readableBytesView) } == [[0x50, 0x00, 0x01, 0x61], [0x00, 0x01, 0x62, 0x00, 0x01], Array("ping".utf8)])
        try p.server.writeInbound(p.frame(Array("ping".utf8), opcode: .pong))
        let down = try Self.read(p.client)
        #expect(down.count == 1 && down[0].opcode == .pong && down[0].maskKey == nil && Array(down[0].data.readableBytesView) == Array("ping".utf8))
        // Nothing answered by the proxy itself: no pong toward the client for its ping.
        #expect(try Self.read(p.client).isEmpty)
        let lines = p.loggedFrames()
        #expect(lines.map { $0["from"]?.stringValue } == ["client", "client", "client", "server"])
        #expect(lines.map { $0["hex"]?.stringValue } == ["50000161", "0001620001", "70696e67", "70696e67"])
    }

    @Test("what the upstream sends before the client's side is up is held, then relayed and logged first; past the bound the connection ends")
    func heldFrames() throws {
        let p = try Pair()
        let connack: [UInt8] = [0x20, 0x00, 0x00]
        try p.server.writeInbound(p.frame(connack))
        #expect(try Self.read(p.client).isEmpty)
        p.start()
        #expect(try Self.read(p.client).map { Array($0.data.readableBytesView) } == [connack])
        #expect(p.loggedFrames().first?["hex"]?.stringValue == "200000")

        let q = try Pair(maxHeldBytes: 16)
        try q.server.writeInbound(q.frame([UInt8](repeating: 0, count: 17)))
        #expect(q.session.isEnded)
        q.log.finish()
    }

    @Test("a side that cannot take more stops the other from reading until it can")
    func backPressure() throws {
        let p = try Pair()
        p.start()
        func autoRead(_ c: EmbeddedChannel) -> Bool? {
            c.options.last { $0.option is ChannelOptions.Types.AutoReadOption }?.value as? Bool
        }
        p.server.isWritable = false
        try p.client.writeInbound(p.frame([0xC0]))
        #expect(autoRead(p.client) == false)
        p.server.isWritable = true
        p.server.pipeline.fireChannelWritabilityChanged()
        #expect(autoRead(p.client) == true)
        _ = p.loggedFrames()
    }

    @Test("no frame either way for the idle timeout ends the connection, logged as closed by the proxy")
    func idleEnd() throws {
        let p = try Pair(idleMillis: 1_000)
        p.start()
        p.loop.advanceTime(by: .milliseconds(600))
        try p.client.writeInbound(p.frame([0xC0]))
        p.loop.advanceTime(by: .milliseconds(600))
        #expect(!p.session.isEnded)  // the frame moved the deadline
        p.loop.advanceTime(by: .milliseconds(500))
        #expect(p.session.isEnded)
        p.log.finish()
        let close = p.collector.lines.first { $0["event"]?.stringValue == "close" }
        #expect(close?["by"]?.stringValue == "proxy" && close?["reason"]?.stringValue?.hasPrefix("no frame either way") == true)
    }
}
