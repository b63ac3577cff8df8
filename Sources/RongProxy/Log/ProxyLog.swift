// Sources/RongProxy/Log/ProxyLog.swift - the proxy's log: a bounded queue the relay never waits on, decoded and written on a thread of its own

import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import RongCapture
import RongCodec
import RongEnvelope
import RongSupport

/// Where log lines go, and in which form.
public struct ProxyLogOutput: Sendable {
    /// The form of the lines.
    public enum Format: String, Sendable, CaseIterable {
        /// One JSON object per line (``CaptureLog``, ``DecodedFrame/jsonValue()``).
        case json
        /// One line of text per frame (``DecodedFrame/textLine()``).
        case text
    }

    /// The form.
    public var format: Format
    /// Writes bytes (whole lines), on the log's thread; it may block: the relay does not wait.
    public var write: @Sendable ([UInt8]) -> Void

    /// An output.
    public init(format: Format, write: @escaping @Sendable ([UInt8]) -> Void) {
        self.format = format
        self.write = write
    }

    /// Lines written to a file descriptor (retrying short writes).
    public static func fileDescriptor(_ fd: Int32, format: Format) -> ProxyLogOutput {
        ProxyLogOutput(format: format) { bytes in _ = FileIO.write(bytes, to: fd) }
    }
}

/// What the log did: frames written, and frames (with their bytes) dropped because it fell
/// behind.
public struct ProxyLogCounts: Sendable, Hashable {
    /// Frames decoded and written.
    public var written = 0
    /// Frames dropped (relayed, not logged).
    public var dropped = 0
    /// The payload bytes of those.
    public var droppedBytes = 0
}

/// The proxy's log. The relay hands it each frame as it passes (``record(frame:)``, on the
/// event loop): the frame is queued if the queue holds less than `bufferBytes`, and dropped and
/// counted otherwise, so a slow output (a full disk, a terminal scrolling) never stalls the
/// relay past that buffer. A thread of its own takes the queue in batches, decodes each frame
/// with a ``CaptureDecoder`` (per connection: its user, its QUERY topics, its protocol version)
/// and writes the lines to every output. Where frames were dropped, a `dropped` line says how
/// many. Connection events (`open`, `close`) are never dropped.
public final class ProxyLog: Sendable {
    private let queue: LogQueue
    private let outputs: [ProxyLogOutput]
    private let registry: ContentRegistry
    private let pool: NIOThreadPool
    /// Set once the writer returned.
    private let stopped = ConditionLock(value: 0)

    /// A log writing to `outputs`, holding at most `bufferBytes` of frames not yet written.
    public init(outputs: [ProxyLogOutput], bufferBytes: Int = 64 << 20, registry: ContentRegistry = .builtIn) {
        queue = LogQueue(limit: max(0, bufferBytes))
        self.outputs = outputs
        self.registry = registry
        pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        pool.submit { [self] _ in
            run()
            stopped.lock()
            stopped.unlock(withValue: 1)
        }
    }

    /// Frames written and dropped so far.
    public var counts: ProxyLogCounts { queue.counts }

    /// Writes what is queued, then stops the writer; later records are dropped. Blocks until the
    /// last line is written.
    public func finish() {
        queue.finish()
        stopped.lock(whenValue: 1)
        stopped.unlock()
        try? pool.syncShutdownGracefully()
    }

    func record(open connection: CapturedConnection) {
        queue.push(.open(connection), bytes: 0, droppable: false)
    }

    func record(frame: LoggedFrame) {
        queue.push(.frame(frame), bytes: frame.payload.readableBytes, droppable: true)
    }

    func record(close connection: Int, time: Double, by: String, reason: String) {
        queue.push(.close(connection, time, by, reason), bytes: 0, droppable: false)
    }

