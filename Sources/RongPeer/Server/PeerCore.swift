// Sources/RongPeer/Server/PeerCore.swift - the model behind a lock, and the writes it asks for

import Logging
import NIOCore
import NIOWebSocket
import RongCodec
import RongEnvelope
import Synchronization

/// Serialises every input to the ``PeerModel`` and performs its outputs on the connections'
/// channels. Writes are issued while the lock is held, so each connection sees packets in the
/// order the model produced them.
final class PeerCore: Sendable {
    struct Sink: Sendable {
        let channel: Channel
        let queued: QueueCounter
        /// The user, for log lines written after the model forgot the connection.
        var user: String?
        var faults: FaultInjector?
        /// A packet held back to be sent after the next one (reorder fault), with its token.
        var held: (frame: WebSocketFrame, token: Int)?
        var closing = false
    }

    struct State: Sendable {
        var model: PeerModel
        var sinks: [ConnectionID: Sink] = [:]
        var nextConnection = 1
        var faultPlan: FaultPlan
        var faultCounts = FaultCounts()
        var nextHoldToken = 1
        /// The most bytes any one connection had written and not yet sent (after a write the
        /// limits allowed), for /state and tests.
        var peakQueuedBytes = 0
    }

    /// Packets and bytes written to a channel and not yet handed to the socket. Only writes made
    /// under the state lock add; write completions on the event loop subtract.
    final class QueueCounter: Sendable {
        let packets = Atomic<Int>(0)
        let bytes = Atomic<Int>(0)
    }

    let state: Mutex<State>
    /// Packets one connection may have queued before it is cut.
    let maxQueued: Int
    /// Bytes one connection may have queued before it is cut (one packet always goes out when
    /// nothing else is queued).
    let maxQueuedBytes: Int
    let logger: Logger

    init(model: PeerModel, faults: FaultPlan, maxQueued: Int, maxQueuedBytes: Int, logger: Logger) {
        state = Mutex(State(model: model, faultPlan: faults))
        self.maxQueued = maxQueued
        self.maxQueuedBytes = maxQueuedBytes
        self.logger = logger
    }

    // MARK: Inputs

    /// A WebSocket connection is ready: register it and answer with CONNACK.
    func open(_ channel: Channel, params: ConnectParams) -> ConnectionID {
        state.withLock { s in
            let id = s.nextConnection
            s.nextConnection += 1
            s.sinks[id] = Sink(channel: channel, queued: QueueCounter())
            let outputs = s.model.connect(id, params: params)
            let user = s.model.user(of: id)
            s.sinks[id]!.user = user
            if let user, s.faultPlan.applies(to: user) {
                s.sinks[id]!.faults = FaultInjector(plan: s.faultPlan, connection: id)
            }
            perform(outputs, &s)
            return id
        }
    }

    func receive(_ packet: Packet, from id: ConnectionID) {
        state.withLock { s in
            guard s.sinks[id]?.closing == false else { return }
            perform(s.model.receive(packet, from: id), &s)
        }
    }

    /// A transport-level violation: log it, then DISCONNECT (status CLOSURE) and close.
    func violation(_ id: ConnectionID, _ kind: PeerModel.Violation, _ detail: String) {
        state.withLock { s in
            guard s.sinks[id]?.closing == false else { return }
            s.model.recordViolation(id, kind: kind, detail: detail)
            logger.warning("conn#\(id) \(s.model.user(of: id) ?? "?") \(kind.rawValue): \(detail); DISCONNECT \(DisconnectStatus.closure)")
            perform([.disconnect(id, status: DisconnectStatus.closure)], &s)
        }
    }

    /// The connection failed at the transport (a reset, a broken pipe): an ordinary close, not
    /// a protocol violation, so no DISCONNECT and nothing counted as hostile.
    func transportError(_ id: ConnectionID, _ detail: String) {
        state.withLock { s in
            guard let sink = s.sinks[id], !sink.closing else { return }
            s.sinks[id]!.closing = true
            logger.info("conn#\(id) \(sink.user ?? "?") connection error: \(detail); closed")
            let channel = sink.channel
            channel.eventLoop.execute { channel.close(promise: nil) }
        }
    }

