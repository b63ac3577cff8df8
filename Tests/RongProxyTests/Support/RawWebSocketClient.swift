// Tests/RongProxyTests/Support/RawWebSocketClient.swift - a client that writes frame bytes by hand: control frames, fragments, garbage

import NIOCore
import NIOPosix
import Synchronization

/// A TCP client that sends an upgrade request and then whatever bytes a test writes, and reads
/// what comes back with ``WireRecorder``: for frames no SDK sends (pings, fragments, text,
/// undecodable packets) and for reading an HTTP refusal.
final class RawWebSocketClient: Sendable {
    private let channel: Channel
    private let received = Mutex(WireRecorder())
    private let closed = Mutex(false)

    private init(channel: Channel) { self.channel = channel }

    static func connect(port: Int, uri: String, on group: EventLoopGroup) async throws -> RawWebSocketClient {
        let box = RawBox()
        let channel = try await ClientBootstrap(group: group)
            .channelInitializer { ch in
                ch.eventLoop.makeCompletedFuture { try ch.pipeline.syncOperations.addHandler(RawReader(box: box)) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let client = RawWebSocketClient(channel: channel)
        box.client = client
        let request = "GET \(uri) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try await channel.writeAndFlush(ByteBuffer(string: request))
        return client
    }

    func send(_ bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes))
    }

    var recorder: WireRecorder { received.withLock { $0 } }
    var isClosed: Bool { closed.withLock { $0 } }

    func feed(_ bytes: [UInt8]) { received.withLock { $0.feed(bytes, time: 0) } }
    func markClosed() { closed.withLock { $0 = true } }

    /// Waits (polling every 10 ms, at most `millis`) until `condition` holds; whether it did.
    func wait(millis: Int = 5_000, until condition: (WireRecorder, Bool) -> Bool) async -> Bool {
        for _ in 0..<(millis / 10) {
            if condition(recorder, isClosed) { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return condition(recorder, isClosed)
    }

    func close() async { try? await channel.close() }
}

final class RawBox: @unchecked Sendable {
    private let lock = Mutex<RawWebSocketClient?>(nil)
    var client: RawWebSocketClient? {
        get { lock.withLock { $0 } }
        set { lock.withLock { $0 = newValue } }
    }
}

final class RawReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    let box: RawBox
    private var early: [[UInt8]] = []

    init(box: RawBox) { self.box = box }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = Array(unwrapInboundIn(data).readableBytesView)
        guard let client = box.client else {
            early.append(bytes)
            return
        }
        for e in early { client.feed(e) }
        early = []
        client.feed(bytes)
    }

    func channelInactive(context: ChannelHandlerContext) {
        box.client?.markClosed()
        context.fireChannelInactive()
    }
}
