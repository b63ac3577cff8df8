// Sources/RongProxy/Upstream/UpstreamConnector.swift - the upstream WebSocket: TCP, TLS, the client's upgrade request, the relay

import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import RongPeer

/// Why the proxy could not reach an upstream.
struct UpstreamFailure: Error, CustomStringConvertible {
    var description: String
    /// The upstream did not answer in time (504 rather than 502 for navigation).
    var timedOut = false
}

/// Opens the upstream side of a relayed connection on the client's event loop: TCP (and TLS for
/// `wss://`), then the WebSocket upgrade with the client's own request target (path and query,
/// byte for byte) and some of its header fields, through the peer client's handshake handler
/// (which keeps whatever the server sent after its 101, such as the CONNACK in the same read).
/// After the upgrade the pipeline is NIO's frame codec and the session's ``RelayHandler``.
enum UpstreamConnector {
    /// Header fields of the client's request passed on: who the app is (`Origin`,
    /// `User-Agent`, `Cookie`, `Accept-Language`) and a subprotocol it asks for. Not
    /// `Sec-WebSocket-Extensions`: compression would hide the payloads from the log.
    static let forwardedFields = ["origin", "user-agent", "cookie", "accept-language", "sec-websocket-protocol"]

    static func forwardedHeaders(_ head: HTTPRequestHead) -> [(String, String)] {
        head.headers.filter { forwardedFields.contains($0.name.lowercased()) }
            .filter { !$0.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) }
            .map { ($0.name, $0.value) }
    }

    /// Connects to `url` and upgrades with `uri`; succeeds with the upstream's channel and its
    /// response head once upgraded, fails with an ``UpstreamFailure`` saying why.
    static func connect(
        to url: ProxyURL, uri: String, headers: [(String, String)], on loop: EventLoop, tls: ProxyTLS?,
        timeout: PeerDuration, maxFrameSize: Int, relay: RelayHandler
    ) -> EventLoopFuture<(Channel, HTTPResponseHead)> {
        let upgraded = loop.makePromise(of: Void.self)
        let handshake = NIOLoopBoundBox<WebSocketHandshakeHandler?>(nil, eventLoop: loop)
        let limit = TimeAmount.milliseconds(timeout.milliseconds)
        // The channel is opened on `loop`, so its initializer runs there.
        let relay = NIOLoopBound(relay, eventLoop: loop)
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(limit)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    if url.isTLS {
                        guard let tls else { throw UpstreamFailure(description: "no TLS context") }
                        try sync.addHandler(try tls.handler(host: url.host))
                    }
                    let h = WebSocketHandshakeHandler(
                        host: url.host, port: url.port, uri: uri, maxFrameSize: maxFrameSize, headers: headers,
                        afterUpgrade: .frames(relay.value), upgraded: upgraded)
                    handshake.value = h
                    try sync.addHandler(h)
                }
            }
        let target = "\(url.scheme)://\(url.authority)"
        return bootstrap.connect(host: url.host, port: url.port).flatMapError { error in
            let failure = UpstreamFailure(description: "cannot connect to \(target): \(error)")
            upgraded.fail(failure)
            return loop.makeFailedFuture(failure)
        }.flatMap { channel in
            let timer = loop.scheduleTask(in: limit) {
                upgraded.fail(UpstreamFailure(description: "\(target) did not complete the WebSocket upgrade within \(timeout)", timedOut: true))
                channel.close(promise: nil)
            }
            return upgraded.futureResult.flatMapErrorThrowing { error in
                timer.cancel()
                if let e = error as? UpstreamFailure { throw e }
                let h = handshake.value
                if let status = h?.response?.status, status != .switchingProtocols {
                    throw UpstreamFailure(description: "\(target) answered the upgrade with HTTP \(status.code) \(status.reasonPhrase)")
                }
                if let e = h?.error { throw UpstreamFailure(description: "\(target): \(e)") }
                throw UpstreamFailure(description: "\(target) closed the connection before completing the WebSocket upgrade")
            }.map { _ in
                timer.cancel()
                return (channel, handshake.value?.response ?? HTTPResponseHead(version: .http1_1, status: .switchingProtocols))
            }
        }
    }
}
