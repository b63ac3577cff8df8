// Sources/RongProxy/Relay/RelaySession.swift - one relayed connection: its two channels on one event loop, its log and its end

import NIOCore
import NIOWebSocket
import RongCapture
import RongEnvelope
import RongPeer

/// One connection through the proxy: the client's channel and the upstream's, both on one event
/// loop (the upstream is opened on the client's loop), so everything here runs on that loop
/// and needs no lock. It logs the connection's `open` line, its frames in the order they are
/// read, and its `close` line, and ends both sides together.
final class RelaySession {
    let id: Int
    let log: ProxyLog
    let counters: ProxyCounters
    let loop: EventLoop
    let idleTimeout: PeerDuration
    /// The most bytes held for a side that is not connected yet.
    let maxHeldBytes: Int
    /// The connection as logged (set when both sides are up).
    var info: CapturedConnection?

    private(set) var client: RelayHandler?
    private(set) var server: RelayHandler?
    /// Frames the upstream sent before the client's side was up: (read time, frame).
    private var held: [(Double, WebSocketFrame)] = []
    private var heldBytes = 0
    private var ended = false
    private var lastFrame: NIODeadline
    private var idleTask: Scheduled<Void>?

    init(id: Int, log: ProxyLog, counters: ProxyCounters, loop: EventLoop, idleTimeout: PeerDuration, maxHeldBytes: Int) {
        self.id = id
        self.log = log
        self.counters = counters
        self.loop = loop
        self.idleTimeout = idleTimeout
        self.maxHeldBytes = maxHeldBytes
        lastFrame = loop.now
    }

    /// The handler that writes to `side` (the one whose channel is that side's connection).
    func handler(toward side: Side) -> RelayHandler? { side == .client ? client : server }

    func attach(_ handler: RelayHandler) {
        if handler.side == .client { client = handler } else { server = handler }
    }

    /// Both sides are up: logs `open`, then what the upstream sent meanwhile, and starts relaying.
    func start(_ connection: CapturedConnection) {
        guard !ended else {
            client?.closeAfterWrites()
            return
        }
        info = connection
        log.record(open: connection)
        counters.connections.add(1, ordering: .relaxed)
        let early = held
        held = []
        heldBytes = 0
        for (time, frame) in early { relay(frame, from: .server, time: time) }
        client?.flush()
        scheduleIdleCheck(at: loop.now + .milliseconds(idleTimeout.milliseconds))
    }

    /// A frame read from `side`: logged, then written toward the other side (masked toward the
    /// upstream, as a client must; the payload unchanged).
    func relay(_ frame: WebSocketFrame, from side: Side, time: Double) {
        guard !ended else {
            // Read after the end (the other side is gone): logged, so the log has every frame read.
            if info != nil { log(frame, from: side, time: time, relayed: false) }
            return
        }
        lastFrame = loop.now
        guard info != nil, let target = handler(toward: side == .client ? .server : .client) else {
            // Only the upstream can speak before the client's side is up (its CONNACK).
            heldBytes += frame.data.readableBytes
            if heldBytes > maxHeldBytes {
                end(by: "proxy", reason: "the upstream sent more than \(maxHeldBytes) bytes before the client's upgrade completed")
                return
            }
            held.append((time, frame))
            return
        }
        let payload = log(frame, from: side, time: time, relayed: true)
        counters.count(frame: payload.readableBytes, from: side)
        let out = WebSocketFrame(
            fin: frame.fin, rsv1: frame.rsv1, rsv2: frame.rsv2, rsv3: frame.rsv3, opcode: frame.opcode,
            maskKey: side == .client ? .random() : nil, data: payload)
        target.write(out)
    }

    /// Hands the frame to the log; returns its payload, unmasked.
    @discardableResult
    private func log(_ frame: WebSocketFrame, from side: Side, time: Double, relayed: Bool) -> ByteBuffer {
        let payload = frame.unmaskedData
        log.record(frame: LoggedFrame(
            time: time, connection: id, from: side, opcode: CaptureOpcode(rawValue: UInt8(webSocketOpcode: frame.opcode)), fin: frame.fin,
            payload: payload, relayed: relayed))
        return payload
    }

    /// One side's connection closed (`by` names it): the other is closed once what was written
    /// to it has gone out.
    func closed(_ side: Side) {
        end(by: side == .client ? "client" : "server", reason: "")
    }

    /// Ends the connection once: logs `close` and closes both sides after their pending writes.
    func end(by: String, reason: String) {
        guard !ended else { return }
        ended = true
        idleTask?.cancel()
        idleTask = nil
        if let info { log.record(close: info.id, time: ProxyClock.now(), by: by, reason: reason) }
        client?.closeAfterWrites()
        server?.closeAfterWrites()
    }

    var isEnded: Bool { ended }

    /// The idle timer, moved lazily: a frame only records its time.
    private func scheduleIdleCheck(at deadline: NIODeadline) {
        guard idleTimeout > .zero else { return }
        let limit = TimeAmount.milliseconds(idleTimeout.milliseconds)
        idleTask = loop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            let due = lastFrame + limit
            if loop.now < due {
                scheduleIdleCheck(at: due)
                return
            }
            end(by: "proxy", reason: "no frame either way for \(idleTimeout)")
        }
    }
}
