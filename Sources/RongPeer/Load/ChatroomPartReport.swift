// Sources/RongPeer/Load/ChatroomPartReport.swift - what one generator process of a live-room load
// run saw, as data and as the versioned JSON (mode "chatroom") `peer-load --report` writes

import RongCodec

/// What one generator process of a live-room run (`rongwire peer-load --chatroom ROOM --run-id ID
/// --part I/N`) saw: what its senders sent (each message's class, whether it was acked) and what
/// surfaced at each of its members, so that `rongwire peer-load merge` can run the single run's
/// checks (``ChatroomLoadReport``) across every member of every part. A single live-room run's
/// report is the merge of its one part.
///
/// A member's deliveries are a bitmap over the run's message numbers (plus the few messages that
/// surfaced more than once), its lag the part's HdrHistogram and its own 99th percentile: a
/// 1,000-member part of a 1,000-message run writes about 300 KB.
public struct ChatroomPartReport: Sendable, Equatable {
    /// The most messages a live-room run has (the CLI's limit for `--chatroom`).
    public static let maxMessages = 1_000_000

    /// One sender of the part: `load<sender>` sends messages `sender`, `sender + senders`, ….
    public struct Sender: Sendable, Hashable {
        /// Its index.
        public var sender: Int
        /// Whether each of its messages, in order, was a low-priority like.
        public var low: [Bool]
        /// Its messages (by number) whose send failed or was refused; the rest were acked.
        public var failed: [Int]

        public init(sender: Int, low: [Bool], failed: [Int] = []) {
            self.sender = sender
            self.low = low
            self.failed = failed
        }
    }

    /// A message that surfaced more than once at a member's app.
    public struct Repeat: Sendable, Hashable {
        /// The message's number.
        public var message: Int
        /// How often it surfaced, 2 or more.
        public var count: Int
    }

    /// One member of the part: what surfaced there.
    public struct Member: Sendable, Hashable {
        /// Its index (`load<member>`).
        public var member: Int
        /// Bit `n % 8` of byte `n / 8`: message `n` surfaced at least once.
        public var seen: [UInt8]
        /// The messages that surfaced more than once, ascending.
        public var repeats: [Repeat] = []
        /// Its 99th-percentile lag (exact, over its deliveries), nanoseconds; 0 without any.
        public var lagP99: UInt64 = 0
        /// Whether a fault cut its connection (it joined again and is not checked, PEER-CHRM-003).
        public var cutOff = false

        /// A member of a run of `messages` messages that saw none yet.
        public init(member: Int, messages: Int) {
            self.member = member
            seen = [UInt8](repeating: 0, count: (messages + 7) / 8)
        }

        /// Whether message `n` surfaced.
        public func saw(_ n: Int) -> Bool { seen[n >> 3] & (1 << UInt8(n & 7)) != 0 }

        /// Marks message `n` as surfaced.
        public mutating func see(_ n: Int) { seen[n >> 3] |= 1 << UInt8(n & 7) }

        /// Messages that surfaced.
        public var deliveries: Int { seen.reduce(0) { $0 + $1.nonzeroBitCount } }
    }

    /// The run's id.
    public var run: String
    /// Which part this is.
    public var part: LoadPart
    /// Members of the whole run (all parts).
    public var clients: Int
    /// Messages of the whole run.
    public var messages: Int
    /// The seed of the traffic pattern.
    public var seed: UInt64
    /// Whether the times are wall-clock nanoseconds (else monotonic).
    public var wallClock: Bool
    /// The room.
    public var room: String
    /// How many members send (`load0` … ).
    public var senders: Int
    /// Messages a second the senders send in all.
    public var rate: Int
    /// The share of low-priority likes.
    public var lowShare: Double
    /// Whether the host's likes are protected too (the in-process peer with a capacity puts the
    /// host on the room's whitelist).
    public var hostProtected = false
    /// The part's start (its schedule's time 0), its last PUBACK and its members' last delivery,
    /// in the part's clock.
    public var firstSend: UInt64 = 0
    /// See ``firstSend``.
    public var lastAck: UInt64 = 0
    /// See ``firstSend``.
    public var lastDelivery: UInt64 = 0
    /// Times the part's clients connected again after a cut.
    public var reconnects = 0
    /// Messages of other runs the part's members surfaced (ignored).
    public var otherRuns = 0
    /// Whether the peer injected faults.
    public var faultsInjected = false
    /// CPU seconds the generator process used (less an in-process peer).
    public var generatorCPUSeconds = 0.0
    /// The peer's CPU seconds at the part's start and end.
    public var peerCPUSeconds: LoadPartReport.Span<Double>?
    /// The peer's fault counts at the part's start and end.
    public var peerFaults: LoadPartReport.Span<FaultCounts>?
    /// The part's senders (those of `load0` … `load<senders-1>` in its slice).
    public var sends: [Sender] = []
    /// Every member of the part's slice.
    public var members: [Member] = []
    /// Lags measured at the part's members, every delivery's first surfacing.
    var lag = LatencyHistogram()

