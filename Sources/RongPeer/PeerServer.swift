// Sources/RongPeer/PeerServer.swift - the loopback server: WebSocket RMTP and HTTP /state

import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import RongCodec
import RongEnvelope

/// How to run a peer.
public struct PeerConfiguration: Sendable {
    /// Address to bind; loopback by default.
    public var host = "127.0.0.1"
    /// Port to bind; 0 picks a free one.
    public var port = 0
    /// Users, tokens, groups, chatrooms, app settings.
    public var fixture = PeerFixture()
    /// The clock; a ``ManualClock`` lets `POST /control/advance` move time.
    public var clock: any PeerClock = SystemClock()
    /// Largest WebSocket message (one RMTP packet) accepted from a client. A content may be
    /// 131,072 bytes; the rest leaves room for the envelope.
    public var maxFrameSize = 131_072 + 8_192
    /// Packets written to one connection and not yet sent before the peer cuts it.
    public var maxQueued = 8_192
    /// Bytes written to one connection and not yet sent before the peer cuts it as a slow
    /// consumer (a single packet is always sent when nothing else is queued). Pull and history
    /// replies are cut into pages of at most a quarter of this (and at most 2 MB), so a client that
    /// asks again and again without reading hits this limit after a few replies.
    public var maxQueuedBytes = 16 << 20
    /// Faults on the server's packets (seeded by ``seed`` unless the plan names its own).
    public var faults = FaultPlan()
    /// Seed of the UID allocator, and of the faults when their plan names no seed.
    public var seed: UInt64 = 0
    /// Event loop threads.
    public var threads = System.coreCount
    /// Where connections, violations and faults are reported.
    public var logger = PeerLogger(level: .warning)

    /// Loopback, a free port, an empty fixture, the system clock, no faults.
    public init() {}
}

/// A running mock peer. Clients connect to ``url`` (`ws://127.0.0.1:PORT/websocket?appId=…&token=…`)
/// and get exactly one RMTP packet per binary WebSocket message; `GET /state` on the same port
/// returns the observable state as JSON.
///
/// ```swift
/// var config = PeerConfiguration()
/// config.fixture = try PeerFixture.load(file: "tools/peer/fixture.yaml")
/// let peer = try await PeerServer.start(config)
/// print(peer.url)
/// try await peer.stop()
/// ```
public final class PeerServer: Sendable {
    /// How the peer was started.
    public let configuration: PeerConfiguration
    /// The bound port.
    public let port: Int
    let core: PeerCore
    let channel: Channel
    let group: MultiThreadedEventLoopGroup

    private init(configuration: PeerConfiguration, port: Int, core: PeerCore, channel: Channel, group: MultiThreadedEventLoopGroup) {
        self.configuration = configuration
        self.port = port
        self.core = core
        self.channel = channel
        self.group = group
    }

    /// The WebSocket base URL (add `?appId=…&token=…`).
    public var url: String { "ws://\(configuration.host):\(port)/websocket" }
    /// The HTTP base URL (`/state`, `/control/…`).
    public var httpURL: String { "http://\(configuration.host):\(port)" }

    /// Binds and starts serving.
    public static func start(_ configuration: PeerConfiguration) async throws -> PeerServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, configuration.threads))
        var model = PeerModel(fixture: configuration.fixture, clock: configuration.clock, seed: configuration.seed)
        model.maxReplyBytes = PeerModel.replyByteLimit(maxQueuedBytes: configuration.maxQueuedBytes)
        let core = PeerCore(
            model: model, faults: configuration.faults.seeded(default: configuration.seed), maxQueued: configuration.maxQueued, maxQueuedBytes: configuration.maxQueuedBytes,
            logger: configuration.logger)
        let control = PeerControl(core: core, clock: configuration.clock as? ManualClock, seed: configuration.seed)
        let maxFrame = configuration.maxFrameSize
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                let upgrader = NIOWebSocketServerUpgrader(
                    // NIO refuses larger frames itself; between the two limits the handler does.
                    maxFrameSize: maxFrame * 4,
                    automaticErrorHandling: false,
                    shouldUpgrade: { channel, head in
                        channel.eventLoop.makeSucceededFuture(HTTPHeaders())
                    },
                    upgradePipelineHandler: { channel, head in
                        channel.eventLoop.makeCompletedFuture {
                            let params = ConnectParams(query: parseQuery(head.uri).query)
                            let sync = channel.pipeline.syncOperations
                            try sync.addHandler(NIOWebSocketFrameAggregator(
                                minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 64, maxAccumulatedFrameSize: maxFrame * 4))
                            try sync.addHandler(PeerConnectionHandler(core: core, params: params, maxPacket: maxFrame))
                        }
                    })
                return channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    try sync.configureHTTPServerPipeline(
                        withServerUpgrade: (
                            upgraders: [upgrader],
                            completionHandler: { context in
                                context.pipeline.syncOperations.removeHandler(name: "peer-http", promise: nil)
                            }
                        ))
                    try sync.addHandler(PeerHTTPHandler(control: control), name: "peer-http")
                }
            }
        let channel: Channel
        do {
            channel = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        let port = channel.localAddress?.port ?? configuration.port
        configuration.logger.log(.info, "listening on ws://\(configuration.host):\(port)/websocket")
        return PeerServer(configuration: configuration, port: port, core: core, channel: channel, group: group)
    }

    /// Stops accepting, closes every connection and the event loops.
    public func stop() async throws {
        core.reset(core.state.withLock { $0.model })
        try? await channel.close()
        try await group.shutdownGracefully()
    }

    /// The /state document (one user's part with `user`).
    public func state(user: String? = nil) -> JSONValue { core.snapshot(user: user) }

    /// Faults injected so far.
    public var faultCounts: FaultCounts { core.faultCounts() }

    /// Replaces the fault plan.
    public func setFaults(_ plan: FaultPlan) { core.setFaults(plan) }

    /// The most bytes any one connection has had written and not yet sent (`/state`
    /// `stats.peakQueuedBytes`); at most ``PeerConfiguration/maxQueuedBytes`` unless a single
    /// packet was larger.
    public var peakQueuedBytes: Int { core.peakQueuedBytes() }
}

