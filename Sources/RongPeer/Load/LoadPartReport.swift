// Sources/RongPeer/Load/LoadPartReport.swift - what one generator process of a private-message load
// run saw, as data and as the versioned JSON `peer-load --report` writes and `peer-load merge` reads

import RongCodec

/// What one generator process of a private-message load run sent and what its receivers surfaced:
/// the raw material of the run's checks, so that `rongwire peer-load merge` can add the parts of a
/// distributed run (`--run-id ID --part I/N`) and check loss, duplicates and misdelivery across all
/// of them. A single run's ``LoadReport`` is the merge of its one part.
///
/// Times are the part's clock: wall-clock nanoseconds when the run has a `--run-id` (comparable
/// across machines as far as their clocks are synchronised), monotonic ones otherwise.
public struct LoadPartReport: Sendable, Equatable {
    /// The `format` member of the JSON form.
    public static let format = "rongwire-peer-load-part"
    /// The version of the JSON form this build writes and reads.
    public static let version = 1

    /// One message sent: `load<sender>`'s `seq`-th message, to `load<receiver>`.
    public struct Sent: Sendable, Hashable {
        public var sender: Int
        public var seq: Int
        public var receiver: Int
    }

    /// One message surfaced at `load<receiver>`'s app, `count` times (after the client's dedup).
    public struct Received: Sendable, Hashable {
        public var receiver: Int
        public var sender: Int
        public var seq: Int
        public var count: Int
    }

    /// A counter of the peer read at the start and at the end of the part (from `/state`, or the
    /// in-process peer): the parts' samples of one peer give the run's share as the latest end
    /// less the earliest start.
    public struct Span<Value: Sendable & Equatable>: Sendable, Equatable {
        public var start: Value
        public var end: Value
    }

    /// The run's id.
    public var run: String
    /// Which part this is.
    public var part: LoadPart
    /// Clients of the whole run (all parts).
    public var clients: Int
    /// Messages of the whole run (all parts).
    public var messages: Int
    /// The seed of the traffic pattern (all parts use the same).
    public var seed: UInt64
    /// Whether the times are wall-clock nanoseconds (else monotonic).
    public var wallClock: Bool
    /// The part's first send, its last PUBACK and its receivers' last delivery, in the part's
    /// clock; 0 when there was none.
    public var firstSend: UInt64 = 0
    /// See ``firstSend``.
    public var lastAck: UInt64 = 0
    /// See ``firstSend``.
    public var lastDelivery: UInt64 = 0
    /// Sends answered with PUBACK status 0.
    public var acked = 0
    /// Sends that failed or were refused.
    public var failedSends = 0
    /// Copies the part's clients dropped by UID.
    public var copiesDeduplicated = 0
    /// Times the part's clients connected again after a cut.
    public var reconnects = 0
    /// Messages of other runs the part's clients surfaced (ignored).
    public var otherRuns = 0
    /// Whether the peer injected faults.
    public var faultsInjected = false
    /// CPU seconds the generator process used (less an in-process peer).
    public var generatorCPUSeconds = 0.0
    /// The peer's CPU seconds (its event loops in-process, its process's from `/state`).
    public var peerCPUSeconds: Span<Double>?
    /// The peer's fault counts.
    public var peerFaults: Span<FaultCounts>?
    /// Resends the peer answered with the first PUBACK.
    public var resendsDeduplicated: Span<Int>?
    /// Every message the part sent.
    public var sent: [Sent] = []
    /// Every message of the run the part's receivers surfaced.
    public var received: [Received] = []
    /// End-to-end latencies measured at the part's receivers.
    var latency = LatencyHistogram()
    /// PUBACK latencies of the part's sends.
    var ack = LatencyHistogram()

    /// An empty part.
    public init(run: String, part: LoadPart, clients: Int, messages: Int, seed: UInt64, wallClock: Bool) {
        self.run = run
        self.part = part
        self.clients = clients
        self.messages = messages
        self.seed = seed
        self.wallClock = wallClock
    }

