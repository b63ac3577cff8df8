// Sources/RongPeer/Server/WebSocketFrameHeaderCheck.swift - RFC 6455 rules on each client frame's header, before NIO decodes it

import NIOCore
import NIOWebSocket

/// A client frame the peer refuses, found in its header.
package enum WebSocketViolation: Error, Equatable, CustomStringConvertible {
    /// The mask bit is clear (RFC 6455 § 5.1: a server closes on an unmasked frame).
    case unmasked
    /// RSV1-3 set, with no extension negotiated (§ 5.2).
    case reservedBits(UInt8)
    /// An opcode § 5.2 reserves (3-7, 11-15).
    case unknownOpcode(UInt8)
    /// A length written in a longer form than it needs (§ 5.2: "the minimal number of bytes MUST
    /// be used"), or a 64-bit length with its top bit set.
    case nonMinimalLength(UInt64)
    /// A control frame that is fragmented or longer than 125 bytes (§ 5.5).
    case badControlFrame
    /// A frame longer than the peer takes.
    case tooLarge(length: UInt64, limit: Int)

    /// The close code the peer answers with: 1009 for size, 1002 for the rest.
    package var closeCode: WebSocketErrorCode {
        if case .tooLarge = self { return .messageTooLarge }
        return .protocolError
    }

    package var description: String {
        switch self {
        case .unmasked: "an unmasked frame (clients must mask, RFC 6455 § 5.1)"
        case .reservedBits(let b): "RSV bits \(b >> 4) set with no extension negotiated (RFC 6455 § 5.2)"
        case .unknownOpcode(let op): "the reserved opcode \(op) (RFC 6455 § 5.2)"
        case .nonMinimalLength(let n): "a length of \(n) in a longer form than needed (RFC 6455 § 5.2)"
        case .badControlFrame: "a fragmented control frame or one above 125 bytes (RFC 6455 § 5.5)"
        case .tooLarge(let n, let limit): "a \(n)-byte frame (limit \(limit))"
        }
    }
}

/// Checks every client frame header as its bytes arrive, in front of NIO's
/// `WebSocketFrameDecoder`, which checks sizes and control-frame rules but accepts unmasked
/// frames, RSV bits, reserved opcodes and non-minimal lengths, and which leaves no trace of how a
/// length was written. The bytes pass through unchanged; at the first violation the bytes before
/// the bad header go on, the rest is dropped and the violation is fired as an error (so a 100 MB
/// frame is refused after its header, never buffered). Only headers are parsed: the payload is
/// counted and passed on, NIO decodes the frames.
package final class WebSocketFrameHeaderCheck: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer

    package let maxFrameSize: Int
    /// Header bytes of the frame being read (2 to 14).
    private var header: [UInt8] = []
    /// Payload bytes of the current frame still to pass.
    private var remaining: UInt64 = 0
    private var failed = false

    package init(maxFrameSize: Int) { self.maxFrameSize = maxFrameSize }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        var buffer = unwrapInboundIn(data)
        let start = buffer.readerIndex
        while buffer.readableBytes > 0 {
            if remaining > 0 {
                let n = Int(min(remaining, UInt64(buffer.readableBytes)))
                buffer.moveReaderIndex(forwardBy: n)
                remaining -= UInt64(n)
                continue
            }
            let headerStart = buffer.readerIndex - header.count
            header.append(buffer.readInteger(as: UInt8.self)!)
            let result: (length: UInt64, complete: Bool)
            do throws(WebSocketViolation) {
                result = try Self.check(header, maxFrameSize: maxFrameSize)
            } catch {
                failed = true
                // The frames before the bad one are whole and valid: NIO decodes them.
                let good = max(0, headerStart - start)
                buffer.moveReaderIndex(to: start)
                if good > 0, let prefix = buffer.readSlice(length: good) { context.fireChannelRead(wrapInboundOut(prefix)) }
                context.fireErrorCaught(error)
                return
            }
            if result.complete {
                header.removeAll(keepingCapacity: true)
                remaining = result.length
            }
        }
        buffer.moveReaderIndex(to: start)
        context.fireChannelRead(wrapInboundOut(buffer))
    }

    /// Checks the header bytes read so far: throws at the first rule they break, returns the
    /// payload length and whether the header is complete (its mask key included).
    package static func check(_ h: [UInt8], maxFrameSize: Int) throws(WebSocketViolation) -> (length: UInt64, complete: Bool) {
        let b0 = h[0]
        if b0 & 0x70 != 0 { throw .reservedBits(b0 & 0x70) }
        let opcode = b0 & 0x0F
        guard [0x0, 0x1, 0x2, 0x8, 0x9, 0xA].contains(opcode) else { throw .unknownOpcode(opcode) }
        guard h.count >= 2 else { return (0, false) }
        if h[1] & 0x80 == 0 { throw .unmasked }
        let short = UInt64(h[1] & 0x7F)
        let lengthBytes = short == 126 ? 2 : short == 127 ? 8 : 0
        let isControl = opcode & 0x08 != 0
        if isControl && (b0 & 0x80 == 0 || short > 125) { throw .badControlFrame }
        guard h.count >= 2 + lengthBytes else { return (0, false) }
        var length = short
        if lengthBytes > 0 {
            length = h[2..<(2 + lengthBytes)].reduce(0) { $0 << 8 | UInt64($1) }
            if lengthBytes == 2 && length < 126 { throw .nonMinimalLength(length) }
            if lengthBytes == 8 && (length < 65_536 || length >> 63 != 0) { throw .nonMinimalLength(length) }
        }
        if length > UInt64(maxFrameSize) { throw .tooLarge(length: length, limit: maxFrameSize) }
        return (length, h.count == 2 + lengthBytes + 4)
    }
}
