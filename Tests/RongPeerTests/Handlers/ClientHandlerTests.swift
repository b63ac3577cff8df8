// Tests/RongPeerTests/Handlers/ClientHandlerTests.swift - the client's handshake handler and ClientFrameHandler on EmbeddedChannel, byte splits

import NIOCore
import NIOEmbedded
import RongEnvelope
import Testing

@testable import RongPeer

@Suite("Handlers: the client side")
struct ClientHandlerTests {
    typealias H = ClientHandshakeTests

    static let connAck = Packet(.connAck(.init(status: 0, session: .init(userId: "alice", sessionId: "s", timestamp: 1))), retain: true)
    static let pingResp = Packet(.pingResp)

    /// An unmasked server frame.
    static func frame(_ payload: [UInt8], opcode: UInt8 = 2, fin: Bool = true) -> [UInt8] {
        let n = payload.count
        let length: [UInt8] = n < 126 ? [UInt8(n)] : [126, UInt8(n >> 8), UInt8(n & 0xFF)]
        return [(fin ? 0x80 : 0) | opcode] + length + payload
    }

    /// The 101, then CONNACK 0 and PINGRESP, as the peer writes them.
    static func serverBytes() throws -> [UInt8] {
        let head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: upgrade\r\nSec-WebSocket-Accept: \(H.accept)\r\n\r\n"
        return Array(head.utf8) + frame(try connAck.encoded()) + frame(try pingResp.encoded())
    }

    /// A client on an active EmbeddedChannel, its upgrade request taken.
    static func client() throws -> (EmbeddedChannel, EventLoopFuture<Void>, H.Events) {
        let events = H.Events()
        let (channel, upgraded) = try H.client(events)
        _ = try H.activate(channel)
        return (channel, upgraded, events)
    }

    /// Client frames written since the last call: (opcode, unmasked payload); each must be masked.
    static func written(_ channel: EmbeddedChannel) throws -> [(UInt8, [UInt8])] {
        var bytes: [UInt8] = []
        while let b = try channel.readOutbound(as: ByteBuffer.self) { bytes += Array(b.readableBytesView) }
        var out: [(UInt8, [UInt8])] = []
        var i = 0
        while i < bytes.count {
            #expect(bytes[i + 1] & 0x80 != 0, "a client frame without a mask")
            let n = Int(bytes[i + 1] & 0x7F)
            try #require(n < 126)
            let mask = Array(bytes[(i + 2)..<(i + 6)])
            let payload = bytes[(i + 6)..<(i + 6 + n)].enumerated().map { $1 ^ mask[$0 % 4] }
            out.append((bytes[i] & 0x0F, payload))
            i += 6 + n
        }
        return out
    }

    @Test("the response split at every byte, in two reads, upgrades and delivers both packets")
    func splitAtEveryByte() throws {
        let bytes = try Self.serverBytes()
        for k in 1..<bytes.count {
            let (channel, upgraded, events) = try Self.client()
            try channel.writeInbound(ByteBuffer(bytes: bytes[..<k]))
            try channel.writeInbound(ByteBuffer(bytes: bytes[k...]))
            channel.embeddedEventLoop.run()
            #expect(throws: Never.self, "split at \(k)") { try upgraded.wait() }
            #expect(events.packets == [Self.connAck, Self.pingResp], "split at \(k): \(events.all)")
        }
    }

    @Test("the response fed one byte per read is read the same")
    func dripFed() throws {
        let (channel, upgraded, events) = try Self.client()
        for b in try Self.serverBytes() { try channel.writeInbound(ByteBuffer(bytes: [b])) }
        channel.embeddedEventLoop.run()
        #expect(throws: Never.self) { try upgraded.wait() }
        #expect(events.packets == [Self.connAck, Self.pingResp])
        #expect(channel.isActive)
    }

    @Test("a response head that never ends is cut at its limit, not buffered")
    func endlessHead() throws {
        let (channel, upgraded, _) = try Self.client()
        let line = ByteBuffer(string: "X-Pad: " + String(repeating: "a", count: 1_000) + "\r\n")
        try channel.writeInbound(ByteBuffer(string: "HTTP/1.1 101 Switching Protocols\r\n"))
        var sent = 0
        while channel.isActive, sent < 1_000 {
            try channel.writeInbound(line)
            sent += 1
        }
        channel.embeddedEventLoop.run()
        #expect(!channel.isActive)
        #expect(sent * 1_000 <= 2 * WebSocketHandshakeHandler.maxHeadBytes, "\(sent) lines read before the cut")
        #expect(throws: PeerClientError.notUpgraded) { try upgraded.wait() }
    }

    /// Upgraded, CONNACK taken.
    static func upgraded() throws -> (EmbeddedChannel, H.Events) {
        let (channel, upgraded, events) = try Self.client()
        let head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: upgrade\r\nSec-WebSocket-Accept: \(H.accept)\r\n\r\n"
        try channel.writeInbound(ByteBuffer(bytes: Array(head.utf8) + frame(try connAck.encoded())))
        channel.embeddedEventLoop.run()
        try upgraded.wait()
        #expect(events.packets == [Self.connAck])
        return (channel, events)
    }

    @Test("a server ping is answered with a masked pong of the same payload")
    func pong() throws {
        let (channel, _) = try Self.upgraded()
        try channel.writeInbound(ByteBuffer(bytes: Self.frame([7, 8, 9], opcode: 9)))
        let frames = try Self.written(channel)
        #expect(frames.map(\.0) == [10])
        #expect(frames.first?.1 == [7, 8, 9])
    }

    @Test("a message in two fragments is one packet; a binary message that is no packet is reported as such")
    func fragmentsAndGarbage() throws {
        let (channel, events) = try Self.upgraded()
        let bytes = try Self.pingResp.encoded() + []
        try channel.writeInbound(ByteBuffer(bytes: Self.frame(Array(bytes.prefix(1)), fin: false) + Self.frame(Array(bytes.dropFirst()), opcode: 0)))
        try channel.writeInbound(ByteBuffer(bytes: Self.frame([0xFF, 0xFF, 0xFF])))
        channel.embeddedEventLoop.run()
        #expect(events.packets == [Self.connAck, Self.pingResp])
        #expect(events.all.contains { if case .undecodable = $0 { true } else { false } })
    }

    @Test("a close frame closes the connection and reports it once")
    func closeFrame() throws {
        let (channel, events) = try Self.upgraded()
        try channel.writeInbound(ByteBuffer(bytes: Self.frame([0x03, 0xE8], opcode: 8)))
        channel.embeddedEventLoop.run()
        #expect(!channel.isActive)
        #expect(events.all.filter { if case .closed = $0 { true } else { false } }.count == 1)
    }

    @Test("a frame above the client's limit closes the connection, before its payload arrives")
    func oversizedFrame() throws {
        let (channel, events) = try Self.upgraded()
        // The header of a frame of 2^20 bytes; the client's limit is 2^16.
        try channel.writeInbound(ByteBuffer(bytes: [0x82, 127, 0, 0, 0, 0, 0, 0x10, 0, 0]))
        channel.embeddedEventLoop.run()
        #expect(!channel.isActive)
        #expect(events.closed)
        #expect(events.packets == [Self.connAck])
    }
}
