// Sources/RongProxy/Server/ProxyChildPipeline.swift - an accepted connection's pipeline: HTTP, and the WebSocket upgrade that waits for its upstream

import NIOCore
import NIOHTTP1
import NIOWebSocket
import RongCapture
import RongPeer

/// The pipeline of an accepted connection, as the peer's (``PeerChildPipeline``): NIO's HTTP/1
/// server handlers with a WebSocket upgrader, the request head limited, then
/// ``ProxyHTTPHandler``. The upgrader accepts a client only once its upstream has accepted the
/// proxy: its `shouldUpgrade` opens the upstream (with the client's request target) and answers
/// the client's upgrade when that one is done, so a refusal upstream is a refusal here (502),
/// and the client never talks to a proxy that has nowhere to send its frames.
struct ProxyChildPipeline: Sendable {
    let core: ProxyCore

    func configure(_ channel: Channel) throws {
        let connection = NIOLoopBound(ProxyConnectionState(), eventLoop: channel.eventLoop)
        let core = self.core
        let maxFrame = core.configuration.maxFrameSize
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: maxFrame + 16,
            automaticErrorHandling: false,
            shouldUpgrade: { channel, head in
                Self.shouldUpgrade(channel, head, connection.value, core)
            },
            upgradePipelineHandler: { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    try Self.upgraded(channel, head, connection.value, core)
                }
            })
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = core.configuration.maxRequestHeadBytes
        limits.maxHeaderListSize = core.configuration.maxRequestHeadBytes
        limits.maxHeaderFieldCount = 256
        let sync = channel.pipeline.syncOperations
        try sync.configureHTTPServerPipeline(
            withPipeliningAssistance: false,
            withServerUpgrade: (
                upgraders: [upgrader],
                completionHandler: { context in
                    context.pipeline.syncOperations.removeHandler(name: "proxy-http", promise: nil)
                }
            ),
            withErrorHandling: false, withOutboundHeaderValidation: true, withEncoderConfiguration: .init(),
            withDecoderLimitConfiguration: limits)
        try sync.addHandler(ProxyHTTPHandler(core: core, connection: connection.value), name: "proxy-http")
        // A client that leaves while its upstream is being opened: the upstream is closed too.
        channel.closeFuture.whenComplete { _ in
            connection.value.session?.end(by: "client", reason: "")
        }
    }

    /// Opens the upstream (the targets in order, the first that upgrades); headers for the 101
    /// when one did, nil (a refusal the HTTP handler answers) otherwise.
    static func shouldUpgrade(_ channel: Channel, _ head: HTTPRequestHead, _ connection: ProxyConnectionState, _ core: ProxyCore) -> EventLoopFuture<HTTPHeaders?> {
        let loop = channel.eventLoop
        guard WebSocketHandshake.refusal(for: head) == nil else { return loop.makeSucceededFuture(nil) }
        let targets = core.upstreams(query: parseQuery(head.uri).query)
        guard !targets.isEmpty else {
            connection.upstreamFailure = "no upstream for this connection: no navigation answer seen yet (point the app's navigator at the proxy first, or start it with --upstream-ws URL)"
            core.counters.upstreamFailures.add(1, ordering: .relaxed)
            return loop.makeSucceededFuture(nil)
        }
        connection.upgrading = true
        connection.requestTime = ProxyClock.now()
        let c = core.configuration
        let session = RelaySession(
            id: core.counters.newConnectionId(), log: core.log, counters: core.counters, loop: loop, idleTimeout: c.idleTimeout,
            maxHeldBytes: max(c.maxFrameSize, 1 << 20))
        connection.session = session
        let headers = UpstreamConnector.forwardedHeaders(head)
        var failures: [String] = []
        func attempt(_ i: Int) -> EventLoopFuture<HTTPHeaders?> {
            UpstreamConnector.connect(
                to: targets[i], uri: head.uri, headers: headers, on: loop, tls: core.tls, timeout: c.upstreamTimeout,
                maxFrameSize: c.maxFrameSize, relay: RelayHandler(side: .server, session: session)
            ).assumeIsolated().map { _, response -> HTTPHeaders? in
                connection.upstream = targets[i]
                var h = HTTPHeaders()
                if let p = response.headers["Sec-WebSocket-Protocol"].first { h.add(name: "Sec-WebSocket-Protocol", value: p) }
                return h
            }.flatMapError { error in
                failures.append("\(error)")
                if i + 1 < targets.count { return attempt(i + 1) }
                connection.upgrading = false
                connection.session = nil
                session.end(by: "proxy", reason: "")
                connection.upstreamFailure = failures.joined(separator: "; ")
                core.counters.upstreamFailures.add(1, ordering: .relaxed)
                core.configuration.logger.warning("upgrade of \(head.uri.prefix(80)) refused: \(connection.upstreamFailure ?? "")")
                return loop.makeSucceededFuture(nil)
            }.nonisolated()
        }
        return attempt(0)
    }

    /// The client's side after its 101: the peer's frame header check (masking, RSV bits,
    /// opcodes, minimal lengths, the size limit) before NIO's decoder, then the relay; the
    /// session starts (its `open` line, what the upstream already sent).
    static func upgraded(_ channel: Channel, _ head: HTTPRequestHead, _ connection: ProxyConnectionState, _ core: ProxyCore) throws {
        core.limiter.settle(channel)
        connection.upgrading = false
        guard let session = connection.session, let upstream = connection.upstream, !session.isEnded else {
            channel.close(promise: nil)
            return
        }
        let sync = channel.pipeline.syncOperations
        let decoder = try sync.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
        try sync.addHandler(WebSocketFrameHeaderCheck(maxFrameSize: core.configuration.maxFrameSize), position: .before(decoder))
        try sync.addHandler(RelayHandler(side: .client, session: session))
        let (path, query) = parseQuery(head.uri)
        session.start(CapturedConnection(
            id: session.id, time: connection.requestTime, path: path, query: query, upstream: "\(upstream.scheme)://\(upstream.authority)"))
    }
}