    public static func == (a: LoadPartReport, b: LoadPartReport) -> Bool {
        a.run == b.run && a.part == b.part && a.clients == b.clients && a.messages == b.messages && a.seed == b.seed
            && a.wallClock == b.wallClock && a.firstSend == b.firstSend && a.lastAck == b.lastAck && a.lastDelivery == b.lastDelivery
            && a.acked == b.acked && a.failedSends == b.failedSends && a.copiesDeduplicated == b.copiesDeduplicated
            && a.reconnects == b.reconnects && a.otherRuns == b.otherRuns && a.faultsInjected == b.faultsInjected
            && a.generatorCPUSeconds == b.generatorCPUSeconds && a.peerCPUSeconds == b.peerCPUSeconds && a.peerFaults == b.peerFaults
            && a.resendsDeduplicated == b.resendsDeduplicated && a.sent == b.sent && a.received == b.received
            && a.latency.buckets.elementsEqual(b.latency.buckets, by: ==) && a.ack.buckets.elementsEqual(b.ack.buckets, by: ==)
    }
}

// MARK: - JSON

extension LoadPartReport {
    /// The largest part report read: 256 MB, a few million messages.
    public static let byteLimit = 256 << 20
    /// The most messages a run written as parts may have.
    public static let maxMessages = 10_000_000
    /// The most clients a run written as parts may have.
    public static let maxClients = 1_000_000

    /// The members every part report opens with, private or live-room: what identifies the run
    /// and the part, and the clock its times are on.
    static func writeHeader(_ w: inout JSONWriter, mode: String, run: String, part: LoadPart, clients: Int, messages: Int, seed: UInt64, wallClock: Bool) {
        w.field("format", format)
        w.field("version", Int64(version))
        w.field("mode", mode)
        w.field("run", run)
        w.field("part", Int64(part.index))
        w.field("parts", Int64(part.count))
        w.field("clients", Int64(clients))
        w.field("messages", Int64(messages))
        w.key("seed")
        try? w.number(JSONNumber(seed))
        w.field("clock", wallClock ? "wall" : "monotonic")
    }

    /// The JSON form (compact; one array per message).
    public func json() -> [UInt8] {
        var w = JSONWriter(reservingCapacity: 256 + (sent.count + received.count) * 20)
        w.beginObject()
        Self.writeHeader(&w, mode: "private", run: run, part: part, clients: clients, messages: messages, seed: seed, wallClock: wallClock)
        w.field("firstSendNanos", Int64(clamping: firstSend))
        w.field("lastAckNanos", Int64(clamping: lastAck))
        w.field("lastDeliveryNanos", Int64(clamping: lastDelivery))
        w.field("acked", Int64(acked))
        w.field("failedSends", Int64(failedSends))
        w.field("copiesDeduplicated", Int64(copiesDeduplicated))
        w.field("reconnects", Int64(reconnects))
        w.field("otherRuns", Int64(otherRuns))
        w.field("faultsInjected", faultsInjected)
        w.key("generatorCPUSeconds")
        try? w.double(generatorCPUSeconds)
        Self.writeSpans(&w, cpu: peerCPUSeconds, faults: peerFaults)
        if let r = resendsDeduplicated {
            w.key("resendsDeduplicated")
            w.beginObject()
            w.field("start", Int64(r.start))
            w.field("end", Int64(r.end))
            w.endObject()
        }
        func rows(_ name: StaticString, _ items: some Sequence<[Int64]>) {
            w.key(name)
            w.beginArray()
            for row in items {
                w.beginArray()
                for v in row { w.int(v) }
                w.endArray()
            }
            w.endArray()
        }
        rows("sent", sent.lazy.map { [Int64($0.sender), Int64($0.seq), Int64($0.receiver)] })
        rows("received", received.lazy.map { [Int64($0.receiver), Int64($0.sender), Int64($0.seq), Int64($0.count)] })
        rows("latency", latency.buckets.lazy.map { [Int64($0.nanos), Int64(clamping: $0.count)] })
        rows("ack", ack.buckets.lazy.map { [Int64($0.nanos), Int64(clamping: $0.count)] })
        w.endObject()
        return w.bytes + [0x0A]
    }

    static func faultFields(_ f: FaultCounts) -> [(String, Int)] {
        [("dropped", f.dropped), ("duplicated", f.duplicated), ("delayed", f.delayed), ("reordered", f.reordered), ("cut", f.cut)]
    }