    /// An empty part.
    public init(run: String, part: LoadPart, clients: Int, messages: Int, seed: UInt64, wallClock: Bool,
                room: String, senders: Int, rate: Int, lowShare: Double) {
        self.run = run
        self.part = part
        self.clients = clients
        self.messages = messages
        self.seed = seed
        self.wallClock = wallClock
        self.room = room
        self.senders = senders
        self.rate = rate
        self.lowShare = lowShare
    }

    /// Sends the part's senders got PUBACK status 0 for.
    public var acked: Int { sends.reduce(0) { $0 + $1.low.count - $1.failed.count } }
    /// Sends that failed or were refused.
    public var failedSends: Int { sends.reduce(0) { $0 + $1.failed.count } }

    /// How many messages `load<sender>` sends in a run of `messages` with `senders` senders.
    static func count(of sender: Int, messages: Int, senders: Int) -> Int {
        sender < messages ? (messages - sender + senders - 1) / senders : 0
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.run == b.run && a.part == b.part && a.clients == b.clients && a.messages == b.messages && a.seed == b.seed
            && a.wallClock == b.wallClock && a.room == b.room && a.senders == b.senders && a.rate == b.rate && a.lowShare == b.lowShare
            && a.hostProtected == b.hostProtected && a.firstSend == b.firstSend && a.lastAck == b.lastAck && a.lastDelivery == b.lastDelivery
            && a.reconnects == b.reconnects && a.otherRuns == b.otherRuns && a.faultsInjected == b.faultsInjected
            && a.generatorCPUSeconds == b.generatorCPUSeconds && a.peerCPUSeconds == b.peerCPUSeconds && a.peerFaults == b.peerFaults
            && a.sends == b.sends && a.members == b.members && a.lag.buckets.elementsEqual(b.lag.buckets, by: ==)
    }
}

// MARK: - JSON

