// Sources/RongPeer/Server/PeerConnectionHandler.swift - one WebSocket connection at the server: frames in, packets to the core

import NIOCore
import NIOWebSocket
import RongCodec
import RongEnvelope

/// One client connection after the upgrade: frames in, packets to the core. Everything the
/// connection writes goes through the core's bounded queue (pongs included); what breaks the
/// protocol ends it with DISCONNECT 2 and the close code that says why (1002, 1003, 1009).
final class PeerConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    let core: PeerCore
    let params: ConnectParams
    let maxPacket: Int
    let idleTimeout: PeerDuration
    var id: ConnectionID?
    /// A close frame was seen or sent: nothing more is read.
    private var closing = false
    /// When the last frame arrived, on the event loop's clock (an `EmbeddedEventLoop`'s in tests:
    /// NIO's `IdleStateHandler` reads the wall clock, which tests cannot move).
    private var lastRead = NIODeadline.uptimeNanoseconds(0)
    private var idleTask: Scheduled<Void>?

    init(core: PeerCore, params: ConnectParams, maxPacket: Int, idleTimeout: PeerDuration = .zero) {
        self.core = core
        self.params = params
        self.maxPacket = maxPacket
        self.idleTimeout = idleTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // The upgrade response has been sent: the server speaks first, with CONNACK.
        id = core.open(context.channel, params: params)
        if idleTimeout > .zero {
            lastRead = context.eventLoop.now
            scheduleIdleCheck(context: context, at: lastRead + .milliseconds(idleTimeout.milliseconds))
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        idleTask?.cancel()
        idleTask = nil
    }

    /// One timer per connection, moved lazily: a read only records its time; when the timer
    /// fires early it is set again for the last read plus the timeout.
    private func scheduleIdleCheck(context: ChannelHandlerContext, at deadline: NIODeadline) {
        let loop = context.eventLoop
        let limit = TimeAmount.milliseconds(idleTimeout.milliseconds)
        idleTask = loop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            guard !closing, let id else { return }
            let due = lastRead + limit
            if loop.now < due {
                scheduleIdleCheck(context: context, at: due)
                return
            }
            closing = true
            core.idle(id, after: idleTimeout)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        guard let id, !closing else { return }
        if idleTimeout > .zero { lastRead = context.eventLoop.now }
        switch frame.opcode {
        case .binary:
            let data = frame.unmaskedData
            guard data.readableBytes <= maxPacket else {
                core.violation(id, .oversized, "a \(data.readableBytes)-byte packet (limit \(maxPacket))", closeCode: .messageTooLarge)
                return
            }
            // Decoded where NIO keeps the bytes (the owned packet copies its payload once), not
            // from an array copy of the whole frame first.
            let bytes = data.readableBytesView
            do throws(CodecError) {
                core.receive(try Packet.decode(bytes, from: .client), from: id)
            } catch {
                core.violation(id, .malformed, "\(error.code): \(error.reason) (\(Hex.encode(bytes.prefix(16)))…)", closeCode: .protocolError)
            }
        case .text:
            core.violation(id, .unexpected, "a text WebSocket message (RMTP packets are binary)", closeCode: .unacceptableData)
        case .ping:
            core.pong(id, payload: frame.unmaskedData)
        case .connectionClose:
            // Echo the client's code (RFC 6455 § 5.5.1), 1000 when it gave none.
            closing = true
            var data = frame.unmaskedData
            var code = WebSocketErrorCode.normalClosure
            // Only codes an endpoint may send (1005, 1006, 1015 and the unassigned ones may not).
            if let given = data.readInteger(as: UInt16.self), [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011].contains(given) || (3000...4999).contains(given) {
                code = WebSocketErrorCode(codeNumber: Int(given))
            }
            var reply = ByteBuffer()
            reply.write(webSocketErrorCode: code)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: reply))).whenComplete { _ in
                channel.close(promise: nil)
            }
        default:
            // Pongs; every other opcode was refused by the header check.
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let id else {
            context.close(promise: nil)
            return
        }
        closing = true
        let core = self.core
        // Deferred: this may run inside a write the core issued.
        context.eventLoop.execute {
            switch error {
            case let v as WebSocketViolation:
                core.violation(id, v.closeCode == .messageTooLarge ? .oversized : .malformed, v.description, closeCode: v.closeCode)
            case NIOWebSocketError.invalidFrameLength, NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge,
                NIOWebSocketFrameAggregator.Error.tooManyFragments:
                core.violation(id, .oversized, "a WebSocket message above the limit", closeCode: .messageTooLarge)
            case is NIOWebSocketError, is NIOWebSocketFrameAggregator.Error:
                core.violation(id, .malformed, "WebSocket protocol error: \(error)", closeCode: .protocolError)
            case is IOError, is ChannelError:
                // A reset or a broken pipe: the client went away; nothing hostile about it.
                core.transportError(id, "\(error)")
            default:
                core.violation(id, .unexpected, "connection error: \(error)", closeCode: .unexpectedServerError)
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let id {
            let core = self.core
            context.eventLoop.execute { core.closed(id) }
        }
        context.fireChannelInactive()
    }
}
