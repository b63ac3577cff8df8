// Sources/RongPeer/Server/PeerConnectionHandler.swift - one WebSocket connection at the server: frames in, packets to the core

import NIOCore
import NIOWebSocket
import RongCodec
import RongEnvelope

/// One client connection after the upgrade: frames in, packets to the core.
final class PeerConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    let core: PeerCore
    let params: ConnectParams
    let maxPacket: Int
    var id: ConnectionID?

    init(core: PeerCore, params: ConnectParams, maxPacket: Int) {
        self.core = core
        self.params = params
        self.maxPacket = maxPacket
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // The upgrade response has been sent: the server speaks first, with CONNACK.
        id = core.open(context.channel, params: params)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        guard let id else { return }
        switch frame.opcode {
        case .binary:
            var data = frame.unmaskedData
            guard data.readableBytes <= maxPacket else {
                core.violation(id, .oversized, "a \(data.readableBytes)-byte packet (limit \(maxPacket))")
                return
            }
            let bytes = data.readBytes(length: data.readableBytes) ?? []
            do throws(CodecError) {
                core.receive(try Packet.decode(bytes, from: .client), from: id)
            } catch {
                core.violation(id, .malformed, "\(error.code): \(error.reason) (\(Hex.encode(bytes.prefix(16)))…)")
            }
        case .text:
            core.violation(id, .unexpected, "a text WebSocket message (RMTP packets are binary)")
        case .ping:
            var data = frame.unmaskedData
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: data.readSlice(length: data.readableBytes) ?? ByteBuffer())
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            var data = ByteBuffer()
            data.write(webSocketErrorCode: .normalClosure)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))).whenComplete { _ in
                channel.close(promise: nil)
            }
        default:
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let id else {
            context.close(promise: nil)
            return
        }
        let core = self.core
        // Deferred: this may run inside a write the core issued.
        context.eventLoop.execute {
            switch error {
            case NIOWebSocketError.invalidFrameLength, NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge:
                core.violation(id, .oversized, "a WebSocket frame above the limit")
            case is NIOWebSocketError, is NIOWebSocketFrameAggregator.Error:
                core.violation(id, .malformed, "WebSocket protocol error: \(error)")
            case is IOError, is ChannelError:
                // A reset or a broken pipe: the client went away; nothing hostile about it.
                core.transportError(id, "\(error)")
            default:
                core.violation(id, .unexpected, "connection error: \(error)")
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
