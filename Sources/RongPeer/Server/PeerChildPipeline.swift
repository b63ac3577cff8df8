// Sources/RongPeer/Server/PeerChildPipeline.swift - what an accepted connection's pipeline is, in one place (the server and the handler tests use it)

import NIOCore
import NIOHTTP1
import NIOPosix

/// The pipeline of an accepted connection: NIO's HTTP/1 server handlers with the WebSocket
/// upgrader of ``WebSocketPipeline`` (no pipelining assistance, no NIO error handler: one
/// request per connection, and ``PeerHTTPHandler`` answers parse errors and closes), the request
/// head limited to `maxRequestHeadBytes`, then ``PeerHTTPHandler``.
struct PeerChildPipeline: Sendable {
    let core: PeerCore
    let control: PeerControl
    let configuration: PeerConfiguration
    let pool: NIOThreadPool?
    let limiter: ConnectionLimiter?

    /// A core for `configuration` (its model, faults and queue limits) and the pipeline around
    /// it; `pool` nil computes HTTP answers on the event loop (tests on `EmbeddedChannel`).
    init(configuration: PeerConfiguration, pool: NIOThreadPool? = nil, limiter: ConnectionLimiter? = nil) {
        var fixture = configuration.fixture
        if configuration.openAnti { fixture.app.navigation.openAnti = true }
        var model = PeerModel(fixture: fixture, clock: configuration.clock, seed: configuration.seed)
        model.maxReplyBytes = PeerModel.replyByteLimit(maxQueuedBytes: configuration.maxQueuedBytes)
        let core = PeerCore(
            model: model, faults: configuration.faults.seeded(default: configuration.seed), maxQueued: configuration.maxQueued,
            maxQueuedBytes: configuration.maxQueuedBytes, logger: configuration.logger, limiter: limiter)
        self.core = core
        control = PeerControl(core: core, clock: configuration.clock as? ManualClock, seed: configuration.seed, openAnti: configuration.openAnti)
        self.configuration = configuration
        self.pool = pool
        self.limiter = limiter
    }

    var limits: PeerHTTPHandler.Limits {
        PeerHTTPHandler.Limits(
            headerTimeout: configuration.headerTimeout, bodyTimeout: configuration.bodyTimeout, maxBodyBytes: configuration.maxRequestBodyBytes)
    }

    var decoderLimits: NIOHTTPDecoderLimitConfiguration {
        var l = NIOHTTPDecoderLimitConfiguration()
        l.maxHeaderFieldSize = configuration.maxRequestHeadBytes
        l.maxHeaderListSize = configuration.maxRequestHeadBytes
        l.maxHeaderFieldCount = 256
        return l
    }

    /// Sets up `channel`'s pipeline (on its event loop).
    func configure(_ channel: Channel) throws {
        let sync = channel.pipeline.syncOperations
        let upgrader = WebSocketPipeline.upgrader(core: core, configuration: configuration, limiter: limiter)
        try sync.configureHTTPServerPipeline(
            withPipeliningAssistance: false,
            withServerUpgrade: (
                upgraders: [upgrader],
                completionHandler: { context in
                    context.pipeline.syncOperations.removeHandler(name: "peer-http", promise: nil)
                }
            ),
            withErrorHandling: false, withOutboundHeaderValidation: true, withEncoderConfiguration: .init(),
            withDecoderLimitConfiguration: decoderLimits)
        try sync.addHandler(PeerHTTPHandler(control: control, limits: limits, pool: pool, limiter: limiter), name: "peer-http")
    }
}
