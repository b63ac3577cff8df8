// Sources/RongPeer/Client/ClientState.swift - the client's protocol state, confined to its event loop

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import RongCodec
import RongEnvelope

/// Everything a ``PeerClient`` knows. Lives on the client's event loop only; it outlives a
/// connection, so cursors, seen UIDs and unacknowledged sends carry over a reconnect.
final class ClientState {
    let options: PeerClientOptions
    let endpoint: (host: String, port: Int, path: String)
    let loop: EventLoop

    var channel: Channel?
    var connected = false
    var ids: MessageIDAllocator
    var connectPromise: EventLoopPromise<String>?
    var userId = ""
    var closedByUser = false
    var disconnectStatus: UInt8?
    var refusedStatus: UInt8?
    var everConnected = false
    var reconnects = 0

    // Sync state.
    var inboxCursor: Int64 = 0
    var sendCursor: Int64 = 0
    var chatroomCursors: [String: Int64] = [:]
    var joinedChatrooms: Set<String> = []
    var chatroomPulling: [String: Bool] = [:]
    var pulling = false
    var pullAgain = false
    var pullWaiters: [EventLoopPromise<Void>] = []
    var lastPull: UInt64 = 0
    var lastPing: UInt64 = 0

    // What surfaced.
    var seen: Set<String> = []
    var received: [PeerReceivedMessage] = []
    var receivedCount = 0
    var duplicatesSuppressed = 0
    var decodeErrors = 0
    /// PINGRESPs received.
    var pongs = 0
    var pingWaiters: [EventLoopPromise<Void>] = []
    /// Server PUBACKs that answered nothing pending (a PUBACK for a STATUS message, a second
    /// PUBACK for one PUBLISH), and the latest few described.
    var strayAcks = 0
    var strayAckLog: [String] = []
    var onMessage: (@Sendable (PeerReceivedMessage) -> Void)?

    // In flight.
    struct PendingPublish {
        var topic: String
        var targetId: String
        var payload: [UInt8]
        var promise: EventLoopPromise<PeerSendResult?>
        var sentAt: UInt64
    }

    struct PendingQuery {
        var topic: String
        var targetId: String
        var payload: [UInt8]
        var promise: EventLoopPromise<(status: UInt16, payload: [UInt8])>
        var sentAt: UInt64
    }

    /// Pending requests by kind, then id: a PUBLISH and a QUERY may be in flight with one id
    /// (ENV-MSGID-001).
    var pendingPublishes: [UInt16: PendingPublish] = [:]
    var pendingQueries: [UInt16: PendingQuery] = [:]
    /// Sync messages (the user's own, from another device) waiting for the server's PUBACK,
    /// oldest first. Their ids are the server's, so they can equal a pending PUBLISH's id.
    var pendingEchoes: [(id: UInt16, message: PeerReceivedMessage)] = []
    /// The id of the sync message that was the last packet received, if it was one: the PUBACK
    /// right after it with the same id is its completion (the peer writes the two together).
    var echoJustReceived: UInt16?
    static let pendingEchoLimit = 64
    var timer: RepeatedTask?

    init(options: PeerClientOptions, endpoint: (host: String, port: Int, path: String), loop: EventLoop) {
        self.options = options
        self.endpoint = endpoint
        self.loop = loop
        ids = MessageIDAllocator(last: options.lastMessageId)
    }

    var bound: NIOLoopBound<ClientState> { NIOLoopBound(self, eventLoop: loop) }

    // MARK: Connection

    func open(timeoutMillis: Int64) -> EventLoopFuture<String> {
        let promise = loop.makePromise(of: String.self)
        connectPromise = promise
        connectChannel()
        let b = bound
        loop.scheduleTask(in: .milliseconds(timeoutMillis)) {
            let s = b.value
            if let p = s.connectPromise, !s.connected {
                s.connectPromise = nil
                p.fail(PeerClientError.timeout("CONNACK"))
                s.channel?.close(promise: nil)
            }
        }
        if options.retryMillis != nil || options.pollMillis != nil || options.pingMillis != nil {
            timer = loop.scheduleRepeatedTask(initialDelay: .milliseconds(20), delay: .milliseconds(20)) { _ in b.value.tick() }
        }
        return promise.futureResult
    }

