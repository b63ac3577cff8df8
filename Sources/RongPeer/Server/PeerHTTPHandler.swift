// Sources/RongPeer/Server/PeerHTTPHandler.swift - the HTTP channel handler: one request in, the control's answer out

import NIOCore
import NIOHTTP1

/// Collects one request and answers it; the connection closes after each answer.
final class PeerHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let control: PeerControl
    var head: HTTPRequestHead?
    var body: [UInt8] = []
    static let maxBody = 4 << 20

    init(control: PeerControl) { self.control = control }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let h):
            head = h
            body = []
        case .body(var b):
            if body.count + b.readableBytes > Self.maxBody {
                respond(context, PeerControl.error(.payloadTooLarge, "request body above \(Self.maxBody) bytes"))
                return
            }
            body += b.readBytes(length: b.readableBytes) ?? []
        case .end:
            guard let head else { return }
            let local = context.channel.localAddress
            respond(context, PeerNavigation.answer(head, local: local, control: control) ?? control.handle(method: head.method, uri: head.uri, body: body))
        }
    }

    private func respond(_ context: ChannelHandlerContext, _ r: PeerControl.Response) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: r.contentType)
        headers.add(name: "Content-Length", value: String(r.body.count))
        headers.add(name: "Connection", value: "close")
        for (name, value) in r.headers { headers.add(name: name, value: value) }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: r.status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: r.body)))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
        head = nil
        body = []
    }
}
