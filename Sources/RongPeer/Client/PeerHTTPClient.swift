// Sources/RongPeer/Client/PeerHTTPClient.swift - a minimal HTTP/1.1 client for /state and /control

import NIOCore
import NIOHTTP1
import NIOPosix
import RongCodec

/// One HTTP request to a peer's port (the scenario runner reads `/state` this way, also from an
/// in-process peer, so the endpoint itself is what is tested).
public enum PeerHTTPClient {
    /// Sends a request and returns the status code and body.
    public static func request(
        host: String, port: Int, method: HTTPMethod = .GET, path: String, body: [UInt8] = [], on group: EventLoopGroup
    ) async throws -> (status: Int, body: [UInt8]) {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "\(host):\(port)")
        headers.add(name: "Content-Length", value: String(body.count))
        headers.add(name: "Connection", value: "close")
        let head = HTTPRequestHead(version: .http1_1, method: method, uri: path, headers: headers)
        let promise = group.next().makePromise(of: (status: Int, body: [UInt8]).self)
        // The request is written by the handler on the event loop as soon as the connection is
        // active, not by this task after `connect` returns: on a busy cooperative pool that
        // resumption can come after the peer's header timeout, whose 408 then reaches a decoder
        // with no request outstanding (`unsolicitedResponse`).
        let channel = try await ClientBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(ResponseCollector(head: head, body: body, promise: promise))
                }
            }
            .connect(host: host, port: port).get()
        defer { channel.close(promise: nil) }
        return try await promise.futureResult.get()
    }

    /// GET a JSON document.
    public static func json(host: String, port: Int, path: String, on group: EventLoopGroup) async throws -> JSONValue {
        let r = try await request(host: host, port: port, path: path, on: group)
        return try JSONValue(parsing: r.body, options: DecodingOptions(maxContentBytes: 256 << 20, maxDepth: 64))
    }

    /// Writes the request when the connection becomes active, and collects the response.
    final class ResponseCollector: ChannelInboundHandler {
        typealias InboundIn = HTTPClientResponsePart
        typealias OutboundOut = HTTPClientRequestPart
        let head: HTTPRequestHead
        let requestBody: [UInt8]
        let promise: EventLoopPromise<(status: Int, body: [UInt8])>
        var status = 0
        var body: [UInt8] = []
        var done = false

        init(head: HTTPRequestHead, body: [UInt8], promise: EventLoopPromise<(status: Int, body: [UInt8])>) {
            self.head = head
            self.requestBody = body
            self.promise = promise
        }

        func channelActive(context: ChannelHandlerContext) {
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            if !requestBody.isEmpty {
                context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: requestBody)))), promise: nil)
            }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            context.fireChannelActive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let h): status = Int(h.status.code)
            case .body(var b): body += b.readBytes(length: b.readableBytes) ?? []
            case .end:
                done = true
                promise.succeed((status, body))
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            if !done {
                done = true
                promise.fail(PeerClientError.disconnected(nil))
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: Error) {
            if !done {
                done = true
                promise.fail(error)
            }
            context.close(promise: nil)
        }
    }
}
