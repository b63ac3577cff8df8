// Sources/RongPeer/Client/ClientChannelHandlers.swift - the client's pipeline: NIO's WebSocket upgrade, then frames to packets

import NIOCore
import NIOHTTP1
import NIOWebSocket
import RongEnvelope
import RongSupport

/// What a client transport reports after its upgrade.
enum ClientFrameEvent: Sendable {
    /// A binary message that is one RMTP packet.
    case packet(Packet)
    /// A binary message that does not decode as a packet.
    case undecodable
    /// The transport closed (reported on a later turn of the event loop).
    case closed
}

/// The client's pipeline on a fresh channel: the hand-written ``WebSocketHandshakeHandler``,
/// which becomes the frame codec, an aggregator and a ``ClientFrameHandler`` once upgraded.
enum ClientPipeline {
    /// Sets up the upgrade on `channel` (on its event loop, before it is active). The GET goes
    /// out when the channel becomes active; the future succeeds once the pipeline speaks
    /// WebSocket, and fails with ``PeerClientError/notUpgraded`` when the server declines (a
    /// status other than 101, no `Upgrade: websocket`, a wrong or missing `Sec-WebSocket-Accept`)
    /// or the connection ends first.
    static func configure(
        _ channel: Channel, host: String, port: Int, uri: String, maxFrameSize: Int, protocolVersion: ProtocolVersion = .v3,
        requestKey: String = NIOWebSocketClientUpgrader.randomRequestKey(),
        events: @escaping @Sendable (ClientFrameEvent) -> Void
    ) throws -> EventLoopFuture<Void> {
        let handshake = WebSocketHandshakeHandler(
            host: host, port: port, uri: uri, requestKey: requestKey, maxFrameSize: maxFrameSize, protocolVersion: protocolVersion,
            events: events, upgraded: channel.eventLoop.makePromise(of: Void.self))
        try channel.pipeline.syncOperations.addHandler(handshake)
        return handshake.upgraded.futureResult
    }
}