    func closed(_ id: ConnectionID) {
        state.withLock { s in
            s.sinks[id] = nil
            s.model.disconnected(id)
        }
    }

    func snapshot(user: String?) -> JSONValue {
        state.withLock { s in
            guard case .object(var o) = s.model.snapshot(user: user) else { return .null }
            let f = s.faultCounts
            o["faults"] = [
                "plan": .string(s.faultPlan.description), "dropped": .number(JSONNumber(f.dropped)),
                "duplicated": .number(JSONNumber(f.duplicated)), "delayed": .number(JSONNumber(f.delayed)),
                "reordered": .number(JSONNumber(f.reordered)), "cut": .number(JSONNumber(f.cut)),
            ]
            if case .object(var stats)? = o["stats"] {
                stats["peakQueuedBytes"] = .number(JSONNumber(s.peakQueuedBytes))
                o["stats"] = .object(stats)
            }
            return .object(o)
        }
    }

    func faultCounts() -> FaultCounts { state.withLock { $0.faultCounts } }

    /// The most bytes one connection has had queued so far.
    func peakQueuedBytes() -> Int { state.withLock { $0.peakQueuedBytes } }

    /// Replaces the fault plan; connections opened from now on use it, and so do the open ones.
    func setFaults(_ plan: FaultPlan) {
        state.withLock { s in
            s.faultPlan = plan
            for id in s.sinks.keys {
                let user = s.model.user(of: id)
                s.sinks[id]!.faults = plan.applies(to: user) ? FaultInjector(plan: plan, connection: id) : nil
            }
        }
    }

    /// Starts over with a new model: every connection is closed.
    func reset(_ model: PeerModel) {
        state.withLock { s in
            for (_, sink) in s.sinks {
                let channel = sink.channel
                channel.eventLoop.execute { channel.close(promise: nil) }
            }
            s.sinks = [:]
            var model = model
            model.maxReplyBytes = s.model.maxReplyBytes
            s.model = model
            s.faultCounts = FaultCounts()
        }
    }

    func compact() { state.withLock { $0.model.compact() } }

    // MARK: Outputs

