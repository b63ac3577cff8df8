// Sources/RongPeer/Server/PeerServer.swift - the loopback server: WebSocket RMTP and HTTP /state

import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import RongCodec
import RongEnvelope

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
        configuration.logger.info("listening on ws://\(configuration.host):\(port)/websocket")
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

extension PeerServer {
    /// Returns when the listening socket closes (``stop()``), for a command that serves until
    /// it is interrupted.
    public func waitUntilClosed() async throws {
        try await channel.closeFuture.get()
    }
}