/// The client side of the WebSocket opening handshake: sends the GET, reads the response head,
/// puts the frame codec and a ``ClientFrameHandler`` in its place and passes on whatever followed
/// the head, all in one `channelRead`, so no byte can fall between two pipelines. NIO's
/// `NIOTypedWebSocketClientUpgrader` makes the key and checks the response (status 101,
/// `Upgrade: websocket`, `Sec-WebSocket-Accept` for the key).
///
/// Not NIO's `NIOTypedHTTPClientUpgradeHandler` as a whole: the peer speaks first, and a refusal's
/// CONNACK, close frame and FIN can arrive in the same read as the 101. NIO removes its HTTP
/// decoder on a later turn of the event loop, the FIN reaches that decoder first, and
/// `HTTPDecoder.decodeLast` forwards left-over bytes only when no EOF was seen: the CONNACK is
/// dropped and the client waits for it until its timeout (`ClientHandshakeTests` shows both).
final class WebSocketHandshakeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// A response head longer than this is not an upgrade.
    static let maxHeadBytes = 16_384

    let host: String
    let port: Int
    let uri: String
    let requestKey: String
    let maxFrameSize: Int
    /// The version the URL asked for: it decides how the CONNACK reads (PEER-CONN-006).
    let protocolVersion: ProtocolVersion
    let events: @Sendable (ClientFrameEvent) -> Void
    /// Succeeds once upgraded; fails with ``PeerClientError/notUpgraded`` otherwise.
    let upgraded: EventLoopPromise<Void>
    private var buffer = ByteBuffer()
    private var requestSent = false
    private var done = false

    init(
        host: String, port: Int, uri: String, requestKey: String, maxFrameSize: Int, protocolVersion: ProtocolVersion = .v3,
        events: @escaping @Sendable (ClientFrameEvent) -> Void, upgraded: EventLoopPromise<Void>
    ) {
        self.host = host
        self.port = port
        self.uri = uri
        self.requestKey = requestKey
        self.maxFrameSize = maxFrameSize
        self.protocolVersion = protocolVersion
        self.events = events
        self.upgraded = upgraded
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { sendRequest(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        sendRequest(context)
        context.fireChannelActive()
    }

    private func sendRequest(_ context: ChannelHandlerContext) {
        guard !requestSent else { return }
        requestSent = true
        let request = "GET \(uri) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(requestKey)\r\nSec-WebSocket-Version: 13\r\n\r\n"
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: request)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !done else { return }
        var incoming = unwrapInboundIn(data)
        buffer.writeBuffer(&incoming)
        let view = buffer.readableBytesView
        guard let end = view.firstRange(of: [13, 10, 13, 10]) else {
            if buffer.readableBytes > Self.maxHeadBytes { fail(context) }
            return
        }
        let headLength = end.upperBound - view.startIndex
        guard headLength <= Self.maxHeadBytes, let head = Self.responseHead(buffer.readString(length: headLength) ?? ""),
            accepts(head)
        else {
            fail(context)
            return
        }
        do {
            let sync = context.pipeline.syncOperations
            try sync.addHandler(WebSocketFrameEncoder(), position: .after(self))
            let decoder = ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: maxFrameSize))
            try sync.addHandler(decoder, position: .after(self))
            try sync.addHandler(NIOWebSocketFrameAggregator(
                minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 256, maxAccumulatedFrameSize: maxFrameSize), position: .after(decoder))
            try sync.addHandler(ClientFrameHandler(protocolVersion: protocolVersion, events: events), position: .last)
        } catch {
            fail(context)
            return
        }
        finish(upgraded: true)
        let rest = buffer
        buffer = ByteBuffer()
        if rest.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(rest)) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// Whether the response completes the upgrade this request asked for (RFC 6455 § 4.1).
    private func accepts(_ head: HTTPResponseHead) -> Bool {
        guard head.status == .switchingProtocols,
            head.headers[canonicalForm: "upgrade"].contains(where: { $0.lowercased() == "websocket" })
        else { return false }
        let check = NIOTypedWebSocketClientUpgrader<Void>(requestKey: requestKey, upgradePipelineHandler: { channel, _ in
            channel.eventLoop.makeSucceededVoidFuture()
        })
        return check.shouldAllowUpgrade(upgradeResponse: head)
    }

    /// The status line and header fields of a response head (up to and including the blank
    /// line); nil when it is not HTTP/1.1.
    static func responseHead(_ text: String) -> HTTPResponseHead? {
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: true)[...]
        guard let statusLine = lines.popFirst() else { return nil }
        // `HTTP/1.1 101 Switching Protocols`: version, status, and a reason that may hold spaces.
        let parts = TextFields(statusLine, separator: " ", maxSplits: 2)
        guard parts[0] == "HTTP/1.1", let status = parts[1], status.count == 3, let code = Int(status) else { return nil }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            var value = line[line.index(after: colon)...]
            while value.first == " " || value.first == "\t" { value = value.dropFirst() }
            while value.last == " " || value.last == "\t" { value = value.dropLast() }
            headers.add(name: String(line[..<colon]), value: String(value))
        }
        return HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: code), headers: headers)
    }

    func channelInactive(context: ChannelHandlerContext) {
        // Closed before the handshake finished.
        finish(upgraded: false)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish(upgraded: false)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        fail(context)
    }

    private func fail(_ context: ChannelHandlerContext) {
        finish(upgraded: false)
        context.close(promise: nil)
    }

    private func finish(upgraded ok: Bool) {
        guard !done else { return }
        done = true
        if ok { upgraded.succeed() } else { upgraded.fail(PeerClientError.notUpgraded) }
    }
}

/// Frames in, packets out to the client (through `events`); answers pings and close frames.
final class ClientFrameHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    let protocolVersion: ProtocolVersion
    let events: @Sendable (ClientFrameEvent) -> Void

    init(protocolVersion: ProtocolVersion = .v3, events: @escaping @Sendable (ClientFrameEvent) -> Void) {
        self.protocolVersion = protocolVersion
        self.events = events
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .binary:
            // Decoded where NIO keeps the bytes, without an array copy of the whole frame first.
            let data = frame.unmaskedData
            guard let packet = try? Packet.decode(data.readableBytesView, from: .server, protocol: protocolVersion) else {
                events(.undecodable)
                return
            }
            events(.packet(packet))
        case .connectionClose:
            context.close(promise: nil)
        case .ping:
            var data = frame.unmaskedData
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: data.readSlice(length: data.readableBytes) ?? ByteBuffer())
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        default:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // Deferred, so a close that a write of the client's causes does not re-enter it.
        let events = self.events
        context.eventLoop.execute { events(.closed) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