    func connectChannel() {
        let b = bound
        let uri = options.requestURI(path: endpoint.path)
        let host = endpoint.host
        let port = endpoint.port
        let maxFrame = options.maxFrameSize
        ClientBootstrap(group: loop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(WebSocketHandshakeHandler(
                        host: host, port: port, uri: uri, maxFrameSize: maxFrame, state: b))
                }
            }
            .connect(host: host, port: port)
            .whenComplete { result in
                if case .failure(let error) = result { b.value.connectFailed(error) }
            }
    }

    func connectFailed(_ error: Error) {
        if let p = connectPromise {
            connectPromise = nil
            p.fail(error)
        } else if options.autoReconnect && !closedByUser {
            scheduleReconnect()
        }
    }

    func attached(_ channel: Channel) {
        self.channel = channel
    }

    func channelClosed(_ channel: Channel) {
        guard self.channel === channel else { return }
        self.channel = nil
        let wasConnected = connected
        connected = false
        pendingEchoes = []
        echoJustReceived = nil
        if let p = connectPromise {
            connectPromise = nil
            p.fail(refusedStatus.map { PeerClientError.refused($0) } ?? PeerClientError.disconnected(disconnectStatus))
        }
        // A kick (1) or a ban (5) is final, as for the SDKs; anything else may reconnect.
        let terminal = disconnectStatus == DisconnectStatus.otherDeviceLogin || disconnectStatus == DisconnectStatus.block || refusedStatus != nil
        if options.autoReconnect && !closedByUser && !terminal && wasConnected {
            scheduleReconnect()
        } else {
            failAll(PeerClientError.disconnected(disconnectStatus))
        }
    }

    func scheduleReconnect() {
        let b = bound
        loop.scheduleTask(in: .milliseconds(30)) {
            let s = b.value
            guard !s.closedByUser, s.channel == nil else { return }
            s.disconnectStatus = nil
            s.connectChannel()
        }
    }

    func failAll(_ error: Error) {
        let pubs = pendingPublishes
        let queries = pendingQueries
        let waiters = pullWaiters + pingWaiters
        pendingPublishes = [:]
        pendingQueries = [:]
        pullWaiters = []
        pingWaiters = []
        pulling = false
        for (_, p) in pubs { p.promise.fail(error) }
        for (_, q) in queries { q.promise.fail(error) }
        for w in waiters { w.fail(error) }
    }

    func shutdown() -> EventLoopFuture<Void> {
        closedByUser = true
        timer?.cancel()
        timer = nil
        guard let channel else {
            failAll(PeerClientError.disconnected(nil))
            return loop.makeSucceededVoidFuture()
        }
        var data = ByteBuffer()
        data.write(webSocketErrorCode: .normalClosure)
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: data)
        channel.writeAndFlush(frame, promise: nil)
        let done = loop.makePromise(of: Void.self)
        channel.closeFuture.whenComplete { _ in done.succeed() }
        loop.scheduleTask(in: .milliseconds(200)) { channel.close(promise: nil) }
        return done.futureResult
    }

    // MARK: Writing

    func write(_ packet: Packet) {
        guard let channel, let bytes = try? packet.encoded() else { return }
        let frame = WebSocketFrame(fin: true, opcode: .binary, maskKey: .random(), data: ByteBuffer(bytes: bytes))
        channel.writeAndFlush(frame, promise: nil)
    }

    func writeRaw(_ bytes: [UInt8], opcode: WebSocketOpcode = .binary) {
        guard let channel else { return }
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: ByteBuffer(bytes: bytes)), promise: nil)
    }

    func publish(topic: String, targetId: String, payload: [UInt8], expectAck: Bool) -> EventLoopFuture<PeerSendResult?> {
        let promise = loop.makePromise(of: PeerSendResult?.self)
        guard connected || options.autoReconnect else {
            promise.fail(PeerClientError.disconnected(disconnectStatus))
            return promise.futureResult
        }
        let id = ids.next()
        if expectAck {
            pendingPublishes[id] = PendingPublish(topic: topic, targetId: targetId, payload: payload, promise: promise, sentAt: monotonicNanos())
        } else {
            promise.succeed(nil)
        }
        if expectAck { armTimeout(publish: id) }
        if connected {
            write(Packet(.publish(.init(topic: RMTPString(topic), targetId: RMTPString(targetId), messageId: id, payload: payload)), qos: .atLeastOnce))
        }
        return promise.futureResult
    }

    /// Sends PINGREQ; the future completes with the next PINGRESP.
    func ping() -> EventLoopFuture<Void> {
        let promise = loop.makePromise(of: Void.self)
        guard connected else {
            promise.fail(PeerClientError.disconnected(disconnectStatus))
            return promise.futureResult
        }
        pingWaiters.append(promise)
        lastPing = monotonicNanos()
        write(Packet(.pingReq))
        return promise.futureResult
    }

    func query(topic: String, targetId: String, payload: [UInt8]) -> EventLoopFuture<(status: UInt16, payload: [UInt8])> {
        let promise = loop.makePromise(of: (status: UInt16, payload: [UInt8]).self)
        guard connected || options.autoReconnect else {
            promise.fail(PeerClientError.disconnected(disconnectStatus))
            return promise.futureResult
        }
        let id = ids.next()
        pendingQueries[id] = PendingQuery(topic: topic, targetId: targetId, payload: payload, promise: promise, sentAt: monotonicNanos())
        armTimeout(query: id)
        if connected { sendQuery(id) }
        return promise.futureResult
    }

    /// Fails a request that is still pending after ``PeerClientOptions/requestTimeoutMillis``.
    func armTimeout(publish id: UInt16? = nil, query qid: UInt16? = nil) {
        guard let ms = options.requestTimeoutMillis else { return }
        let b = bound
        let promiseP = id.flatMap { pendingPublishes[$0]?.promise }
        let promiseQ = qid.flatMap { pendingQueries[$0]?.promise }
        loop.scheduleTask(in: .milliseconds(ms)) {
            let s = b.value
            if let id, let p = s.pendingPublishes[id], p.promise.futureResult === promiseP?.futureResult {
                s.pendingPublishes[id] = nil
                p.promise.fail(PeerClientError.timeout("PUBACK of \(p.topic)"))
            }
            if let qid, let q = s.pendingQueries[qid], q.promise.futureResult === promiseQ?.futureResult {
                s.pendingQueries[qid] = nil
                q.promise.fail(PeerClientError.timeout("QUERYACK of \(q.topic)"))
            }
        }
    }

    func sendQuery(_ id: UInt16) {
        guard let q = pendingQueries[id] else { return }
        // pullMsg goes with QoS 0, as VILLA sends it; other queries with QoS 1.
        let qos: QoS = q.topic == "pullMsg" || q.topic == "chrmPull" ? .atMostOnce : .atLeastOnce
        write(Packet(.query(.init(topic: RMTPString(q.topic), targetId: RMTPString(q.targetId), messageId: id, payload: q.payload)), qos: qos))
    }

    func resendPublish(_ id: UInt16) {
        guard let p = pendingPublishes[id] else { return }
        write(Packet(.publish(.init(topic: RMTPString(p.topic), targetId: RMTPString(p.targetId), messageId: id, payload: p.payload)), qos: .atLeastOnce))
    }

    // MARK: Timers

    func tick() {
        guard connected else { return }
        let now = monotonicNanos()
        if let retry = options.retryMillis {
            let limit = UInt64(retry) * 1_000_000
            // A write can close the channel inline, and the decoder then hands over what it still
            // held, acknowledging entries: look each one up again before touching it.
            for id in pendingPublishes.keys.sorted() {
                guard let p = pendingPublishes[id], now &- p.sentAt > limit else { continue }
                pendingPublishes[id]?.sentAt = now
                resendPublish(id)
            }
            for id in pendingQueries.keys.sorted() {
                guard let q = pendingQueries[id], now &- q.sentAt > limit else { continue }
                pendingQueries[id]?.sentAt = now
                sendQuery(id)
            }
        }
        if let poll = options.pollMillis, now &- lastPull > UInt64(poll) * 1_000_000 {
            startPull()
        }
        if let ping = options.pingMillis, now &- lastPing > UInt64(ping) * 1_000_000 {
            lastPing = now
            write(Packet(.pingReq))
        }
    }

    // MARK: Reading

    func handle(_ packet: Packet) {
        let echoBefore = echoJustReceived
        echoJustReceived = nil
        switch packet.body {
        case .connAck(let a):
            guard a.status == 0 else {
                refusedStatus = a.status
                if let p = connectPromise {
                    connectPromise = nil
                    p.fail(PeerClientError.refused(a.status))
                }
                return
            }
            if everConnected { reconnects += 1 }
            everConnected = true
            connected = true
            if let u = a.session?.userId.text { userId = u }
            if let p = connectPromise {
                connectPromise = nil
                p.succeed(userId)
            }
            // After a reconnect: send again what was not acknowledged, then catch up.
            for id in pendingPublishes.keys.sorted() { resendPublish(id) }
            for id in pendingQueries.keys.sorted() { sendQuery(id) }
            // Like the SDKs: sync on every connect (offline messages come this way).
            if options.autoPull { startPull() }
            for room in joinedChatrooms where options.autoReconnect {
                _ = query(topic: "joinChrm", targetId: room, payload: [])
            }
        case .serverPubAck(let a):
            // Server ids (sync messages) and the client's own ids (its PUBLISHes) are separate
            // counters and may coincide. The PUBACK right after a sync message with its id
            // completes that message; any other answers the client's own PUBLISH first, and only
            // then a sync message whose PUBACK did not follow it directly (faults reorder).
            if echoBefore == a.messageId, let i = pendingEchoes.lastIndex(where: { $0.id == a.messageId }) {
                completeEcho(at: i, a)
            } else if let p = pendingPublishes.removeValue(forKey: a.messageId) {
                if a.status == 0 && !a.messageUId.text.isEmpty { seen.insert(a.messageUId.text) }
                p.promise.succeed(PeerSendResult(status: a.status, messageUId: a.messageUId.text, sentTime: a.sentTime))
            } else if let i = pendingEchoes.firstIndex(where: { $0.id == a.messageId }) {
                completeEcho(at: i, a)
            } else {
                strayAcks += 1
                strayAckLog.append("PUBACK id \(a.messageId) status \(a.status) uid \(a.messageUId.text.isEmpty ? "-" : a.messageUId.text)")
                if strayAckLog.count > 16 { strayAckLog.removeFirst() }
            }
        case .pingResp:
            pongs += 1
            let waiters = pingWaiters
            pingWaiters = []
            for w in waiters { w.succeed() }
        case .serverPublish(let p):
            if packet.qos != .atMostOnce && !packet.dup { write(Packet(.pubAck(messageId: p.messageId))) }
            handlePublish(p, packet: packet)
        case .queryAck(let a):
            if packet.qos != .atMostOnce { write(Packet(.queryCon(messageId: a.messageId))) }
            if let q = pendingQueries.removeValue(forKey: a.messageId) { q.promise.succeed((a.status, a.payload)) }
        case .disconnect(let d):
            disconnectStatus = d.status
        default:
            break
        }
    }

    func handlePublish(_ p: Packet.ServerPublish, packet: Packet) {
        switch p.topic.text {
        case "s_ntf":
            guard let n = try? parseBody(p.payload, as: Modules_NotifyMsg.self) else { return }
            if n.hasChrmID && !n.chrmID.isEmpty {
                chatroomPull(n.chrmID)
            } else if options.autoPull {
                startPull()
            }
        case "s_msg":
            guard let d = try? parseBody(p.payload, as: Modules_DownStreamMessage.self) else { return }
            accept(d, via: .push)
        default:
            guard packet.dup, BodyType.serverPublish(topic: p.topic.text) == .upStreamMessage else { return }
            do throws(CodecError) {
                let m = try InboundMessage(packet: packet, currentUserId: userId)
                let r = PeerReceivedMessage(message: m, via: .sync)
                // Sync messages on status topics surface at once; others wait for the PUBACK.
                if TopicFamily(topic: p.topic.text) == .status {
                    surface(r)
                } else {
                    pendingEchoes.append((p.messageId, r))
                    if pendingEchoes.count > Self.pendingEchoLimit { pendingEchoes.removeFirst() }
                    echoJustReceived = p.messageId
                }
            } catch {
                decodeErrors += 1
            }
        }
    }

    func completeEcho(at i: Int, _ a: Packet.ServerPubAck) {
        var echo = pendingEchoes.remove(at: i).message
        echo.message.apply(a)
        surface(echo)
    }

    func accept(_ d: Modules_DownStreamMessage, via: PeerReceivedMessage.Via) {
        do throws(CodecError) {
            let m = try InboundMessage(d)
            surface(PeerReceivedMessage(message: m, via: via))
        } catch {
            decodeErrors += 1
        }
    }

    /// Hands a message to the user once per UID (protocol-rules.md § 11.5: duplicates by UID are
    /// dropped; STATUS messages have no UID and always surface).
    func surface(_ r: PeerReceivedMessage) {
        if let uid = r.message.messageUId, !uid.isEmpty {
            if !seen.insert(uid).inserted {
                duplicatesSuppressed += 1
                return
            }
        }
        receivedCount += 1
        if options.keepMessages { received.append(r) }
        onMessage?(r)
    }

    // MARK: Pull

    func startPull() {
        lastPull = monotonicNanos()
        if pulling {
            pullAgain = true
            return
        }
        pulling = true
        pullAgain = false
        sendPull()
    }

    func pullUntilIdle() -> EventLoopFuture<Void> {
        let p = loop.makePromise(of: Void.self)
        pullWaiters.append(p)
        startPull()
        return p.futureResult
    }

    func sendPull() {
        var req = Modules_SyncRequestMsg()
        req.syncTime = inboxCursor
        req.ispolling = false
        req.isPullSend = options.pullSent
        req.sendBoxSyncTime = sendCursor
        let b = bound
        query(topic: "pullMsg", targetId: userId, payload: protoBytes(req)).whenComplete { result in
            let s = b.value
            var finished = true
            if case .success(let ack) = result, ack.status == 0 {
                finished = s.acceptPull(ack.payload)
            } else if case .failure(let error) = result {
                s.pulling = false
                let waiters = s.pullWaiters
                s.pullWaiters = []
                for w in waiters { w.fail(error) }
                return
            }
            if !finished || s.pullAgain {
                s.pullAgain = false
                s.sendPull()
            } else {
                s.pulling = false
                let waiters = s.pullWaiters
                s.pullWaiters = []
                for w in waiters { w.succeed() }
            }
        }
    }

    /// Takes a `pullMsg` reply; returns `finished`.
    func acceptPull(_ payload: [UInt8]) -> Bool {
        guard let list = try? parseBody(payload, as: Modules_DownStreamMessages.self) else { return true }
        for d in list.list {
            if d.direction == 1 { sendCursor = max(sendCursor, d.dataTime) }
            accept(d, via: .pull)
        }
        inboxCursor = max(inboxCursor, list.syncTime)
        return list.hasFinished ? list.finished : true
    }

    func chatroomPull(_ room: String) {
        if chatroomPulling[room] != nil {
            chatroomPulling[room] = true
            return
        }
        chatroomPulling[room] = false
        var req = Modules_ChrmPullMsg()
        req.syncTime = chatroomCursors[room] ?? 0
        req.count = 0
        let b = bound
        query(topic: "chrmPull", targetId: room, payload: protoBytes(req)).whenComplete { result in
            let s = b.value
            var finished = true
            if case .success(let ack) = result, ack.status == 0 { finished = s.acceptChatroomPull(room: room, payload: ack.payload) }
            let again = s.chatroomPulling[room] == true
            s.chatroomPulling[room] = nil
            if case .success = result, !finished || again { s.chatroomPull(room) }
        }
    }

    @discardableResult
    func acceptChatroomPull(room: String, payload: [UInt8]) -> Bool {
        guard let list = try? parseBody(payload, as: Modules_DownStreamMessages.self) else { return true }
        for d in list.list { accept(d, via: .chatroomPull) }
        chatroomCursors[room] = max(chatroomCursors[room] ?? 0, list.syncTime)
        return list.hasFinished ? list.finished : true
    }
}

