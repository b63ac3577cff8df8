// Sources/RongPeer/Client/ClientDriver.swift - runs the client's state machine on its event loop

import NIOCore
import NIOPosix
import NIOWebSocket
import RongEnvelope

/// Runs a ``ClientStateMachine`` on the client's event loop: feeds it the channel's events,
/// the timers and the caller's requests, and performs the ``ClientAction``s it returns, in the
/// order it returned them (actions caused while performing others queue behind them). Holds
/// what the machine does not: the channel, the timers and the promises callers wait on.
final class ClientDriver {
    let loop: EventLoop
    let endpoint: (host: String, port: Int, path: String)
    var machine: ClientStateMachine
    /// Called on the loop for each surfaced message.
    var onMessage: (@Sendable (PeerReceivedMessage) -> Void)?

    /// The current attempt's channel (from before the upgrade), and its attempt.
    private(set) var channel: Channel?
    private var channelAttempt = 0
    /// The last attempt whose TCP connect succeeded: an upgrade that fails after it is the
    /// attempt's failure; before it, the connect's own error is.
    private var connectedAttempt = 0
    private var timer: RepeatedTask?

    private var connectPromise: EventLoopPromise<String>?
    private var publishes: [RequestToken: EventLoopPromise<PeerSendResult?>] = [:]
    private var queries: [RequestToken: EventLoopPromise<QueryAnswer>] = [:]
    private var waiters: [RequestToken: EventLoopPromise<Void>] = [:]

    private var queue: [ClientAction] = []
    private var performing = false

    init(options: PeerClientOptions, endpoint: (host: String, port: Int, path: String), loop: EventLoop) {
        machine = ClientStateMachine(options: options)
        self.endpoint = endpoint
        self.loop = loop
    }

    var bound: NIOLoopBound<ClientDriver> { NIOLoopBound(self, eventLoop: loop) }

    /// Applies a transition to the machine and performs what it returns.
    func step(_ transition: (inout ClientStateMachine) -> [ClientAction]) {
        let actions = transition(&machine)
        run(actions)
    }

    // MARK: Requests

    func open(timeoutMillis: Int64) -> EventLoopFuture<String> {
        let promise = loop.makePromise(of: String.self)
        connectPromise = promise
        step { $0.open(timeoutMillis: timeoutMillis) }
        return promise.futureResult
    }

    func publish(topic: Topic, targetId: String, payload: [UInt8], expectAck: Bool) -> EventLoopFuture<PeerSendResult?> {
        let promise = loop.makePromise(of: PeerSendResult?.self)
        let (token, actions) = machine.publish(topic: topic, targetId: targetId, payload: payload, expectAck: expectAck, now: monotonicNanos())
        publishes[token] = promise
        run(actions)
        return promise.futureResult
    }

    func query(topic: Topic, targetId: String, payload: [UInt8]) -> EventLoopFuture<QueryAnswer> {
        let promise = loop.makePromise(of: QueryAnswer.self)
        let (token, actions) = machine.query(topic: topic, targetId: targetId, payload: payload, now: monotonicNanos())
        queries[token] = promise
        run(actions)
        return promise.futureResult
    }

    /// Sends PINGREQ; the future completes with the next PINGRESP.
    func ping() -> EventLoopFuture<Void> {
        wait { $0.ping(now: monotonicNanos()) }
    }

    func pullUntilIdle() -> EventLoopFuture<Void> {
        wait { $0.pullUntilIdle(now: monotonicNanos()) }
    }

    private func wait(_ transition: (inout ClientStateMachine) -> (token: RequestToken, actions: [ClientAction])) -> EventLoopFuture<Void> {
        let promise = loop.makePromise(of: Void.self)
        let (token, actions) = transition(&machine)
        waiters[token] = promise
        run(actions)
        return promise.futureResult
    }