extension ChatroomPartReport {
    /// The JSON form (mode `chatroom`): bitmaps as lower-case hex.
    public func json() -> [UInt8] {
        var w = JSONWriter(reservingCapacity: 512 + members.count * (messages / 4 + 64) + messages / 4)
        w.beginObject()
        LoadPartReport.writeHeader(&w, mode: "chatroom", run: run, part: part, clients: clients, messages: messages, seed: seed, wallClock: wallClock)
        w.field("room", room)
        w.field("senders", Int64(senders))
        w.field("rate", Int64(rate))
        w.key("lowShare")
        try? w.double(lowShare)
        w.field("hostProtected", hostProtected)
        w.field("firstSendNanos", Int64(clamping: firstSend))
        w.field("lastAckNanos", Int64(clamping: lastAck))
        w.field("lastDeliveryNanos", Int64(clamping: lastDelivery))
        w.field("reconnects", Int64(reconnects))
        w.field("otherRuns", Int64(otherRuns))
        w.field("faultsInjected", faultsInjected)
        w.key("generatorCPUSeconds")
        try? w.double(generatorCPUSeconds)
        LoadPartReport.writeSpans(&w, cpu: peerCPUSeconds, faults: peerFaults)
        w.key("sends")
        w.beginArray()
        for s in sends {
            w.beginObject()
            w.field("sender", Int64(s.sender))
            w.field("low", Hex.encode(Self.bits(s.low)))
            w.key("failed")
            w.beginArray()
            for n in s.failed { w.int(Int64(n)) }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.key("members")
        w.beginArray()
        for m in members {
            w.beginObject()
            w.field("member", Int64(m.member))
            w.field("seen", Hex.encode(m.seen))
            w.key("repeats")
            w.beginArray()
            for r in m.repeats {
                w.beginArray()
                w.int(Int64(r.message))
                w.int(Int64(r.count))
                w.endArray()
            }
            w.endArray()
            w.field("lagP99Nanos", Int64(clamping: m.lagP99))
            w.field("cutOff", m.cutOff)
            w.endObject()
        }
        w.endArray()
        w.key("lag")
        w.beginArray()
        for b in lag.buckets {
            w.beginArray()
            w.int(Int64(b.nanos))
            w.int(Int64(clamping: b.count))
            w.endArray()
        }
        w.endArray()
        w.endObject()
        return w.bytes + [0x0A]
    }

    static func bits(_ flags: [Bool]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: (flags.count + 7) / 8)
        for (i, f) in flags.enumerated() where f { out[i >> 3] |= 1 << UInt8(i & 7) }
        return out
    }

    /// A bitmap of `count` bits in hex: exactly the bytes it needs, no bit set past `count`.
    static func bitmap(_ value: JSONValue?, count: Int, path: String) throws(LoadPartReport.ReadError) -> [UInt8] {
        let expected = (count + 7) / 8
        guard case .string(let s)? = value, s.utf8.count == 2 * expected, let bytes = Hex.decode(s),
              count % 8 == 0 || bytes.last.map({ $0 >> UInt8(count % 8) == 0 }) ?? true
        else { throw .invalid(path: path, expected: "\(2 * expected) hex digits, a bit for each of \(count) messages") }
        return bytes
    }

    /// Reads the JSON form (hostile input: size, depth, every number's range and every bitmap's
    /// length checked); a private run's part is refused with
    /// ``LoadPartReport/ReadError/unsupportedMode(_:)`` (read either with ``LoadPartFile``).
    public init(json bytes: [UInt8]) throws(LoadPartReport.ReadError) {
        let (o, mode) = try LoadPartReport.parse(bytes)
        guard mode == "chatroom" else { throw .unsupportedMode(mode) }
        try self.init(object: o)
    }

