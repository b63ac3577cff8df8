// Sources/RongPeer/Server/PeerHTTPHandler.swift - the HTTP channel handler: one request in, the control's answer out, within limits

import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// Collects one request and answers it; the connection closes after each answer. Everything an
/// HTTP client can do to hold the peer is bounded (PEER-HOSTILE-004): the request head must be
/// complete within the header timeout of the connection's start and the body within the body
/// timeout of the head (408 otherwise), the head is at most `maxRequestHeadBytes` (431) and the
/// body `maxRequestBodyBytes` (413); a request that does not parse gets 400, a refused WebSocket
/// upgrade 400 or 426; each of these answers says `Connection: close` and the connection is
/// closed once it is written. The answer itself is computed on a thread pool (a `/state` of many
/// users or a large reset body takes a while), never on the event loop that serves the
/// WebSocket connections.
final class PeerHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// The bounds of one request.
    struct Limits: Sendable {
        var headerTimeout = PeerDuration(milliseconds: 10_000)!
        var bodyTimeout = PeerDuration(milliseconds: 30_000)!
        var maxBodyBytes = 4 << 20
    }

    private enum State {
        case waitingForHead
        case readingBody(HTTPRequestHead)
        /// An answer is being computed or written; what else arrives is ignored.
        case answering
    }

    let control: PeerControl
    let limits: Limits
    /// Where answers are computed; nil computes them inline (tests on `EmbeddedChannel`).
    let pool: NIOThreadPool?
    let limiter: ConnectionLimiter?
    private var state = State.waitingForHead
    private var body = ByteBuffer()
    private var timer: Scheduled<Void>?

    init(control: PeerControl, limits: Limits = Limits(), pool: NIOThreadPool? = nil, limiter: ConnectionLimiter? = nil) {
        self.control = control
        self.limits = limits
        self.pool = pool
        self.limiter = limiter
    }

    private var counters: PeerCore.TransportCounters { control.core.transport }

    func handlerAdded(context: ChannelHandlerContext) {
        // The header timeout runs from the connection's start: an idle socket is a request head
        // that never comes.
        arm(context, limits.headerTimeout, "request head")
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        // Upgraded (or closed): the WebSocket side has timeouts of its own.
        timer?.cancel()
        timer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch (unwrapInboundIn(data), state) {
        case (.head(let head), .waitingForHead):
            timer?.cancel()
            if WebSocketHandshake.isUpgrade(head) {
                // NIO's upgrader passed it on: it refused the handshake (shouldUpgrade runs the
                // same check), so this answers why.
                counters.badHandshakes.add(1, ordering: .relaxed)
                let refusal = WebSocketHandshake.refusal(for: head)
                    ?? .init(status: .badRequest, message: "the WebSocket upgrade was refused")
                respond(context, PeerControl.error(refusal.status, refusal.message, headers: refusal.headers))
                return
            }
            state = .readingBody(head)
            arm(context, limits.bodyTimeout, "request body")
        case (.body(var part), .readingBody):
            guard body.readableBytes + part.readableBytes <= limits.maxBodyBytes else {
                counters.badRequests.add(1, ordering: .relaxed)
                respond(context, PeerControl.error(.payloadTooLarge, "request body above \(limits.maxBodyBytes) bytes"))
                return
            }
            body.writeBuffer(&part)
        case (.end, .readingBody(let head)):
            timer?.cancel()
            state = .answering
            limiter?.settle(context.channel)
            answer(context, head)
        default:
            // After an answer (a pipelined request, a late body part): the connection is closing.
            break
        }
    }

    private func answer(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
        let control = self.control
        let bytes = body.readBytes(length: body.readableBytes) ?? []
        body = ByteBuffer()
        // Navigation needs the address the client reached; the rest is the control surface.
        let local = context.channel.localAddress
        let compute: @Sendable () -> PeerControl.Response = {
            PeerNavigation.answer(head, local: local, control: control) ?? control.handle(method: head.method, uri: head.uri, body: bytes)
        }
        guard let pool else {
            respond(context, compute())
            return
        }
        pool.runIfActive(eventLoop: context.eventLoop, compute)
            .assumeIsolated()
            .whenComplete { result in
                switch result {
                case .success(let r): self.respond(context, r)
                case .failure: self.respond(context, PeerControl.error(.serviceUnavailable, "the peer is stopping"))
                }
            }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        switch error {
        case let e as HTTPParserError:
            guard case .answering = state else {
                counters.badRequests.add(1, ordering: .relaxed)
                let status: HTTPResponseStatus = e == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest
                let why = e == .headerOverflow ? "request head above the limit" : "malformed HTTP request (\(e))"
                respond(context, PeerControl.error(status, why))
                return
            }
            context.close(promise: nil)
        case is NIOWebSocketUpgradeError:
            // The upgrader refused the handshake; the request follows and is answered then.
            break
        default:
            context.close(promise: nil)
        }
    }

    /// Answers 408 if `what` is not complete within `timeout`.
    private func arm(_ context: ChannelHandlerContext, _ timeout: PeerDuration, _ what: String) {
        timer?.cancel()
        let loop = context.eventLoop.assumeIsolated()
        timer = loop.scheduleTask(in: .milliseconds(timeout.milliseconds)) {
            self.timer = nil
            if case .answering = self.state { return }
            self.counters.requestTimeouts.add(1, ordering: .relaxed)
            self.respond(context, PeerControl.error(.requestTimeout, "\(what) not complete within \(timeout)"))
        }
    }

    /// Writes `r` with `Connection: close`, then closes the connection.
    private func respond(_ context: ChannelHandlerContext, _ r: PeerControl.Response) {
        timer?.cancel()
        timer = nil
        state = .answering
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: r.contentType)
        headers.add(name: "Content-Length", value: String(r.body.count))
        headers.add(name: "Connection", value: "close")
        for (name, value) in r.headers { headers.add(name: name, value: value) }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: r.status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: r.body)))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
