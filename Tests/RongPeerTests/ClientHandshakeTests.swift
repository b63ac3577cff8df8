// Tests/RongPeerTests/ClientHandshakeTests.swift - the client's WebSocket opening handshake, on EmbeddedChannel

import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import RongEnvelope
import Synchronization
import Testing

@testable import RongPeer

@Suite("Client handshake")
struct ClientHandshakeTests {
    /// The key of RFC 6455 § 1.3 and its `Sec-WebSocket-Accept`.
    static let key = "dGhlIHNhbXBsZSBub25jZQ=="
    static let accept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="

    final class Events: Sendable {
        let list = Mutex<[ClientFrameEvent]>([])
        var all: [ClientFrameEvent] { list.withLock { $0 } }
        var packets: [Packet] { all.compactMap { if case .packet(let p) = $0 { p } else { nil } } }
        var closed: Bool { all.contains { if case .closed = $0 { true } else { false } } }
        func record(_ event: ClientFrameEvent) { list.withLock { $0.append(event) } }
    }

    static let refusedConnAck = Packet(.connAck(.init(status: 4)), retain: true)

    /// What a peer refusing a token sends at once: the 101 response, CONNACK 4 and a close frame
    /// (unmasked, as a server sends them).
    static func refusal(acceptHeader: String?) throws -> ByteBuffer {
        var head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: upgrade\r\n"
        if let acceptHeader { head += "Sec-WebSocket-Accept: \(acceptHeader)\r\n" }
        var bytes = ByteBuffer(string: head + "\r\n")
        let connAck = try refusedConnAck.encoded()
        bytes.writeBytes([0x82, UInt8(connAck.count)] + connAck)
        bytes.writeBytes([0x88, 0x02, 0x03, 0xE8])
        return bytes
    }

