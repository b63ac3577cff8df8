// Sources/RongProxy/Relay/RelayHandler.swift - one side of a relayed connection: frames in to the session, frames out from it

import NIOCore
import NIOWebSocket
import RongEnvelope
import RongPeer

/// The last handler of one side's pipeline, after NIO's frame codec (and, on the client's side,
/// the peer's frame header check): every frame read goes to the ``RelaySession``, which logs it
/// and writes it out through the other side's handler. Frames are relayed one by one, as they
/// come: fragments are not joined, control frames (ping, pong, close) pass like any other, and
/// the proxy answers none of them itself.
///
/// Back-pressure: when the other side cannot take more (its channel is not writable), this side
/// stops reading until it can, so a slow reader holds only NIO's write buffer, never an
/// unbounded queue in the proxy.
final class RelayHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// Who sends the frames this side reads: `.client` on the client's channel, `.server` on the
    /// upstream's.
    let side: Side
    let session: RelaySession
    private var context: ChannelHandlerContext?
    private var needsFlush = false
    private var lastWrite: EventLoopFuture<Void>?
    private var closing = false

    init(side: Side, session: RelaySession) {
        self.side = side
        self.session = session
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        session.attach(self)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.relay(unwrapInboundIn(data), from: side, time: ProxyClock.now())
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        session.handler(toward: side == .client ? .server : .client)?.flush()
        context.fireChannelReadComplete()
    }

    /// Writes a frame to this side (flushed at the end of the other side's read burst).
    func write(_ frame: WebSocketFrame) {
        guard let context, !closing else { return }
        lastWrite = context.write(wrapOutboundOut(frame))
        needsFlush = true
        if !context.channel.isWritable {
            // This side is behind: the other stops reading until it catches up.
            session.handler(toward: side == .client ? .server : .client)?.setReading(false)
        }
    }

    func flush() {
        guard needsFlush, let context else { return }
        needsFlush = false
        context.flush()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { session.handler(toward: side == .client ? .server : .client)?.setReading(true) }
        context.fireChannelWritabilityChanged()
    }

    /// Turns reading on or off (autoRead), reading at once when turned on.
    func setReading(_ on: Bool) {
        guard let context, let options = context.channel.syncOptions else { return }
        try? options.setOption(.autoRead, value: on)
        if on { context.read() }
    }

    /// Closes this side once the frames written to it have gone out.
    func closeAfterWrites() {
        guard let context, !closing else { return }
        closing = true
        flush()
        let channel = context.channel
        if let lastWrite {
            lastWrite.whenComplete { _ in channel.close(promise: nil) }
        } else {
            channel.close(promise: nil)
        }
    }

    /// Sends a close frame with `code` to this side, then closes it (a frame the proxy refused).
    func refuse(_ code: WebSocketErrorCode) {
        guard let context, !closing else { return }
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        write(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))
    }

    func channelInactive(context: ChannelHandlerContext) {
        session.closed(side)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        let why: String
        switch error {
        case let v as WebSocketViolation:
            why = "the \(side) sent \(v.description)"
            if side == .client { refuse(v.closeCode) }
        case NIOWebSocketError.invalidFrameLength:
            why = "the \(side) sent a frame above the limit"
            if side == .client { refuse(.messageTooLarge) }
        case is NIOWebSocketError:
            why = "the \(side) broke the WebSocket protocol: \(error)"
            if side == .client { refuse(.protocolError) }
        case is IOError, is ChannelError:
            why = "the \(side)'s connection failed: \(error)"
        default:
            why = "the \(side)'s connection failed: \(error)"
        }
        session.counters.errors.add(1, ordering: .relaxed)
        session.end(by: "proxy", reason: why)
    }
}
