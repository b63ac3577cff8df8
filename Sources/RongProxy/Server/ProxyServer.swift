// Sources/RongProxy/Server/ProxyServer.swift - the recording proxy: listens, relays, logs

import NIOCore
import NIOPosix
import RongPeer
import Synchronization

/// A running recording proxy. Apps connect to it instead of the service: their navigator set to
/// ``navigatorURL`` (with ``ProxyConfiguration/Upstream/navigator(_:)``) or their WebSocket to
/// ``url`` (with ``ProxyConfiguration/Upstream/webSocket(_:)``). Every WebSocket frame is
/// relayed unchanged to the upstream and back, and handed to the ``ProxyLog``.
///
/// ```swift
/// let log = ProxyLog(outputs: [.fileDescriptor(1, format: .json)])
/// let proxy = try await ProxyServer.start(ProxyConfiguration(upstream: .webSocket(ProxyURL(peer.url)!)), log: log)
/// // clients connect to proxy.url
/// try await proxy.stop()
/// log.finish()
/// ```
public final class ProxyServer: Sendable {
    /// How the proxy was started.
    public let configuration: ProxyConfiguration
    /// The bound port.
    public let port: Int
    let core: ProxyCore
    let channel: Channel
    let group: MultiThreadedEventLoopGroup
    private let stopped = Atomic<Bool>(false)

    private init(configuration: ProxyConfiguration, port: Int, core: ProxyCore, channel: Channel, group: MultiThreadedEventLoopGroup) {
        self.configuration = configuration
        self.port = port
        self.core = core
        self.channel = channel
        self.group = group
    }

    /// The WebSocket URL clients use (`ws://HOST:PORT/websocket`; any path is relayed as it is).
    public var url: String { "ws://\(hostForURL):\(port)/websocket" }
    /// The navigator an app is given (`http://HOST:PORT`).
    public var navigatorURL: String { "http://\(hostForURL):\(port)" }

    private var hostForURL: String { configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host }

    /// Binds and starts relaying; frames go to `log`. Throws when the port cannot be bound or
    /// an extra trust root cannot be read.
    public static func start(_ configuration: ProxyConfiguration, log: ProxyLog) async throws -> ProxyServer {
        let core = try ProxyCore(configuration: configuration, log: log)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, configuration.threads))
        let child = ProxyChildPipeline(core: core)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                guard core.limiter.admit(channel) else { return channel.close() }
                return channel.eventLoop.makeCompletedFuture { try child.configure(channel) }
            }
        let channel: Channel
        do {
            channel = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        let port = channel.localAddress?.port ?? configuration.port
        configuration.logger.info("proxy listening on \(configuration.host):\(port), relaying to \(core.upstreamDescription)")
        return ProxyServer(configuration: configuration, port: port, core: core, channel: channel, group: group)
    }

    /// What the proxy relayed so far.
    public var counts: ProxyCounts { core.counters.snapshot }

    /// Stops accepting and closes every connection (the log keeps running: ``ProxyLog/finish()``).
    public func stop() async throws {
        // Once: a second close would go to event loops that are gone.
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        try? await channel.close()
        try await group.shutdownGracefully()
    }

    /// Returns when the listening socket closes.
    public func waitUntilClosed() async throws {
        try await channel.closeFuture.get()
    }
}
