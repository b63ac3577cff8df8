// Sources/RongProxy/Server/ProxyHTTPHandler.swift - the proxy's plain HTTP: navigation for the app, /ping, and why an upgrade was refused

import NIOCore
import NIOHTTP1
import NIOWebSocket
import RongCapture
import RongCodec
import RongPeer
import RongSupport

/// What a connection that is not (or not yet) a relayed WebSocket gets, with the peer's bounds
/// (``PeerHTTPHandler``'s: the request head within the header timeout, one request per
/// connection, `Connection: close`):
///
/// - `GET /navi.js`, `/cometnavi.js`, `/navi.json` (navigator mode): the upstream navigator's
///   answer to the same target, its servers remembered and replaced by the proxy's own address
///   (``NavigationAnswer/rewritten(server:)``); an answer that is not 200 or names no server is
///   passed on as it came; a navigator that cannot be reached is 502 (504 past the timeout).
/// - `GET /ping`: 200 (ENGINE 0.1.0 and RongIMLib 5.2.1 probe each server before connecting).
/// - A WebSocket upgrade the proxy refused: 400 or 426 for a bad handshake (the peer's checks),
///   502 with the reason when no upstream took the connection.
/// - Anything else: 404.
final class ProxyHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    struct Response {
        var status: HTTPResponseStatus
        var contentType = "application/json"
        var body: [UInt8]
        var headers: [(String, String)] = []

        static func error(_ status: HTTPResponseStatus, _ message: String, headers: [(String, String)] = []) -> Response {
            let value: JSONValue = ["error": .string(message)]
            let body = (try? value.canonicalBytes()) ?? []
            return Response(status: status, body: body + [0x0A], headers: headers)
        }
    }

    let core: ProxyCore
    let connection: ProxyConnectionState
    private var answered = false
    private var timer: Scheduled<Void>?

    init(core: ProxyCore, connection: ProxyConnectionState) {
        self.core = core
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let limit = core.configuration.headerTimeout
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(limit.milliseconds)) { [self] in
            timer = nil
            // An upgrade waiting for its upstream has a timeout of its own.
            guard !answered, !connection.upgrading else { return }
            respond(context, .error(.requestTimeout, "request head not complete within \(limit)"))
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data), !answered else { return }
        timer?.cancel()
        answered = true
        core.limiter.settle(context.channel)
        if WebSocketHandshake.isUpgrade(head) {
            // NIO's upgrader passed the request on: it refused it.
            if let failure = connection.upstreamFailure {
                respond(context, .error(.badGateway, failure))
            } else {
                if let r = WebSocketHandshake.refusal(for: head) {
                    respond(context, .error(r.status, r.message, headers: r.headers))
                } else {
                    respond(context, .error(.badRequest, "the WebSocket upgrade was refused"))
                }
            }
            return
        }
        let (path, _) = parseQuery(head.uri)
        switch (head.method, path) {
        case (.GET, "/ping"):
            respond(context, Response(status: .ok, contentType: "text/plain; charset=utf-8", body: Array("OK\n".utf8), headers: [("Access-Control-Allow-Origin", "*")]))
        case (.GET, "/navi.js"), (.GET, "/cometnavi.js"), (.GET, "/navi.json"):
            navigate(context, head)
        case (_, "/websocket"):
            let r = WebSocketHandshake.upgradeRequired(path: path)
            respond(context, .error(r.status, r.message, headers: r.headers))
        default:
            respond(context, .error(.notFound, "the proxy serves WebSocket upgrades, /navi.js, /cometnavi.js, /navi.json and /ping"))
        }
    }

    /// Asks the upstream navigator and answers with its answer naming the proxy.
    private func navigate(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
        guard case .navigator(let navigator) = core.configuration.upstream else {
            respond(context, .error(.notFound, "no navigator: this proxy relays to \(core.upstreamDescription) (start it with --navigator URL to serve navigation)"))
            return
        }
        let core = self.core
        let proxyAddress = PeerNavigation.serverAddress(head.headers["Host"].first, local: context.channel.localAddress)
        let query = parseQuery(head.uri).query
        let headers = head.headers.filter { ["user-agent", "accept-language", "origin", "referer"].contains($0.name.lowercased()) }.map { ($0.name, $0.value) }
        NavigationFetch.get(navigator, target: head.uri, headers: headers, on: context.eventLoop, tls: core.tls, timeout: core.configuration.upstreamTimeout)
            .assumeIsolated()
            .whenComplete { [self] (result: Result<FetchedAnswer, any Error>) in
                switch result {
                case .failure(let error):
                    core.configuration.logger.warning("navigation: \(error)")
                    let timedOut = (error as? UpstreamFailure)?.timedOut ?? false
                    respond(context, .error(timedOut ? .gatewayTimeout : .badGateway, "\(error)"))
                case .success(let answer):
                    respond(context, core.rewrite(answer, proxyAddress: proxyAddress, appId: query["appId"], token: query["token"]))
                }
            }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        switch error {
        case let e as HTTPParserError where !answered:
            answered = true
            respond(context, .error(e == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest, "malformed HTTP request (\(e))"))
        case is NIOWebSocketUpgradeError:
            break  // the request follows and is answered then
        default:
            context.close(promise: nil)
        }
    }

    /// Writes `r` with `Connection: close`, then closes the connection.
    private func respond(_ context: ChannelHandlerContext, _ r: Response) {
        timer?.cancel()
        timer = nil
        answered = true
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
