// Sources/RongPeer/Server/WebSocketPipeline.swift - the server's upgrade: which handshakes it takes, what the pipeline becomes

import NIOCore
import NIOHTTP1
import NIOWebSocket

/// The WebSocket side of a connection: NIO's upgrader, refusing the handshakes
/// ``WebSocketHandshake`` refuses, and the pipeline after the upgrade, in inbound order:
/// ``WebSocketFrameHeaderCheck`` (RFC 6455 header rules, size), NIO's frame decoder, NIO's
/// aggregator (fragments into one message, at most 64 and `maxFrameSize` in all), NIO's
/// ``PeerConnectionHandler`` (which also keeps the idle timeout).
enum WebSocketPipeline {
    /// The most fragments one message may come in.
    static let maxFragments = 64

    static func upgrader(core: PeerCore, configuration: PeerConfiguration, limiter: ConnectionLimiter?) -> NIOWebSocketServerUpgrader {
        let maxFrame = configuration.maxFrameSize
        let idle = configuration.idleTimeout
        return NIOWebSocketServerUpgrader(
            // The header check refuses a frame above maxFrame first, with its size; NIO's own
            // limit is a backstop.
            maxFrameSize: maxFrame + 16,
            automaticErrorHandling: false,
            shouldUpgrade: { channel, head in
                channel.eventLoop.makeSucceededFuture(WebSocketHandshake.refusal(for: head) == nil ? HTTPHeaders() : nil)
            },
            upgradePipelineHandler: { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    limiter?.settle(channel)
                    try configure(channel, core: core, params: ConnectParams(query: parseQuery(head.uri).query), maxFrameSize: maxFrame, idleTimeout: idle)
                }
            })
    }

    /// Adds the post-upgrade handlers to a pipeline that has NIO's frame decoder and encoder.
    static func configure(_ channel: Channel, core: PeerCore, params: ConnectParams, maxFrameSize: Int, idleTimeout: PeerDuration) throws {
        let sync = channel.pipeline.syncOperations
        let decoder = try sync.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
        try sync.addHandler(WebSocketFrameHeaderCheck(maxFrameSize: maxFrameSize), position: .before(decoder))
        try sync.addHandler(NIOWebSocketFrameAggregator(
            minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: maxFragments, maxAccumulatedFrameSize: maxFrameSize))
        try sync.addHandler(PeerConnectionHandler(core: core, params: params, maxPacket: maxFrameSize, idleTimeout: idleTimeout))
    }
}