    private func perform(_ outputs: [PeerOutput], _ s: inout State) {
        for output in outputs {
            switch output {
            case .packet(let id, let packet):
                guard var sink = s.sinks[id], !sink.closing else { continue }
                let frame: WebSocketFrame
                do throws(CodecError) {
                    frame = WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(bytes: try packet.encoded()))
                } catch {
                    logger.error("conn#\(id) cannot encode \(packet.body.type): \(error.reason)")
                    continue
                }
                // Faults never touch CONNACK: a client must learn whether it is connected.
                if var injector = sink.faults, packet.body.type != .connAck {
                    let decision = injector.decide()
                    sink.faults = injector
                    s.sinks[id] = sink
                    applyFault(decision, frame, id, &s)
                } else {
                    write(frame, to: id, &s)
                }
            case .disconnect(let id, let status):
                guard let sink = s.sinks[id], !sink.closing else { continue }
                let bytes = (try? Packet(.disconnect(.init(status: status)), retain: true).encoded()) ?? []
                s.sinks[id]!.closing = true
                let channel = sink.channel
                let frame = WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(bytes: bytes))
                channel.eventLoop.execute {
                    channel.write(frame, promise: nil)
                    Self.closeGracefully(channel)
                }
            case .close(let id):
                guard let sink = s.sinks[id], !sink.closing else { continue }
                s.sinks[id]!.closing = true
                let channel = sink.channel
                channel.eventLoop.execute { Self.closeGracefully(channel) }
            }
        }
    }

    /// A WebSocket close frame (1000), then the TCP close once it is written.
    private static func closeGracefully(_ channel: Channel) {
        var data = ByteBuffer()
        data.write(webSocketErrorCode: .normalClosure)
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    private func write(_ frame: WebSocketFrame, to id: ConnectionID, _ s: inout State) {
        guard let sink = s.sinks[id], !sink.closing else { return }
        let queued = sink.queued
        var frames = [frame]
        if let held = sink.held {
            s.sinks[id]!.held = nil
            frames.append(held.frame)
        }
        let size = frames.reduce(0) { $0 + $1.data.readableBytes }
        // Adds happen only here, under the lock; completions only subtract, so these loads are
        // upper bounds of what is queued when the new frames join.
        let packets = queued.packets.load(ordering: .relaxed)
        let bytes = queued.bytes.load(ordering: .relaxed)
        if packets + frames.count > maxQueued || (bytes > 0 && bytes + size > maxQueuedBytes) {
            // The client does not read: cut it rather than buffer without bound. Its messages
            // wait in the inbox for the next connection. No DISCONNECT: it would only queue.
            let detail = "\(packets) packets, \(bytes) bytes queued and \(size) more (limits \(maxQueued) packets, \(maxQueuedBytes) bytes)"
            s.model.recordViolation(id, kind: .slowConsumer, detail: detail + "; cut")
            logger.warning("conn#\(id) \(sink.user ?? "?") slow consumer: \(detail); connection cut")
            s.sinks[id]!.closing = true
            let channel = sink.channel
            channel.eventLoop.execute { channel.close(promise: nil) }
            return
        }
        queued.packets.wrappingAdd(frames.count, ordering: .relaxed)
        let now = queued.bytes.wrappingAdd(size, ordering: .relaxed).newValue
        if now > s.peakQueuedBytes { s.peakQueuedBytes = now }
        // Always through the channel's task queue, never inline: tasks run in the order they
        // are enqueued, and enqueueing happens under the lock, so every connection gets its
        // packets in model order; and nothing NIO does inline can re-enter the lock.
        let channel = sink.channel
        let batch = frames
        channel.eventLoop.execute {
            for f in batch {
                let n = f.data.readableBytes
                channel.writeAndFlush(f).whenComplete { _ in
                    queued.packets.wrappingSubtract(1, ordering: .relaxed)
                    queued.bytes.wrappingSubtract(n, ordering: .relaxed)
                }
            }
        }
    }

    private func applyFault(_ decision: FaultInjector.Decision, _ frame: WebSocketFrame, _ id: ConnectionID, _ s: inout State) {
        let channel = s.sinks[id]!.channel
        switch decision {
        case .send:
            write(frame, to: id, &s)
        case .drop:
            s.faultCounts.dropped += 1
        case .duplicate:
            s.faultCounts.duplicated += 1
            write(frame, to: id, &s)
            write(frame, to: id, &s)
        case .delay(let ms):
            s.faultCounts.delayed += 1
            channel.eventLoop.scheduleTask(in: .milliseconds(Int64(ms))) { [self] in
                state.withLock { s in self.write(frame, to: id, &s) }
            }
        case .hold:
            if s.sinks[id]!.held != nil {
                write(frame, to: id, &s)
                return
            }
            s.faultCounts.reordered += 1
            let token = s.nextHoldToken
            s.nextHoldToken += 1
            s.sinks[id]!.held = (frame, token)
            // Nothing may follow soon: release the held packet after 50 ms regardless.
            channel.eventLoop.scheduleTask(in: .milliseconds(50)) { [self] in
                state.withLock { s in
                    guard let held = s.sinks[id]?.held, held.token == token else { return }
                    s.sinks[id]!.held = nil
                    self.write(held.frame, to: id, &s)
                }
            }
        case .cut:
            s.faultCounts.cut += 1
            s.sinks[id]!.closing = true
            logger.info("conn#\(id) fault: connection cut")
            channel.eventLoop.execute { channel.close(promise: nil) }
        }
    }
}