/// Splits a request URI into its path and decoded query parameters (`%XX` decoded; `+` kept, as
/// the SDKs percent-encode the token with encodeURIComponent).
func parseQuery(_ uri: String) -> (path: String, query: [String: String]) {
    let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var query: [String: String] = [:]
    if parts.count == 2 {
        for pair in parts[1].split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = percentDecode(kv[0])
            query[key] = kv.count == 2 ? percentDecode(kv[1]) : ""
        }
    }
    return (String(parts[0]), query)
}

func percentDecode(_ s: Substring) -> String {
    var out: [UInt8] = []
    var bytes = Array(s.utf8)[...]
    while let b = bytes.popFirst() {
        if b == 0x25, bytes.count >= 2, let v = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) {
            out.append(v)
            bytes = bytes.dropFirst(2)
        } else {
            out.append(b)
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// Percent-encodes a query value (everything but unreserved characters).
public func percentEncode(_ s: String) -> String {
    var out = ""
    for b in s.utf8 {
        if (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E {
            out.unicodeScalars.append(Unicode.Scalar(b))
        } else {
            let hex = Array("0123456789ABCDEF")
            out += "%" + String(hex[Int(b >> 4)]) + String(hex[Int(b & 15)])
        }
    }
    return out
}

// MARK: - WebSocket connection

/// One client connection after the upgrade: frames in, packets to the core.
final class PeerConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    let core: PeerCore
    let params: ConnectParams
    let maxPacket: Int
    var id: ConnectionID?

    init(core: PeerCore, params: ConnectParams, maxPacket: Int) {
        self.core = core
        self.params = params
        self.maxPacket = maxPacket
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // The upgrade response has been sent: the server speaks first, with CONNACK.
        id = core.open(context.channel, params: params)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        guard let id else { return }
        switch frame.opcode {
        case .binary:
            var data = frame.unmaskedData
            guard data.readableBytes <= maxPacket else {
                core.violation(id, .oversized, "a \(data.readableBytes)-byte packet (limit \(maxPacket))")
                return
            }
            let bytes = data.readBytes(length: data.readableBytes) ?? []
            do throws(CodecError) {
                core.receive(try Packet.decode(bytes, from: .client), from: id)
            } catch {
                core.violation(id, .malformed, "\(error.code): \(error.reason) (\(bytes.prefix(16).map { String(format2: $0) }.joined())…)")
            }
        case .text:
            core.violation(id, .unexpected, "a text WebSocket message (RMTP packets are binary)")
        case .ping:
            var data = frame.unmaskedData
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: data.readSlice(length: data.readableBytes) ?? ByteBuffer())
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            var data = ByteBuffer()
            data.write(webSocketErrorCode: .normalClosure)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))).whenComplete { _ in
                channel.close(promise: nil)
            }
        default:
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let id else {
            context.close(promise: nil)
            return
        }
        let core = self.core
        // Deferred: this may run inside a write the core issued.
        context.eventLoop.execute {
            switch error {
            case NIOWebSocketError.invalidFrameLength, NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge:
                core.violation(id, .oversized, "a WebSocket frame above the limit")
            case is NIOWebSocketError, is NIOWebSocketFrameAggregator.Error:
                core.violation(id, .malformed, "WebSocket protocol error: \(error)")
            case is IOError, is ChannelError:
                // A reset or a broken pipe: the client went away; nothing hostile about it.
                core.transportError(id, "\(error)")
            default:
                core.violation(id, .unexpected, "connection error: \(error)")
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let id {
            let core = self.core
            context.eventLoop.execute { core.closed(id) }
        }
        context.fireChannelInactive()
    }
}

extension String {
    /// Two lower-case hex digits.
    init(format2 b: UInt8) {
        let hex = Array("0123456789abcdef")
        self = String(hex[Int(b >> 4)]) + String(hex[Int(b & 15)])
    }
}

extension PeerServer {
    /// Returns when the listening socket closes (``stop()``), for a command that serves until
    /// it is interrupted.
    public func waitUntilClosed() async throws {
        try await channel.closeFuture.get()
    }
}