/// Frames in, packets to the state.
final class ClientHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    let state: NIOLoopBound<ClientState>

    init(state: NIOLoopBound<ClientState>) { self.state = state }

    func handlerAdded(context: ChannelHandlerContext) {
        state.value.attached(context.channel)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .binary:
            var data = frame.unmaskedData
            let bytes = data.readBytes(length: data.readableBytes) ?? []
            guard let packet = try? Packet.decode(bytes, from: .server) else {
                state.value.decodeErrors += 1
                return
            }
            state.value.handle(packet)
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
        let channel = context.channel
        let state = self.state
        // Deferred so that a close triggered inside a state method does not re-enter it.
        context.eventLoop.execute { state.value.channelClosed(channel) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}

/// The client side of the WebSocket opening handshake, done by hand: NIO's upgrade handlers can
/// lose a CONNACK that arrives in the same read as the 101 response together with the close frame
/// and FIN of a refusal. This handler sends the GET, reads the response head, puts the WebSocket
/// codec and the ``ClientHandler`` in its place and passes on whatever followed the head, all in
/// one `channelRead`, so no byte can fall between two pipelines.
final class WebSocketHandshakeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let host: String
    let port: Int
    let uri: String
    let maxFrameSize: Int
    let state: NIOLoopBound<ClientState>
    var buffer = ByteBuffer()

    init(host: String, port: Int, uri: String, maxFrameSize: Int, state: NIOLoopBound<ClientState>) {
        self.host = host
        self.port = port
        self.uri = uri
        self.maxFrameSize = maxFrameSize
        self.state = state
    }

    func channelActive(context: ChannelHandlerContext) {
        var key = [UInt8](repeating: 0, count: 16)
        var random = SeededRandom(seed: monotonicNanos())
        for i in key.indices { key[i] = UInt8(truncatingIfNeeded: random.next()) }
        let request = "GET \(uri) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(base64(key))\r\nSec-WebSocket-Version: 13\r\n\r\n"
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: request)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        buffer.writeBuffer(&incoming)
        let view = buffer.readableBytesView
        guard let end = view.firstRange(of: [13, 10, 13, 10]) else {
            if buffer.readableBytes > 16_384 { fail(context, PeerClientError.notUpgraded) }
            return
        }
        let headLength = end.upperBound - view.startIndex
        let head = buffer.readString(length: headLength) ?? ""
        guard head.hasPrefix("HTTP/1.1 101") else {
            fail(context, PeerClientError.notUpgraded)
            return
        }
        do {
            let sync = context.pipeline.syncOperations
            try sync.addHandler(WebSocketFrameEncoder(), position: .after(self))
            let decoder = ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: maxFrameSize))
            try sync.addHandler(decoder, position: .after(self))
            try sync.addHandler(NIOWebSocketFrameAggregator(
                minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 256, maxAccumulatedFrameSize: maxFrameSize), position: .after(decoder))
            try sync.addHandler(ClientHandler(state: state), position: .last)
        } catch {
            fail(context, error)
            return
        }
        let rest = buffer
        buffer = ByteBuffer()
        if rest.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(rest)) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        // Closed before the handshake finished.
        let state = self.state
        context.eventLoop.execute { state.value.connectFailed(PeerClientError.notUpgraded) }
        context.fireChannelInactive()
    }

    private func fail(_ context: ChannelHandlerContext, _ error: Error) {
        let state = self.state
        context.eventLoop.execute { state.value.connectFailed(error) }
        context.close(promise: nil)
    }

    typealias InboundOut = ByteBuffer
}

/// Standard base64 (for the Sec-WebSocket-Key).
func base64(_ bytes: [UInt8]) -> String {
    let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
        let n = min(3, bytes.count - i)
        var v = UInt32(bytes[i]) << 16
        if n > 1 { v |= UInt32(bytes[i + 1]) << 8 }
        if n > 2 { v |= UInt32(bytes[i + 2]) }
        out.append(table[Int(v >> 18 & 63)])
        out.append(table[Int(v >> 12 & 63)])
        out.append(n > 1 ? table[Int(v >> 6 & 63)] : 0x3D)
        out.append(n > 2 ? table[Int(v & 63)] : 0x3D)
        i += 3
    }
    return String(decoding: out, as: UTF8.self)
}