    /// What is wrong with a part report.
    public enum ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Larger than ``byteLimit``.
        case tooLarge(bytes: Int)
        /// Not JSON (the codec's error).
        case notJSON(String)
        /// Not a part report at all.
        case notAPartReport
        /// A part report of another version of RongWire.
        case unsupportedVersion(Int)
        /// A part of another mode than the reader takes (`LoadPartReport(json:)` reads `private`,
        /// ``LoadPartFile`` `private` and `chatroom`).
        case unsupportedMode(String)
        /// A member is missing or out of range: its JSON path and what was expected.
        case invalid(path: String, expected: String)

        /// A stable code for the error.
        public var code: String {
            switch self {
            case .tooLarge: "tooLarge"
            case .notJSON: "notJSON"
            case .notAPartReport: "notAPartReport"
            case .unsupportedVersion: "unsupportedVersion"
            case .unsupportedMode: "unsupportedMode"
            case .invalid: "invalidReport"
            }
        }

        public var description: String {
            switch self {
            case let .tooLarge(n): "\(n) bytes, more than the \(LoadPartReport.byteLimit >> 20) MB a part report may have"
            case let .notJSON(e): "not JSON: \(e)"
            case .notAPartReport: "not a peer-load part report (no \"format\": \"\(LoadPartReport.format)\")"
            case let .unsupportedVersion(v): "part report version \(v); this rongwire reads version \(LoadPartReport.version)"
            case let .unsupportedMode(m): "a part report of mode \(m) where another was expected (peer-load merge adds private and chatroom runs' parts)"
            case let .invalid(path, expected): "\(path): expected \(expected)"
            }
        }
    }

    /// Reads the JSON form (hostile input: size, depth, every number's range checked); a
    /// chatroom run's part is refused with ``ReadError/unsupportedMode(_:)`` (read it with
    /// ``LoadPartFile``).
    public init(json bytes: [UInt8]) throws(ReadError) {
        let (o, mode) = try Self.parse(bytes)
        guard mode == "private" else { throw .unsupportedMode(mode) }
        try self.init(object: o)
    }

    /// The top object of a part report of either mode, with its `mode`: size, JSON, format and
    /// version checked.
    static func parse(_ bytes: [UInt8]) throws(ReadError) -> (JSONObject, mode: String) {
        guard bytes.count <= Self.byteLimit else { throw .tooLarge(bytes: bytes.count) }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes, options: DecodingOptions(maxContentBytes: Self.byteLimit, maxDepth: 8, mode: .strict))
        } catch {
            throw .notJSON("\(error)")
        }
        guard case .object(let o) = value, case .string(Self.format)? = o["format"] else { throw .notAPartReport }
        let version = try Self.int(o, "version", max: Int64(Int32.max))
        guard version == Self.version else { throw .unsupportedVersion(version) }
        let mode = try Self.string(o, "mode")
        guard mode == "private" || mode == "chatroom" else { throw .unsupportedMode(mode) }
        return (o, mode)
    }

    /// The members both modes share: run, part, clients, messages, seed and clock.
    static func header(_ o: JSONObject, maxMessages: Int) throws(ReadError) -> (run: String, part: LoadPart, clients: Int, messages: Int, seed: UInt64, wallClock: Bool) {
        let run = try Self.string(o, "run")
        // A random run id (8 hex digits) is a valid one too.
        guard LoadRunID.isValid(run) else {
            throw .invalid(path: "$.run", expected: "a run id (1 to 32 letters, digits, - or _)")
        }
        let count = try Self.int(o, "parts", max: Int64(LoadPart.maxCount))
        let index = try Self.int(o, "part", max: Int64(LoadPart.maxCount))
        guard let part = LoadPart(index: index, count: count) else { throw .invalid(path: "$.part", expected: "1...parts") }
        let clients = try Self.int(o, "clients", max: Int64(Self.maxClients))
        guard clients >= 2 else { throw .invalid(path: "$.clients", expected: "at least 2") }
        let messages = try Self.int(o, "messages", max: Int64(maxMessages))
        guard case .number(let seedNumber)? = o["seed"], let seed = Self.uint64(seedNumber) else {
            throw .invalid(path: "$.seed", expected: "a whole number, 0 or more")
        }
        let clock = try Self.string(o, "clock")
        guard clock == "wall" || clock == "monotonic" else { throw .invalid(path: "$.clock", expected: "wall or monotonic") }
        return (run, part, clients, messages, seed, clock == "wall")
    }

    /// The peer's counters a part sampled, when present.
    static func spans(_ o: JSONObject) throws(ReadError) -> (cpu: Span<Double>?, faults: Span<FaultCounts>?) {
        var cpu: Span<Double>?, faults: Span<FaultCounts>?
        if let c = o["peerCPUSeconds"] {
            guard case .object(let s) = c else { throw .invalid(path: "$.peerCPUSeconds", expected: "an object") }
            cpu = Span(start: try Self.seconds(s, "start", at: "$.peerCPUSeconds"), end: try Self.seconds(s, "end", at: "$.peerCPUSeconds"))
        }
        if let v = o["peerFaults"] {
            guard case .object(let s) = v else { throw .invalid(path: "$.peerFaults", expected: "an object") }
            func counts(_ key: String) throws(ReadError) -> FaultCounts {
                guard case .object(let c)? = s[key] else { throw .invalid(path: "$.peerFaults.\(key)", expected: "an object") }
                var f = FaultCounts()
                f.dropped = try Self.int(c, "dropped", at: "$.peerFaults.\(key)")
                f.duplicated = try Self.int(c, "duplicated", at: "$.peerFaults.\(key)")
                f.delayed = try Self.int(c, "delayed", at: "$.peerFaults.\(key)")
                f.reordered = try Self.int(c, "reordered", at: "$.peerFaults.\(key)")
                f.cut = try Self.int(c, "cut", at: "$.peerFaults.\(key)")
                return f
            }
            faults = Span(start: try counts("start"), end: try counts("end"))
        }
        return (cpu, faults)
    }

    /// Writes the peer's counters a part sampled.
    static func writeSpans(_ w: inout JSONWriter, cpu: Span<Double>?, faults: Span<FaultCounts>?) {
        if let c = cpu {
            w.key("peerCPUSeconds")
            w.beginObject()
            w.key("start"); try? w.double(c.start)
            w.key("end"); try? w.double(c.end)
            w.endObject()
        }
        if let f = faults {
            w.key("peerFaults")
            w.beginObject()
            for (name, counts) in [("start", f.start), ("end", f.end)] {
                w.key(name)
                w.beginObject()
                for (k, v) in Self.faultFields(counts) { w.key(k); w.int(Int64(v)) }
                w.endObject()
            }
            w.endObject()
        }
    }

    /// A latency histogram written as its buckets, `[[nanos, count], …]`.
    static func histogram(_ o: JSONObject, _ key: String) throws(ReadError) -> LatencyHistogram {
        var h = LatencyHistogram()
        for (n, r) in try Self.rows(o, key, width: 2, limit: LatencyHistogram.maxBuckets).enumerated() {
            guard r[1] >= 1, r[1] <= Int64(Self.maxMessages) * 4 else { throw .invalid(path: "$.\(key)[\(n)]", expected: "[nanos, count] with count 1 or more") }
            h.record(UInt64(r[0]), count: UInt64(r[1]))
        }
        return h
    }

    /// A private-message run's part from its top object.
    init(object o: JSONObject) throws(ReadError) {
        let h = try Self.header(o, maxMessages: Self.maxMessages)
        let (run, part, clients, messages, seed) = (h.run, h.part, h.clients, h.messages, h.seed)
        self.init(run: run, part: part, clients: clients, messages: messages, seed: seed, wallClock: h.wallClock)
        firstSend = UInt64(try Self.int64(o, "firstSendNanos"))
        lastAck = UInt64(try Self.int64(o, "lastAckNanos"))
        lastDelivery = UInt64(try Self.int64(o, "lastDeliveryNanos"))
        acked = try Self.int(o, "acked", max: Int64(messages))
        failedSends = try Self.int(o, "failedSends", max: Int64(messages))
        copiesDeduplicated = try Self.int(o, "copiesDeduplicated")
        reconnects = try Self.int(o, "reconnects")
        otherRuns = try Self.int(o, "otherRuns")
        guard case .bool(let f)? = o["faultsInjected"] else { throw .invalid(path: "$.faultsInjected", expected: "true or false") }
        faultsInjected = f
        generatorCPUSeconds = try Self.seconds(o, "generatorCPUSeconds", at: "$")
        (peerCPUSeconds, peerFaults) = try Self.spans(o)
        if let v = o["resendsDeduplicated"] {
            guard case .object(let s) = v else { throw .invalid(path: "$.resendsDeduplicated", expected: "an object") }
            resendsDeduplicated = Span(start: try Self.int(s, "start", at: "$.resendsDeduplicated"), end: try Self.int(s, "end", at: "$.resendsDeduplicated"))
        }
        let maxClient = Int64(clients - 1), maxSeq = Int64(messages)
        let sentRows = try Self.rows(o, "sent", width: 3, limit: messages)
        sent.reserveCapacity(sentRows.count)
        for (n, r) in sentRows.enumerated() {
            guard r[0] <= maxClient, r[1] < maxSeq, r[2] <= maxClient else {
                throw .invalid(path: "$.sent[\(n)]", expected: "[sender, seq, receiver] with users below clients and seq below messages")
            }
            sent.append(Sent(sender: Int(r[0]), seq: Int(r[1]), receiver: Int(r[2])))
        }
        // A receiver surfaces at most every message once more than the run has, misdelivered ones included.
        let receivedRows = try Self.rows(o, "received", width: 4, limit: 2 * messages)
        received.reserveCapacity(receivedRows.count)
        for (n, r) in receivedRows.enumerated() {
            guard r[0] <= maxClient, r[1] <= maxClient, r[2] < maxSeq, r[3] >= 1, r[3] <= 1_000_000 else {
                throw .invalid(path: "$.received[\(n)]", expected: "[receiver, sender, seq, count] with users below clients, seq below messages, count 1...1000000")
            }
            received.append(Received(receiver: Int(r[0]), sender: Int(r[1]), seq: Int(r[2]), count: Int(r[3])))
        }
        latency = try Self.histogram(o, "latency")
        ack = try Self.histogram(o, "ack")
    }

    static func string(_ o: JSONObject, _ key: String) throws(ReadError) -> String {
        guard case .string(let s)? = o[key], s.utf8.count <= 64 else { throw .invalid(path: "$.\(key)", expected: "a short string") }
        return s
    }

    static func uint64(_ n: JSONNumber) -> UInt64? {
        if let i = n.int64Value { return i >= 0 ? UInt64(i) : nil }
        guard n.isIntegral, n.doubleValue >= 0, n.doubleValue < 18_446_744_073_709_551_616 else { return nil }
        return UInt64(n.description)
    }

    static func int64(_ o: JSONObject, _ key: String, at: String = "$") throws(ReadError) -> Int64 {
        guard case .number(let n)? = o[key], let i = n.int64Value, i >= 0 else { throw .invalid(path: "\(at).\(key)", expected: "a whole number, 0 or more") }
        return i
    }

    static func int(_ o: JSONObject, _ key: String, at: String = "$", max: Int64 = Int64(Int32.max)) throws(ReadError) -> Int {
        let i = try int64(o, key, at: at)
        guard i <= max else { throw .invalid(path: "\(at).\(key)", expected: "at most \(max)") }
        return Int(i)
    }

    static func seconds(_ o: JSONObject, _ key: String, at: String) throws(ReadError) -> Double {
        guard case .number(let n)? = o[key], n.isFinite, n.doubleValue >= 0, n.doubleValue < 1e12 else {
            throw .invalid(path: "\(at).\(key)", expected: "a number of seconds, 0 or more")
        }
        return n.doubleValue
    }

    /// An array of arrays of `width` whole numbers, 0 or more, at most `limit` of them.
    static func rows(_ o: JSONObject, _ key: String, width: Int, limit: Int) throws(ReadError) -> [[Int64]] {
        guard case .array(let items)? = o[key] else { throw .invalid(path: "$.\(key)", expected: "an array") }
        guard items.count <= limit else { throw .invalid(path: "$.\(key)", expected: "at most \(limit) entries") }
        var out: [[Int64]] = []
        out.reserveCapacity(items.count)
        for (n, item) in items.enumerated() {
            guard case .array(let row) = item, row.count == width else { throw .invalid(path: "$.\(key)[\(n)]", expected: "an array of \(width) numbers") }
            var values: [Int64] = []
            values.reserveCapacity(width)
            for v in row {
                guard case .number(let x) = v, let i = x.int64Value, i >= 0 else { throw .invalid(path: "$.\(key)[\(n)]", expected: "whole numbers, 0 or more") }
                values.append(i)
            }
            out.append(values)
        }
        return out
    }
}