    private func run() {
        var decoder = CaptureDecoder(registry: registry)
        while true {
            let (items, bytes, finished) = queue.take()
            var json: [UInt8] = []
            var text: [UInt8] = []
            let wantsJSON = outputs.contains { $0.format == .json }
            let wantsText = outputs.contains { $0.format == .text }
            var frames = 0
            func emit(_ value: @autoclosure () -> JSONValue, _ line: @autoclosure () -> String) {
                if wantsJSON {
                    json += (try? value().canonicalBytes()) ?? Array(#"{"event":"unwritable"}"#.utf8)
                    json.append(0x0A)
                }
                if wantsText {
                    text += Array(line().utf8)
                    text.append(0x0A)
                }
            }
            for item in items {
                switch item {
                case .open(let c):
                    decoder.open(c)
                    emit(CaptureLog.openLine(c), Self.openText(c))
                case .frame(let f):
                    var d = decoder.decode(f.captured)
                    if !f.relayed { d.note = "not relayed: the other side's connection had ended" }
                    frames += 1
                    emit(d.jsonValue(), d.textLine())
                case .close(let id, let time, let by, let reason):
                    decoder.close(id)
                    emit(CaptureLog.closeLine(connection: id, time: time, by: by, reason: reason),
                         "\(CaptureTime.clock(time)) #\(id) closed by the \(by)\(reason.isEmpty ? "" : ": \(reason)")")
                case .dropped(let n, let b, let time):
                    emit(CaptureLog.droppedLine(time: time, frames: n, bytes: b),
                         "\(CaptureTime.clock(time)) the log fell behind: \(n) frame\(n == 1 ? "" : "s") (\(b) bytes) relayed but not logged")
                }
            }
            for o in outputs {
                let bytes = o.format == .json ? json : text
                if !bytes.isEmpty { o.write(bytes) }
            }
            queue.done(bytes: bytes, written: frames)
            if finished { return }
        }
    }

    /// `08:45:14.120 #1 open /websocket appId=k sdkVer=5.9.0 token=alice-… → ws://127.0.0.1:8900`.
    static func openText(_ c: CapturedConnection) -> String {
        let query = c.query.keys.sorted().map { key -> String in
            let v = c.query[key]!
            // The token is a credential: the JSON log keeps it, a terminal shows its start.
            return key == "token" && v.count > 8 ? "\(key)=\(v.prefix(6))…" : "\(key)=\(v)"
        }
        return "\(CaptureTime.clock(c.time)) #\(c.id) open \(c.path) \(query.joined(separator: " ")) → \(c.upstream ?? "?")"
    }
}

/// A frame as the relay read it: the payload stays in NIO's buffer (no copy on the event loop)
/// until the log's thread decodes it.
struct LoggedFrame: Sendable {
    var time: Double
    var connection: Int
    var from: Side
    var opcode: CaptureOpcode
    var fin: Bool
    var payload: ByteBuffer
    /// False for a frame read after the other side had gone: logged, not relayed.
    var relayed = true

    var captured: CapturedFrame {
        CapturedFrame(time: time, connection: connection, from: from, opcode: opcode, fin: fin, payload: Array(payload.readableBytesView))
    }
}

/// The queue between the relay and the log's thread. Every member is read and written under
/// `condition` (whose value is 1 while there is something to take or the log is finishing).
final class LogQueue: @unchecked Sendable {
    enum Item: Sendable {
        case open(CapturedConnection)
        case frame(LoggedFrame)
        case close(Int, Double, String, String)
        case dropped(Int, Int, Double)
    }

    private let condition = ConditionLock(value: 0)
    private var items: [Item] = []
    /// Frame bytes queued or being written.
    private var held = 0
    /// Drops since the last `dropped` item.
    private var pendingDrops = (frames: 0, bytes: 0)
    private var totals = ProxyLogCounts()
    private var finishing = false
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// The condition's value: 1 while there is something to take or the log is finishing (read
    /// under the lock; `ConditionLock.value` would take it again).
    private var signal: Int { !items.isEmpty || finishing ? 1 : 0 }

    var counts: ProxyLogCounts {
        condition.lock()
        defer { condition.unlock(withValue: signal) }
        return totals
    }

    /// Queues `item`, or drops it when it is droppable and would take the held bytes past the limit.
    func push(_ item: Item, bytes: Int, droppable: Bool) {
        condition.lock()
        if finishing || (droppable && held + bytes > limit) {
            if droppable {
                pendingDrops.frames += 1
                pendingDrops.bytes += bytes
                totals.dropped += 1
                totals.droppedBytes += bytes
            }
            condition.unlock(withValue: signal)
            return
        }
        if pendingDrops.frames > 0 {
            items.append(.dropped(pendingDrops.frames, pendingDrops.bytes, ProxyClock.now()))
            pendingDrops = (0, 0)
        }
        items.append(item)
        held += bytes
        condition.unlock(withValue: signal)
    }

    /// Waits for items (or the end) and takes them all, with the bytes they hold; `finished` when
    /// the log is finishing and nothing is left after these.
    func take() -> (items: [Item], bytes: Int, finished: Bool) {
        condition.lock(whenValue: 1)
        var batch = items
        items = []
        if finishing && pendingDrops.frames > 0 {
            batch.append(.dropped(pendingDrops.frames, pendingDrops.bytes, ProxyClock.now()))
            pendingDrops = (0, 0)
        }
        let bytes = held
        let finished = finishing
        // Signalled while finishing, so a writer's next take returns at once.
        condition.unlock(withValue: signal)
        return (batch, bytes, finished)
    }

    /// The writer finished a batch: its bytes are free, its frames written.
    func done(bytes: Int, written: Int) {
        condition.lock()
        held -= bytes
        totals.written += written
        condition.unlock(withValue: signal)
    }

    /// Nothing more is queued; the writer takes what is left and stops.
    func finish() {
        condition.lock()
        finishing = true
        condition.unlock(withValue: 1)
    }
}