    /// Makes the channel active and returns what it wrote (the upgrade request).
    static func activate(_ channel: EmbeddedChannel) throws -> String {
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8900)).wait()
        var out = ""
        while let b = try channel.readOutbound(as: ByteBuffer.self) { out += String(buffer: b) }
        return out
    }

    /// The peer's bytes arrive in one read and the FIN right after, before the event loop runs
    /// anything it deferred (as when the whole refusal is in the socket buffer at once).
    static func deliverWithFIN(_ bytes: ByteBuffer, to channel: EmbeddedChannel) throws {
        try channel.writeInbound(bytes)
        if channel.isActive { try channel.close().wait() }
        channel.embeddedEventLoop.run()
    }

    static func client(_ events: Events) throws -> (EmbeddedChannel, EventLoopFuture<Void>) {
        let channel = EmbeddedChannel()
        let upgraded = try ClientPipeline.configure(
            channel, host: "127.0.0.1", port: 8900, uri: "/websocket?appId=k&token=t", maxFrameSize: 1 << 16,
            requestKey: key, events: events.record)
        return (channel, upgraded)
    }

    @Test("the request carries the key; a 101, CONNACK, close frame and FIN that arrive together all reach the client")
    func refusalInOneRead() throws {
        let events = Events()
        let (channel, upgraded) = try Self.client(events)
        let request = try Self.activate(channel)
        #expect(request.hasPrefix("GET /websocket?appId=k&token=t HTTP/1.1\r\n"))
        #expect(request.contains("\r\nSec-WebSocket-Key: \(Self.key)\r\n"))
        #expect(request.contains("\r\nSec-WebSocket-Version: 13\r\n"))
        try Self.deliverWithFIN(try Self.refusal(acceptHeader: Self.accept), to: channel)
        #expect(throws: Never.self) { try upgraded.wait() }
        #expect(events.packets == [Self.refusedConnAck])
        #expect(events.closed)
    }

    @Test("a wrong or missing Sec-WebSocket-Accept is refused: no WebSocket, and nothing after the head is read",
          arguments: ["AAAAAAAAAAAAAAAAAAAAAAAAAAA=", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo", nil])
    func wrongAccept(_ header: String?) throws {
        let events = Events()
        let (channel, upgraded) = try Self.client(events)
        _ = try Self.activate(channel)
        try channel.writeInbound(try Self.refusal(acceptHeader: header))
        channel.embeddedEventLoop.run()
        #expect(throws: PeerClientError.notUpgraded) { try upgraded.wait() }
        #expect(events.all.isEmpty, "\(events.all)")
        #expect(!channel.isActive, "the client closes a connection that did not upgrade")
    }

    @Test("a response other than 101, or without Upgrade: websocket, is refused")
    func notSwitching() throws {
        for head in [
            "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n",
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\nSec-WebSocket-Accept: \(Self.accept)\r\n\r\n",
            "HTTP/1.0 101 Switching Protocols\r\nUpgrade: websocket\r\nSec-WebSocket-Accept: \(Self.accept)\r\n\r\n",
        ] {
            let events = Events()
            let (channel, upgraded) = try Self.client(events)
            _ = try Self.activate(channel)
            try channel.writeInbound(ByteBuffer(string: head))
            channel.embeddedEventLoop.run()
            #expect(throws: PeerClientError.notUpgraded) { try upgraded.wait() }
            #expect(!channel.isActive)
        }
    }

    /// Why the client does not use NIO's `NIOTypedHTTPClientUpgradeHandler`: set up as NIO
    /// documents it (left-over bytes forwarded), it loses what follows the 101 in the same read
    /// when the FIN comes with it, so a refused client hears neither its CONNACK nor the close.
    /// If this starts to fail, NIO's handler serves the peer and the client can switch to it.
    @Test("NIO's typed upgrader drops a CONNACK that arrives with the 101 and the FIN")
    func nioTypedUpgraderLosesTheConnAck() throws {
        func run(finInSameRead: Bool) throws -> Events {
            let events = Events()
            let channel = EmbeddedChannel()
            let upgrader = NIOTypedWebSocketClientUpgrader<Void>(
                requestKey: Self.key, maxFrameSize: 1 << 16, enableAutomaticErrorHandling: false,
                upgradePipelineHandler: { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ClientFrameHandler(events: events.record))
                    }
                })
            var headers = HTTPHeaders()
            headers.add(name: "Host", value: "127.0.0.1:8900")
            var configuration = NIOUpgradableHTTPClientPipelineConfiguration(
                upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
                    upgradeRequestHead: HTTPRequestHead(version: .http1_1, method: .GET, uri: "/websocket?token=t", headers: headers),
                    upgraders: [upgrader],
                    notUpgradingCompletionHandler: { $0.eventLoop.makeFailedFuture(PeerClientError.notUpgraded) }))
            configuration.leftOverBytesStrategy = .forwardBytes
            let upgraded = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
            _ = try Self.activate(channel)
            if finInSameRead {
                try Self.deliverWithFIN(try Self.refusal(acceptHeader: Self.accept), to: channel)
            } else {
                try channel.writeInbound(try Self.refusal(acceptHeader: Self.accept))
                channel.embeddedEventLoop.run()
                if channel.isActive { try channel.close().wait() }
                channel.embeddedEventLoop.run()
            }
            #expect(throws: Never.self) { try upgraded.wait() }
            return events
        }
        // With the FIN in a later read, NIO's handler passes the CONNACK on ...
        #expect(try run(finInSameRead: false).packets == [Self.refusedConnAck])
        // ... with the FIN in the same read, the CONNACK and the close are gone.
        let lost = try run(finInSameRead: true)
        #expect(lost.packets.isEmpty && !lost.closed, "NIO's upgrader now keeps them: \(lost.all)")
    }
    /// A server that answers any request with a 101 carrying `accept` and then CONNACK 0.
    final class FakeUpgrade: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let accept: String
        init(accept: String) { self.accept = accept }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let session = Packet.ConnAck.Session(userId: "alice", sessionId: "s", timestamp: 1)
            let connAck = (try? Packet(.connAck(.init(status: 0, session: session)), retain: true).encoded()) ?? []
            var out = ByteBuffer(string: "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n")
            out.writeBytes([0x82, UInt8(connAck.count)] + connAck)
            context.writeAndFlush(wrapOutboundOut(out), promise: nil)
        }
    }

    @Test("over a socket: a server whose Sec-WebSocket-Accept is wrong never gets a connected client, even with CONNACK 0")
    func wrongAcceptOverSocket() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let server = try await ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(FakeUpgrade(accept: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=")) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(server.localAddress?.port)
        await #expect(throws: PeerClientError.notUpgraded) {
            _ = try await PeerClient.connect(PeerClientOptions(url: "ws://127.0.0.1:\(port)/websocket", token: "t"), timeoutMillis: 5000)
        }
        try await server.close()
        try await group.shutdownGracefully()
    }
}
