// Sources/RongPeer/Server/PeerCore.swift - the model behind a lock, and the writes it asks for

import Logging
import NIOCore
import NIOWebSocket
import RongCodec
import RongEnvelope
import Synchronization

/// Serialises every input to the ``PeerModel`` and performs its outputs on the connections'
/// channels. A turn's writes and closes are handed to the event loops while the lock is held
/// (``PeerOutbox``), so each connection sees packets in the order the model produced them.
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
        /// What this turn asks of the channels; dispatched when the turn ends.
        var outbox = PeerOutbox()
        /// A timer is set for the next held room announcement (PEER-CHRM-014).
        var announcementTimerSet = false
    }

    /// Packets and bytes written to a channel and not yet handed to the socket. Only writes made
    /// under the state lock add; write completions on the event loop subtract.
    final class QueueCounter: Sendable {
        let packets = Atomic<Int>(0)
        let bytes = Atomic<Int>(0)
    }

    /// What happened at the transport, outside the model (counted here, shown in `/state` `stats`).
    final class TransportCounters: Sendable {
        /// HTTP requests answered 408: head or body not complete in time.
        let requestTimeouts = Atomic<Int>(0)
        /// WebSocket connections closed (1001) after `idleTimeout` without a frame.
        let idleClosed = Atomic<Int>(0)
        /// Upgrade requests refused (400, 426).
        let badHandshakes = Atomic<Int>(0)
        /// HTTP requests that did not parse, or were too large (400, 413, 431).
        let badRequests = Atomic<Int>(0)
    }

    let state: Mutex<State>
    let transport = TransportCounters()
    /// Set by the server: connections open, evicted and refused at the limit.
    let limiter: ConnectionLimiter?
    /// Packets one connection may have queued before it is cut.
    let maxQueued: Int
    /// Bytes one connection may have queued before it is cut (one packet always goes out when
    /// nothing else is queued).
    let maxQueuedBytes: Int
    let logger: Logger

    init(model: PeerModel, faults: FaultPlan, maxQueued: Int, maxQueuedBytes: Int, logger: Logger, limiter: ConnectionLimiter? = nil) {
        state = Mutex(State(model: model, faultPlan: faults))
        self.limiter = limiter
        self.maxQueued = maxQueued
        self.maxQueuedBytes = maxQueuedBytes
        self.logger = logger
    }

    /// One turn under the lock; what it asked of the channels goes to their loops at its end,
    /// still under the lock.
    private func locked<R>(_ body: (inout State) -> R) -> R {
        state.withLock { s in
            let r = body(&s)
            releaseAnnouncements(&s)
            s.outbox.dispatch()
            return r
        }
    }

    /// Room announcements the notice interval held (PEER-CHRM-014) go out once due: after any
    /// turn, and on a timer set for the earliest while one is held.
    private func releaseAnnouncements(_ s: inout State) {
        guard let due = s.model.nextAnnouncement else { return }
        let now = s.model.now
        if due <= now {
            perform(s.model.releaseAnnouncements(), &s)
        }
        guard !s.announcementTimerSet, let next = s.model.nextAnnouncement, let loop = s.sinks.first?.value.channel.eventLoop else { return }
        s.announcementTimerSet = true
        loop.scheduleTask(in: .milliseconds(max(1, next - now))) { [self] in
            locked { s in s.announcementTimerSet = false }
        }
    }

    // MARK: Inputs

    /// A WebSocket connection is ready: register it and answer with CONNACK.
    func open(_ channel: Channel, params: ConnectParams) -> ConnectionID {
        locked { s in
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
        locked { s in
            guard s.sinks[id]?.closing == false else { return }
            perform(s.model.receive(packet, from: id), &s)
        }
    }

    /// A transport-level violation: log it, then DISCONNECT (status CLOSURE) and a close frame
    /// with `code` (1002 protocol error, 1003 a text message, 1009 too big).
    func violation(_ id: ConnectionID, _ kind: PeerModel.Violation, _ detail: String, closeCode code: WebSocketErrorCode) {
        locked { s in
            guard s.sinks[id]?.closing == false else { return }
            s.model.recordViolation(id, kind: kind, detail: detail)
            logger.warning("conn#\(id) \(s.model.user(of: id) ?? "?") \(kind.rawValue): \(detail); DISCONNECT \(DisconnectStatus.closure), close \(Self.number(code))")
            disconnect(id, status: DisconnectStatus.closure, closeCode: code, &s)
        }
    }

    /// A WebSocket ping: the pong goes through the connection's queue like any packet, so a
    /// client that pings and never reads is cut at the same limits (PEER-HOSTILE-002).
    func pong(_ id: ConnectionID, payload: ByteBuffer) {
        locked { s in
            guard s.sinks[id]?.closing == false else { return }
            write(WebSocketFrame(fin: true, opcode: .pong, data: payload), to: id, releasingHeld: false, &s)
        }
    }

    /// No frame from the client for the idle timeout: close frame 1001, then TCP close.
    func idle(_ id: ConnectionID, after timeout: PeerDuration) {
        locked { s in
            guard let sink = s.sinks[id], !sink.closing else { return }
            s.sinks[id]!.closing = true
            transport.idleClosed.add(1, ordering: .relaxed)
            logger.info("conn#\(id) \(sink.user ?? "?") sent nothing for \(timeout): closed (1001)")
            let channel = sink.channel
            s.outbox.run(on: channel) { Self.closeGracefully(channel, code: .goingAway) }
        }
    }

    /// The connection failed at the transport (a reset, a broken pipe): an ordinary close, not
    /// a protocol violation, so no DISCONNECT and nothing counted as hostile.
    func transportError(_ id: ConnectionID, _ detail: String) {
        locked { s in
            guard let sink = s.sinks[id], !sink.closing else { return }
            s.sinks[id]!.closing = true
            logger.info("conn#\(id) \(sink.user ?? "?") connection error: \(detail); closed")
            let channel = sink.channel
            s.outbox.run(on: channel) { channel.close(promise: nil) }
        }
    }

    func closed(_ id: ConnectionID) {
        locked { s in
            s.sinks[id] = nil
            perform(s.model.disconnected(id), &s)
        }
    }

    /// The `/state` document. Only a copy of the model is taken under the lock (its storage is
    /// shared until the next write, which then copies what it changes); the document is built
    /// from the copy, so a large state never holds up the connections (PEER-HOSTILE-005).
    func snapshot(user: String?) -> JSONValue {
        let (model, plan, f, peak) = state.withLock { s in (s.model, s.faultPlan, s.faultCounts, s.peakQueuedBytes) }
        guard case .object(var o) = model.snapshot(user: user) else { return .null }
        o["faults"] = [
            "plan": .string(plan.description), "dropped": .number(JSONNumber(f.dropped)),
            "duplicated": .number(JSONNumber(f.duplicated)), "delayed": .number(JSONNumber(f.delayed)),
            "reordered": .number(JSONNumber(f.reordered)), "cut": .number(JSONNumber(f.cut)),
        ]
        if case .object(var stats)? = o["stats"] {
            stats["peakQueuedBytes"] = .number(JSONNumber(peak))
            // The peer process's CPU so far: peer-load --url reads it before and after a run.
            stats["cpuSeconds"] = .number(JSONNumber((CPUTime.process() * 1e6).rounded() / 1e6))
            let t = transport
            stats["requestTimeouts"] = .number(JSONNumber(t.requestTimeouts.load(ordering: .relaxed)))
            stats["idleClosed"] = .number(JSONNumber(t.idleClosed.load(ordering: .relaxed)))
            stats["badHandshakes"] = .number(JSONNumber(t.badHandshakes.load(ordering: .relaxed)))
            stats["badRequests"] = .number(JSONNumber(t.badRequests.load(ordering: .relaxed)))
            if let limiter {
                let c = limiter.counts
                stats["openConnections"] = .number(JSONNumber(c.open))
                stats["connectionsEvicted"] = .number(JSONNumber(c.evicted))
                stats["connectionsRefusedAtLimit"] = .number(JSONNumber(c.refused))
            }
            o["stats"] = .object(stats)
        }
        return .object(o)
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

    /// Starts over with a new model: every connection is closed. The old model is released
    /// after the lock (a million users take a while to free).
    func reset(_ model: PeerModel) {
        var model = model
        let old = locked { s in
            for (_, sink) in s.sinks {
                let channel = sink.channel
                s.outbox.run(on: channel) { channel.close(promise: nil) }
            }
            s.sinks = [:]
            model.maxReplyBytes = s.model.maxReplyBytes
            swap(&s.model, &model)
            s.faultCounts = FaultCounts()
            return model
        }
        _ = old
    }

    /// After the clock moved (`POST /control/advance`): what retention expired goes, and as in any
    /// turn, room announcements that came due are made (PEER-CHRM-014).
    func compact() { locked { $0.model.compact() } }

    /// A control that changes the model and may send packets (`POST /control/chatroom/…`):
    /// the outputs are performed under the lock like a client's; a refusal changes nothing.
    func control(_ change: (inout PeerModel) -> Result<[PeerOutput], ChatroomControlRefusal>) -> ChatroomControlRefusal? {
        locked { s in
            switch change(&s.model) {
            case .success(let outputs):
                perform(outputs, &s)
                return nil
            case .failure(let refusal):
                return refusal
            }
        }
    }

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
                // CLOSURE ends a connection for what it sent (a violation the model found): 1002.
                disconnect(id, status: status, closeCode: status == DisconnectStatus.closure ? .protocolError : .normalClosure, &s)
            case .close(let id):
                guard let sink = s.sinks[id], !sink.closing else { continue }
                s.sinks[id]!.closing = true
                let channel = sink.channel
                s.outbox.run(on: channel) { Self.closeGracefully(channel, code: .normalClosure) }
            }
        }
    }

    /// DISCONNECT with `status`, a close frame with `code`, then the TCP close.
    private func disconnect(_ id: ConnectionID, status: UInt8, closeCode code: WebSocketErrorCode, _ s: inout State) {
        guard let sink = s.sinks[id], !sink.closing else { return }
        let bytes = (try? Packet(.disconnect(.init(status: status)), retain: true).encoded()) ?? []
        s.sinks[id]!.closing = true
        let channel = sink.channel
        let frame = WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(bytes: bytes))
        s.outbox.run(on: channel) {
            channel.write(frame, promise: nil)
            Self.closeGracefully(channel, code: code)
        }
    }

    /// A WebSocket close frame with `code`, then the TCP close once it is written.
    static func closeGracefully(_ channel: Channel, code: WebSocketErrorCode) {
        var data = ByteBuffer()
        data.write(webSocketErrorCode: code)
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    /// The number of a close code, for log lines.
    static func number(_ code: WebSocketErrorCode) -> UInt16 {
        var b = ByteBuffer()
        b.write(webSocketErrorCode: code)
        return b.readInteger(as: UInt16.self) ?? 0
    }

    /// Queues `frame` (and a packet the reorder fault held back, unless `releasingHeld` is
    /// false) within the connection's limits, or cuts a connection that does not read.
    private func write(_ frame: WebSocketFrame, to id: ConnectionID, releasingHeld: Bool = true, _ s: inout State) {
        guard let sink = s.sinks[id], !sink.closing else { return }
        let queued = sink.queued
        var frames = [frame]
        if releasingHeld, let held = sink.held {
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
            s.outbox.run(on: channel) { channel.close(promise: nil) }
            return
        }
        queued.packets.wrappingAdd(frames.count, ordering: .relaxed)
        let now = queued.bytes.wrappingAdd(size, ordering: .relaxed).newValue
        if now > s.peakQueuedBytes { s.peakQueuedBytes = now }
        // Always through the loops' task queues, never inline: tasks run in the order they are
        // enqueued, and enqueueing happens under the lock, so every connection gets its packets
        // in model order; and nothing NIO does inline can re-enter the lock.
        s.outbox.write(frames, to: sink.channel, counter: queued)
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
                locked { s in self.write(frame, to: id, &s) }
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
                locked { s in
                    guard let held = s.sinks[id]?.held, held.token == token else { return }
                    s.sinks[id]!.held = nil
                    self.write(held.frame, to: id, &s)
                }
            }
        case .cut:
            s.faultCounts.cut += 1
            s.sinks[id]!.closing = true
            logger.info("conn#\(id) fault: connection cut")
            s.outbox.run(on: channel) { channel.close(promise: nil) }
        }
    }
}