    /// A chatroom run's part from its top object.
    init(object o: JSONObject) throws(LoadPartReport.ReadError) {
        typealias R = LoadPartReport
        let h = try R.header(o, maxMessages: Self.maxMessages)
        let messages = h.messages
        guard messages >= 1 else { throw .invalid(path: "$.messages", expected: "at least 1") }
        guard case .string(let room)? = o["room"], (1...64).contains(room.utf8.count) else { throw .invalid(path: "$.room", expected: "a room id of 1 to 64 bytes") }
        let senders = try R.int(o, "senders", max: Int64(h.clients))
        guard senders >= 1 else { throw .invalid(path: "$.senders", expected: "1...clients") }
        let rate = try R.int(o, "rate", max: 100_000)
        guard rate >= 1 else { throw .invalid(path: "$.rate", expected: "1...100000") }
        guard case .number(let share)? = o["lowShare"], share.isFinite, (0...1).contains(share.doubleValue) else {
            throw .invalid(path: "$.lowShare", expected: "a number 0...1")
        }
        self.init(run: h.run, part: h.part, clients: h.clients, messages: messages, seed: h.seed, wallClock: h.wallClock,
                  room: room, senders: senders, rate: rate, lowShare: share.doubleValue)
        guard case .bool(let hp)? = o["hostProtected"] else { throw .invalid(path: "$.hostProtected", expected: "true or false") }
        hostProtected = hp
        firstSend = UInt64(try R.int64(o, "firstSendNanos"))
        lastAck = UInt64(try R.int64(o, "lastAckNanos"))
        lastDelivery = UInt64(try R.int64(o, "lastDeliveryNanos"))
        reconnects = try R.int(o, "reconnects")
        otherRuns = try R.int(o, "otherRuns")
        guard case .bool(let f)? = o["faultsInjected"] else { throw .invalid(path: "$.faultsInjected", expected: "true or false") }
        faultsInjected = f
        generatorCPUSeconds = try R.seconds(o, "generatorCPUSeconds", at: "$")
        (peerCPUSeconds, peerFaults) = try R.spans(o)

        let slice = part.clients(of: clients)
        guard case .array(let sendItems)? = o["sends"], sendItems.count <= senders else {
            throw .invalid(path: "$.sends", expected: "an array of at most \(senders) senders")
        }
        for (i, item) in sendItems.enumerated() {
            let path = "$.sends[\(i)]"
            guard case .object(let so) = item else { throw .invalid(path: path, expected: "an object") }
            let s = try R.int(so, "sender", at: path, max: Int64(senders - 1))
            let k = Self.count(of: s, messages: messages, senders: senders)
            let lowBits = try Self.bitmap(so["low"], count: k, path: path + ".low")
            guard case .array(let failedItems)? = so["failed"], failedItems.count <= k else {
                throw .invalid(path: path + ".failed", expected: "an array of at most \(k) message numbers")
            }
            var failed: [Int] = []
            failed.reserveCapacity(failedItems.count)
            for v in failedItems {
                guard case .number(let x) = v, let n = x.int64Value, n >= 0, n < Int64(messages), Int(n) % senders == s, Int(n) > (failed.last ?? -1) else {
                    throw .invalid(path: path + ".failed", expected: "ascending numbers of load\(s)'s messages")
                }
                failed.append(Int(n))
            }
            sends.append(Sender(sender: s, low: (0..<k).map { lowBits[$0 >> 3] & (1 << UInt8($0 & 7)) != 0 }, failed: failed))
        }
        guard case .array(let memberItems)? = o["members"], memberItems.count <= slice.count else {
            throw .invalid(path: "$.members", expected: "an array of at most the part's \(slice.count) members")
        }
        members.reserveCapacity(memberItems.count)
        for (i, item) in memberItems.enumerated() {
            let path = "$.members[\(i)]"
            guard case .object(let mo) = item else { throw .invalid(path: path, expected: "an object") }
            var m = Member(member: try R.int(mo, "member", at: path, max: Int64(clients - 1)), messages: 0)
            m.seen = try Self.bitmap(mo["seen"], count: messages, path: path + ".seen")
            for (n, r) in try R.rows(mo, "repeats", width: 2, limit: messages).enumerated() {
                guard r[0] < Int64(messages), r[1] >= 2, r[1] <= 1_000_000, m.saw(Int(r[0])), Int(r[0]) > (m.repeats.last?.message ?? -1) else {
                    throw .invalid(path: "\(path).repeats[\(n)]", expected: "[message, count] ascending, of a message seen, count 2...1000000")
                }
                m.repeats.append(Repeat(message: Int(r[0]), count: Int(r[1])))
            }
            m.lagP99 = UInt64(try R.int64(mo, "lagP99Nanos", at: path))
            guard case .bool(let c)? = mo["cutOff"] else { throw .invalid(path: path + ".cutOff", expected: "true or false") }
            m.cutOff = c
            members.append(m)
        }
        lag = try R.histogram(o, "lag")
    }
}

/// A part report of either mode, read from its JSON form.
public enum LoadPartFile: Sendable {
    /// A private-message run's part.
    case privateRun(LoadPartReport)
    /// A live-room run's part.
    case chatroom(ChatroomPartReport)

    /// Reads either mode (the limits of ``LoadPartReport/init(json:)`` and
    /// ``ChatroomPartReport/init(json:)``).
    public init(json bytes: [UInt8]) throws(LoadPartReport.ReadError) {
        let (o, mode) = try LoadPartReport.parse(bytes)
        self = mode == "chatroom" ? .chatroom(try ChatroomPartReport(object: o)) : .privateRun(try LoadPartReport(object: o))
    }
}
