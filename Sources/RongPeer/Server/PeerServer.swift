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
    /// Computes HTTP answers off the event loops.
    let pool: NIOThreadPool

    private init(configuration: PeerConfiguration, port: Int, core: PeerCore, channel: Channel, group: MultiThreadedEventLoopGroup, pool: NIOThreadPool) {
        self.configuration = configuration
        self.port = port
        self.core = core
        self.channel = channel
        self.group = group
        self.pool = pool
    }

    /// The WebSocket base URL (add `?appId=…&token=…`).
    public var url: String { "ws://\(configuration.host):\(port)/websocket" }
    /// The HTTP base URL (`/state`, `/control/…`).
    public var httpURL: String { "http://\(configuration.host):\(port)" }

    /// Binds and starts serving.
    public static func start(_ configuration: PeerConfiguration) async throws -> PeerServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, configuration.threads))
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        let limiter = ConnectionLimiter(maxConnections: configuration.maxConnections)
        let child = PeerChildPipeline(configuration: configuration, pool: pool, limiter: limiter)
        let core = child.core
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                guard limiter.admit(channel) else {
                    // Full of connections that all finished a request: this one is closed at once.
                    return channel.close()
                }
                return channel.eventLoop.makeCompletedFuture { try child.configure(channel) }
            }
        let channel: Channel
        do {
            channel = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
        } catch {
            try? await group.shutdownGracefully()
            try? await pool.shutdownGracefully()
            throw error
        }
        let port = channel.localAddress?.port ?? configuration.port
        configuration.logger.info("listening on ws://\(configuration.host):\(port)/websocket")
        return PeerServer(configuration: configuration, port: port, core: core, channel: channel, group: group, pool: pool)
    }

    /// Stops accepting, closes every connection and the event loops.
    public func stop() async throws {
        core.reset(core.state.withLock { $0.model })
        try? await channel.close()
        try await group.shutdownGracefully()
        try? await pool.shutdownGracefully()
    }

    /// The /state document (one user's part with `user`).
    public func state(user: String? = nil) -> JSONValue { core.snapshot(user: user) }

    /// CPU seconds the peer's event-loop threads have used so far (each loop reads its own
    /// thread's clock): the peer's share of an in-process load run.
    package func eventLoopCPUSeconds() async -> Double {
        var total = 0.0
        for loop in group.makeIterator() {
            total += (try? await loop.submit { CPUTime.thread() }.get()) ?? 0
        }
        return total
    }

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
