// Tests/RongProxyTests/Support/TCPTap.swift - a TCP relay that records the WebSocket frames crossing it (optionally ending TLS)

import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

@testable import RongProxy

/// One connection through a tap: what the client sent (`up`) and what the server sent (`down`),
/// each read by ``WireRecorder``.
struct TapConnection {
    var up = WireRecorder()
    var down = WireRecorder()
    var closedCleanly: Bool {
        up.frames.contains { $0.opcode == 8 } && down.frames.contains { $0.opcode == 8 }
    }
    /// Whether the client asked for a WebSocket (not a plain HTTP request such as `/state`).
    var isWebSocket: Bool { up.head?.lowercased().contains("upgrade: websocket") == true }
    /// The `token` of the request target's query, as written ("" without one).
    var token: String {
        guard let line = up.firstLine, let q = line.split(separator: " ").dropFirst().first?.split(separator: "?", maxSplits: 1).last else { return "" }
        for pair in q.split(separator: "&") where pair.hasPrefix("token=") { return String(pair.dropFirst(6)) }
        return ""
    }
}

/// A loopback TCP relay in front of `target`: every byte passes unchanged and is recorded per
/// connection and direction. With a TLS context it ends TLS on its listening side (a `wss://`
/// server in front of the peer, with the test certificate).
final class TCPTap: Sendable {
    let port: Int
    private let channel: Channel
    private let state = Mutex<[TapConnection]>([])

    private init(port: Int, channel: Channel) {
        self.port = port
        self.channel = channel
    }

    static func start(to targetPort: Int, tls: NIOSSLContext? = nil, on group: EventLoopGroup) async throws -> TCPTap {
        let box = TapBox()
        let channel = try await ServerBootstrap(group: group)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    guard let tap = box.tap else { throw ChannelError.ioOnClosedChannel }
                    let index = tap.state.withLock { s in
                        s.append(TapConnection())
                        return s.count - 1
                    }
                    if let tls { try child.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try child.pipeline.syncOperations.addHandler(TapHandler(tap: tap, index: index, up: true, targetPort: targetPort))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let tap = TCPTap(port: channel.localAddress!.port!, channel: channel)
        box.tap = tap
        return tap
    }

    var connections: [TapConnection] { state.withLock { $0 } }

    func record(_ index: Int, up: Bool, _ bytes: [UInt8]) {
        let now = ProxyClock.now()
        state.withLock { s in
            if up { s[index].up.feed(bytes, time: now) } else { s[index].down.feed(bytes, time: now) }
        }
    }

    func stop() async { try? await channel.close() }
}

/// The tap, set once it is bound (the initializer needs it for connections that come later).
final class TapBox: @unchecked Sendable {
    private let lock = Mutex<TCPTap?>(nil)
    var tap: TCPTap? {
        get { lock.withLock { $0 } }
        set { lock.withLock { $0 = newValue } }
    }
}

/// Copies bytes between the accepted connection and its own connection to the target, in both
/// directions, recording them; either side's close closes the other once written.
final class TapHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    let tap: TCPTap
    let index: Int
    let up: Bool
    let targetPort: Int
    var partner: Channel?
    var pending: [ByteBuffer] = []
    var lastWrite: EventLoopFuture<Void>?

    init(tap: TCPTap, index: Int, up: Bool, targetPort: Int, partner: Channel? = nil) {
        self.tap = tap
        self.index = index
        self.up = up
        self.targetPort = targetPort
        self.partner = partner
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        guard up else { return }
        let me = context.channel
        let tap = self.tap, index = self.index
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        ClientBootstrap(group: context.eventLoop)
            .channelInitializer { ch in
                ch.eventLoop.makeCompletedFuture {
                    try ch.pipeline.syncOperations.addHandler(TapHandler(tap: tap, index: index, up: false, targetPort: 0, partner: me))
                }
            }
            .connect(host: "127.0.0.1", port: targetPort)
            .whenComplete { result in
                let handler = bound.value
                switch result {
                case .success(let server):
                    handler.partner = server
                    for b in handler.pending { handler.lastWrite = server.writeAndFlush(b) }
                    handler.pending = []
                    if !me.isActive { server.close(promise: nil) }
                case .failure:
                    me.close(promise: nil)
                }
            }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let b = unwrapInboundIn(data)
        tap.record(index, up: up, Array(b.readableBytesView))
        if let partner { lastWrite = partner.writeAndFlush(b) } else { pending.append(b) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let partner {
            if let lastWrite { lastWrite.whenComplete { _ in partner.close(promise: nil) } } else { partner.close(promise: nil) }
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
