// Sources/RongProxy/Upstream/NavigationFetch.swift - one bounded GET to the upstream navigator, over TCP or TLS

import NIOCore
import NIOHTTP1
import NIOPosix
import RongCapture
import RongPeer

/// A navigator's answer as fetched: status, content type, body.
struct FetchedAnswer: Sendable {
    var status: HTTPResponseStatus
    var contentType: String?
    var body: [UInt8]
}

/// Asks the upstream navigator what the app asked the proxy: `GET` of the navigator's path and
/// the app's own target (`/navi.js?appId=…&token=…&callBack=…&v=…&r=…`, as received). Bounded:
/// the answer within the timeout, its body at most ``NavigationAnswer/maxBytes``.
enum NavigationFetch {
    static func get(
        _ navigator: ProxyURL, target: String, headers: [(String, String)], on loop: EventLoop, tls: ProxyTLS?, timeout: PeerDuration
    ) -> EventLoopFuture<FetchedAnswer> {
        let promise = loop.makePromise(of: FetchedAnswer.self)
        var h = HTTPHeaders()
        h.add(name: "Host", value: navigator.port == (navigator.isTLS ? 443 : 80) ? navigator.host : navigator.authority)
        for (name, value) in headers { h.add(name: name, value: value) }
        h.add(name: "Connection", value: "close")
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: navigator.path + target, headers: h)
        let limit = TimeAmount.milliseconds(timeout.milliseconds)
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(limit)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    if navigator.isTLS {
                        guard let tls else { throw UpstreamFailure(description: "no TLS context") }
                        try sync.addHandler(try tls.handler(host: navigator.host))
                    }
                    try sync.addHTTPClientHandlers()
                    try sync.addHandler(AnswerCollector(head: head, promise: promise))
                }
            }
        bootstrap.connect(host: navigator.host, port: navigator.port).whenComplete { result in
            switch result {
            case .success(let channel):
                let timer = loop.scheduleTask(in: limit) {
                    promise.fail(UpstreamFailure(description: "the navigator \(navigator) did not answer within \(timeout)", timedOut: true))
                    channel.close(promise: nil)
                }
                promise.futureResult.whenComplete { _ in
                    timer.cancel()
                    channel.close(promise: nil)
                }
            case .failure(let error):
                promise.fail(UpstreamFailure(description: "cannot connect to the navigator \(navigator): \(error)"))
            }
        }
        return promise.futureResult
    }

    /// Writes the request once connected and collects the answer, refusing a body above the limit.
    final class AnswerCollector: ChannelInboundHandler {
        typealias InboundIn = HTTPClientResponsePart
        typealias OutboundOut = HTTPClientRequestPart

        let head: HTTPRequestHead
        let promise: EventLoopPromise<FetchedAnswer>
        private var answer: FetchedAnswer?

        init(head: HTTPRequestHead, promise: EventLoopPromise<FetchedAnswer>) {
            self.head = head
            self.promise = promise
        }

        func channelActive(context: ChannelHandlerContext) {
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            context.fireChannelActive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let h):
                answer = FetchedAnswer(status: h.status, contentType: h.headers["Content-Type"].first, body: [])
            case .body(let b):
                guard var a = answer else { return }
                guard a.body.count + b.readableBytes <= NavigationAnswer.maxBytes else {
                    promise.fail(UpstreamFailure(description: "the navigator's answer is above \(NavigationAnswer.maxBytes) bytes"))
                    context.close(promise: nil)
                    return
                }
                a.body += b.readableBytesView
                answer = a
            case .end:
                if let answer { promise.succeed(answer) }
                context.close(promise: nil)
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            promise.fail(UpstreamFailure(description: "the navigator closed the connection before answering"))
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: Error) {
            promise.fail(UpstreamFailure(description: "the navigator's answer failed: \(error)"))
            context.close(promise: nil)
        }
    }
}