    /// Sends raw bytes as one WebSocket message (for hostile-client tests).
    func writeRaw(_ bytes: [UInt8], opcode: WebSocketOpcode = .binary) {
        channel?.writeAndFlush(WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: ByteBuffer(bytes: bytes)), promise: nil)
    }

    /// Packets the machine wrote while a raw message was streaming: sent after it, since a frame
    /// in the middle of another would break the framing.
    private var heldWrites: [WebSocketFrame]?

    /// Sends `payload` as one masked binary WebSocket message, generated and written 64 KiB at a
    /// time, each chunk after the previous one left (a scenario `raw` step of megabytes never
    /// exists whole). The future completes when all is written or the connection failed.
    func writeRaw(streaming payload: ScenarioRawPayload) -> EventLoopFuture<Void> {
        guard let channel, heldWrites == nil,
            let encoder = try? channel.pipeline.syncOperations.context(handlerType: WebSocketFrameEncoder.self)
        else { return loop.makeSucceededVoidFuture() }
        let key = WebSocketMaskingKey.random()
        var header = ByteBuffer()
        let n = payload.count
        header.writeInteger(0x82 as UInt8)
        if n < 126 {
            header.writeInteger(0x80 | UInt8(n))
        } else if n < 65_536 {
            header.writeInteger(0xFE as UInt8)
            header.writeInteger(UInt16(n))
        } else {
            header.writeInteger(0xFF as UInt8)
            header.writeInteger(UInt64(n))
        }
        header.writeBytes(key)
        heldWrites = []
        let done = loop.makePromise(of: Void.self)
        var chunks = payload.chunks(of: 65_536)
        var offset = 0
        // Below the frame encoder: these bytes are the frame, written as they are.
        encoder.write(NIOAny(header), promise: nil)
        func next() {
            guard let chunk = chunks.next() else {
                done.succeed()
                return
            }
            var b = ByteBuffer(bytes: chunk)
            b.webSocketMask(key, indexOffset: offset)
            offset += chunk.count
            encoder.writeAndFlush(NIOAny(b)).assumeIsolated().whenComplete { result in
                if case .failure = result { done.succeed() } else { next() }
            }
        }
        next()
        done.futureResult.assumeIsolated().whenComplete { _ in
            let held = self.heldWrites ?? []
            self.heldWrites = nil
            for f in held { channel.writeAndFlush(f, promise: nil) }
        }
        return done.futureResult
    }

    /// Closes for good; the future completes once the transport is gone.
    func shutdown() -> EventLoopFuture<Void> {
        step { $0.close() }
        let done = loop.makePromise(of: Void.self)
        guard let channel else {
            abandonPromises()
            done.succeed()
            return done.futureResult
        }
        let b = bound
        // The close future completes after the frame handler's close event, so by then the
        // machine has answered every request it knew about.
        channel.closeFuture.whenComplete { _ in
            b.value.abandonPromises()
            done.succeed()
        }
        return done.futureResult
    }

    /// Fails whatever still waits once the client is closed (a request whose id a later one
    /// took over), so no promise is left unfulfilled.
    private func abandonPromises() {
        let error = PeerClientError.disconnected(machine.disconnectStatus)
        connectPromise?.fail(error)
        connectPromise = nil
        for (_, p) in publishes { p.fail(error) }
        for (_, p) in queries { p.fail(error) }
        for (_, p) in waiters { p.fail(error) }
        publishes = [:]
        queries = [:]
        waiters = [:]
    }

    // MARK: Transport

    private func openTransport(_ attempt: Int) {
        let b = bound
        let uri = machine.options.requestURI(path: endpoint.path)
        let (host, port) = (endpoint.host, endpoint.port)
        let maxFrame = machine.options.maxFrameSize
        let version = machine.options.protocolVersion
        ClientBootstrap(group: loop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    b.value.transportCreated(channel, attempt: attempt)
                    let upgraded = try ClientPipeline.configure(
                        channel, host: host, port: port, uri: uri, maxFrameSize: maxFrame, protocolVersion: version
                    ) { event in
                        b.value.transportEvent(event, attempt: attempt)
                    }
                    upgraded.whenFailure { _ in b.value.upgradeFailed(channel, attempt: attempt) }
                }
            }
            .connect(host: host, port: port)
            .whenComplete { result in
                switch result {
                case .success: b.value.connectedAttempt = attempt
                case .failure(let error): b.value.transportFailed(error, attempt: attempt)
                }
            }
    }

    private func transportCreated(_ channel: Channel, attempt: Int) {
        self.channel = channel
        channelAttempt = attempt
    }

    private func transportFailed(_ error: any Error, attempt: Int) {
        if channelAttempt == attempt { channel = nil }
        step { $0.transportFailed(attempt: attempt, error: error) }
    }

    private func upgradeFailed(_ channel: Channel, attempt: Int) {
        channel.close(promise: nil)
        // Before the TCP connect succeeded, the connect's error tells what went wrong.
        guard connectedAttempt == attempt else { return }
        transportFailed(PeerClientError.notUpgraded, attempt: attempt)
    }

    private func transportEvent(_ event: ClientFrameEvent, attempt: Int) {
        switch event {
        case .packet(let packet):
            step { $0.receive(packet, now: monotonicNanos()) }
        case .undecodable:
            machine.undecodableFrame()
        case .closed:
            if channelAttempt == attempt { channel = nil }
            step { $0.transportClosed(attempt: attempt) }
        }
    }

    // MARK: Actions

    /// Performs `actions` in order; actions returned while performing (a write can close the
    /// channel inline, and its remaining bytes then arrive) wait behind them.
    func run(_ actions: [ClientAction]) {
        guard !performing else {
            queue.append(contentsOf: actions)
            return
        }
        performing = true
        for action in actions { perform(action) }
        var i = 0
        while i < queue.count {
            let action = queue[i]
            i += 1
            perform(action)
        }
        queue.removeAll(keepingCapacity: true)
        performing = false
    }

    private func perform(_ action: ClientAction) {
        switch action {
        case .openTransport(let attempt):
            openTransport(attempt)
        case .closeTransport:
            channel?.close(promise: nil)
        case .closeGracefully:
            guard let channel else { return }
            var data = ByteBuffer()
            data.write(webSocketErrorCode: .normalClosure)
            channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: data), promise: nil)
            loop.scheduleTask(in: .milliseconds(200)) { channel.close(promise: nil) }
        case .scheduleReconnect(let attempt, let ms):
            let b = bound
            loop.scheduleTask(in: .milliseconds(ms)) { b.value.step { $0.reconnectDue(attempt: attempt) } }
        case .armConnectTimeout(let ms):
            let b = bound
            loop.scheduleTask(in: .milliseconds(ms)) { b.value.step { $0.connectTimedOut() } }
        case .armRequestTimeout(let timeout, let ms):
            let b = bound
            loop.scheduleTask(in: .milliseconds(ms)) { b.value.step { $0.requestTimedOut(timeout) } }
        case .startTicking(let ms):
            let b = bound
            timer = loop.scheduleRepeatedTask(initialDelay: .milliseconds(ms), delay: .milliseconds(ms)) { _ in
                b.value.step { $0.tick(now: monotonicNanos()) }
            }
        case .stopTicking:
            timer?.cancel()
            timer = nil
        case .write(let packet):
            guard let channel, let bytes = try? packet.encoded() else { return }
            let frame = WebSocketFrame(fin: true, opcode: .binary, maskKey: .random(), data: ByteBuffer(bytes: bytes))
            if heldWrites != nil {
                heldWrites!.append(frame)
            } else {
                channel.writeAndFlush(frame, promise: nil)
            }
        case .connectSucceeded(let userId):
            connectPromise?.succeed(userId)
            connectPromise = nil
        case .connectFailed(let error):
            connectPromise?.fail(error)
            connectPromise = nil
        case .publishAnswered(let token, let result):
            publishes.removeValue(forKey: token)?.completeWith(result.mapError { $0 as any Error })
        case .queryAnswered(let token, let result):
            queries.removeValue(forKey: token)?.completeWith(result.mapError { $0 as any Error })
        case .waiterAnswered(let token, let result):
            waiters.removeValue(forKey: token)?.completeWith(result.mapError { $0 as any Error })
        case .deliver(let message):
            onMessage?(message)
        }
    }
}
