// Sources/RongConformance/Differential.swift - two frame decoders fed the same hostile inputs

import RongCodec

/// Differential testing of the frame kinds: the same seeded random and mutated inputs go to a
/// reference testee (RongWire's codec in-process) and to another one (usually a child process),
/// and every input where they disagree is reported: one accepts and the other rejects, both
/// accept with different packet JSON, or both accept and (re-)encode to different bytes.
///
/// Inputs are derived from the frame vectors (the seed corpus): input *i* depends only on the
/// seed, *i* and the corpus, so a run is reproducible and any input can be regenerated alone.
/// Inputs `0..<count` are `frame-decode` requests: the corpus packets themselves, then mutations
/// of them (bit flips, truncation, insertion, length-field edits, splices of two packets,
/// stacked mutations) and purely random packets. Inputs `count..<count + jsonCount` are
/// `frame-encode` requests: the packet JSON values of the corpus, then mutations of them (a
/// member deleted, added, nulled, or given another JSON type or value), which check how both
/// sides read the packet JSON form.
public struct Differential: Sendable {
    /// One packet of the seed corpus.
    public struct Seed: Sendable, Hashable {
        public var bytes: [UInt8]
        public var from: String
        public var queryTopic: String?
        /// The vector it comes from.
        public var id: String
    }

    /// One packet JSON value of the seed corpus (for `frame-encode`).
    public struct ValueSeed: Sendable, Hashable {
        public var value: JSONValue
        public var from: String
        public var id: String
        /// From an accepting vector: the value has no fault of its own (a rejecting vector's
        /// value has one).
        public var valid = true
    }

    /// One generated input.
    public struct Input: Sendable, Hashable {
        public var index: Int
        /// `frame-decode` (bytes) or `frame-encode` (value).
        public var kind: Vector.Kind
        /// How it was made: `seed`, `bitFlip`, `truncate`, `insert`, `lengthEdit`, `splice`,
        /// `havoc`, `random` for packets; `seed`, `json` for values.
        public var mutation: String
        /// The seed vector it started from (nil for random packets).
        public var seedId: String?
        public var bytes: [UInt8]
        public var value: JSONValue?
        public var from: String
        public var queryTopic: String?
        /// For a packet JSON value: how many faults it holds, the seed's own (a rejecting
        /// vector's) plus one per edit; nil for packets. With exactly one, the error code is
        /// not a matter of which check runs first.
        public var faults: Int?

        init(index: Int, mutation: String, seedId: String?, bytes: [UInt8], from: String, queryTopic: String?) {
            self.index = index
            self.kind = .frameDecode
            self.mutation = mutation
            self.seedId = seedId
            self.bytes = bytes
            self.from = from
            self.queryTopic = queryTopic
        }

        init(index: Int, mutation: String, seedId: String?, value: JSONValue, from: String, faults: Int) {
            self.faults = faults
            self.index = index
            self.kind = .frameEncode
            self.mutation = mutation
            self.seedId = seedId
            self.bytes = []
            self.value = value
            self.from = from
        }

        public var request: TesteeRequest {
            TesteeRequest(
                id: "differential.\(index)", kind: kind.rawValue, from: from, queryTopic: queryTopic,
                input: value.map { .value($0) } ?? .bytes(bytes))
        }

        /// The input for reports: hex, or the packet JSON text.
        public var text: String {
            guard let value else { return ByteText.hex(bytes) }
            return (try? value.canonicalBytes()).map { String(decoding: $0, as: UTF8.self) } ?? "?"
        }
    }

    /// How two answers differ.
    public enum Category: String, Sendable, Hashable, CaseIterable, Comparable {
        /// One side accepted, the other rejected.
        case acceptReject = "accept/reject"
        /// Both accepted with different packet JSON (derived `$` members compared only when
        /// both produce them).
        case value
        /// Both accepted; the re-encoded bytes differ.
        case bytes
        /// A side answered `error`, `skipped` or nonsense, crashed, or timed out.
        case testeeFailure = "testee failure"
        /// With `strictCodes`: both rejected a packet JSON value that has one fault, with
        /// different error codes (the spec gives one code per fault).
        case errorCode = "error code"

        public static func < (a: Category, b: Category) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    public struct Disagreement: Sendable {
        public var input: Input
        public var category: Category
        public var reference: TesteeResponse?
        public var other: TesteeResponse?
        /// A one-line account of the difference.
        public var detail: String
    }

    public let seeds: [Seed]
    public let valueSeeds: [ValueSeed]
    public let seed: UInt64
    /// Different error codes on a one-fault packet JSON value are a disagreement
    /// (``Category/errorCode``), not only counted.
    public var strictCodes = false

    public init(seeds: [Seed], valueSeeds: [ValueSeed] = [], seed: UInt64, strictCodes: Bool = false) {
        self.seeds = seeds
        self.valueSeeds = valueSeeds
        self.seed = seed
        self.strictCodes = strictCodes
    }

    /// A short hash of the corpus (FNV-1a, 64 bits, over every seed's bytes, direction, QUERY
    /// topic and id, and every value seed's JSON, direction and id): the inputs depend on the
    /// seed, the index and the corpus, so two runs with the same seed and corpus hash get the
    /// same inputs.
    public var corpusHash: String {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        func add(_ bytes: some Sequence<UInt8>) {
            for b in bytes {
                h ^= UInt64(b)
                h &*= 0x0000_0100_0000_01B3
            }
            h ^= 0xFF
            h &*= 0x0000_0100_0000_01B3
        }
        for s in seeds {
            add(s.bytes)
            add(s.from.utf8)
            add((s.queryTopic ?? "").utf8)
            add(s.id.utf8)
        }
        for v in valueSeeds {
            add((try? v.value.canonicalBytes()) ?? [])
            add(v.from.utf8)
            add(v.id.utf8)
            add(v.valid ? [1] : [0])
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The seed corpus: the input bytes of `frame-decode` vectors and the expected bytes of
    /// accepting `frame-encode` vectors, each once per (bytes, from, queryTopic).
    public static func seeds(from vectors: [Vector]) -> [Seed] {
        var out: [Seed] = []
        var seen = Set<[UInt8]>()
        for v in vectors where v.kind.isFrame {
            guard let from = v.from else { continue }
            let bytes: [UInt8]
            switch (v.kind, v.input) {
            case (.frameDecode, .bytes(let b)): bytes = b
            case (.frameEncode, _) where v.expect.outcome == .accept && v.expect.bytes != nil: bytes = v.expect.bytes!
            default: continue
            }
            // Huge limit vectors (65,535-byte strings) would dominate the run's time.
            guard bytes.count <= 4096 else { continue }
            let key = bytes + Array(from.utf8) + [0] + Array((v.queryTopic ?? "").utf8)
            if seen.insert(key).inserted {
                out.append(Seed(bytes: bytes, from: from, queryTopic: v.queryTopic, id: v.id))
            }
        }
        return out
    }

    /// The packet JSON values of the corpus: the input of every `frame-encode` vector and the
    /// expected value of every accepting `frame-decode` vector, each once per (value, from).
    public static func valueSeeds(from vectors: [Vector]) -> [ValueSeed] {
        var out: [ValueSeed] = []
        var seen = Set<JSONValue>()
        for v in vectors where v.kind.isFrame {
            guard let from = v.from else { continue }
            let value: JSONValue
            switch (v.kind, v.input) {
            case (.frameEncode, .value(let x)): value = x
            case (.frameDecode, _) where v.expect.outcome == .accept && v.expect.value != nil: value = v.expect.value!
            default: continue
            }
            guard let text = try? value.canonicalBytes(), text.count <= 4096 else { continue }
            if seen.insert(.array([value, .string(from)])).inserted {
                out.append(ValueSeed(value: value, from: from, id: v.id, valid: v.expect.outcome == .accept))
            }
        }
        return out
    }

    // MARK: Inputs

    /// Input number `index` of a run of `count` packets: a `frame-decode` input below `count`,
    /// a `frame-encode` one from `count` on.
    public func input(_ index: Int, count: Int) -> Input {
        if index >= count && !valueSeeds.isEmpty {
            let j = index - count
            if j < valueSeeds.count {
                let s = valueSeeds[j]
                return Input(index: index, mutation: "seed", seedId: s.id, value: s.value, from: s.from, faults: s.valid ? 0 : 1)
            }
            // A stream of its own, so --count does not change the values generated.
            var rng = SplitMix64(seed: (seed ^ 0x5EED_0F0A_15CE_0DE5) &+ UInt64(j) &* 0x9E37_79B9_7F4A_7C15)
            return JSONMutator().make(index: index, valueSeeds, &rng)
        }
        if index < seeds.count {
            let s = seeds[index]
            return Input(index: index, mutation: "seed", seedId: s.id, bytes: s.bytes, from: s.from, queryTopic: s.queryTopic)
        }
        var rng = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        var m = Mutator(seeds: seeds)
        return m.make(index: index, &rng)
    }

    // MARK: Running

    /// Counts of a run.
    public struct Summary: Sendable {
        public var inputs = 0
        public var inputsByKind: [String: Int] = [:]
        public var acceptedByBoth = 0
        public var rejectedByBoth = 0
        /// Rejected by both with different error codes (reported, not a disagreement: codes are
        /// advisory, spec/testee-protocol.md).
        public var differentErrorCodes = 0
        /// Of those, packet JSON values with one fault, whose code the spec decides alone (with
        /// several faults it depends on which check runs first, which the spec leaves open).
        public var differentErrorCodesOneFault = 0
        /// "reference code / other code" (with the kind) → how often.
        public var errorCodePairs: [String: Int] = [:]
        /// Up to three inputs per code pair, for the report.
        public var errorCodeExamples: [String: [Input]] = [:]
        public var disagreements: [Disagreement] = []
        public var inputsByMutation: [String: Int] = [:]
        public var seconds = 0.0

        public func count(_ c: Category) -> Int { disagreements.filter { $0.category == c }.count }
    }

    /// Runs `count` packets (`frame-decode`) and `jsonCount` packet JSON values (`frame-encode`)
    /// through both testees. `progress` is called every 1000 inputs.
    public func run(
        count: Int, jsonCount: Int = 0, reference: any Testee, other: any Testee,
        progress: ((Int, Summary) -> Void)? = nil
    ) -> Summary {
        var summary = Summary()
        let start = SubprocessTestee.now()
        for i in 0..<(count + (valueSeeds.isEmpty ? 0 : jsonCount)) {
            let input = input(i, count: count)
            summary.inputs += 1
            summary.inputsByKind[input.kind.rawValue, default: 0] += 1
            summary.inputsByMutation["\(input.kind == .frameEncode ? "encode " : "")\(input.mutation)", default: 0] += 1
            let request = input.request
            let a = Self.ask(reference, request)
            let b = Self.ask(other, request)
            if let d = Self.compare(input, a, b, strictCodes: strictCodes, &summary) { summary.disagreements.append(d) }
            if i % 1000 == 999 { progress?(i + 1, summary) }
        }
        summary.seconds = SubprocessTestee.now() - start
        return summary
    }

    /// An answer, or the failure that stood in for it.
    enum Answer {
        case response(TesteeResponse)
        case failure(String)
    }

    static func ask(_ t: any Testee, _ r: TesteeRequest) -> Answer {
        do throws(TesteeFailure) {
            return .response(try t.handle(r))
        } catch {
            switch error {
            case .crash(let why): return .failure("CRASH: \(why)")
            case .timeout(let why): return .failure("TIMEOUT: \(why)")
            }
        }
    }

    static func compare(_ input: Input, _ a: Answer, _ b: Answer, strictCodes: Bool = false, _ s: inout Summary) -> Disagreement? {
        func d(_ c: Category, _ detail: String, _ ra: TesteeResponse?, _ rb: TesteeResponse?) -> Disagreement {
            Disagreement(input: input, category: c, reference: ra, other: rb, detail: detail)
        }
        switch (a, b) {
        case (.failure(let why), _):
            return d(.testeeFailure, "reference: \(why)", nil, b.response)
        case (_, .failure(let why)):
            return d(.testeeFailure, "other: \(why)", a.response, nil)
        case (.response(let ra), .response(let rb)):
            switch (ra, rb) {
            case (.accepted(let va, let ba, _), .accepted(let vb, let bb, _)):
                if input.kind == .frameDecode {
                    guard let va, let vb else { return d(.testeeFailure, "an accepted answer without a value", ra, rb) }
                    if !ConformanceRunner.matchesPacket(expected: va, actual: vb) {
                        return d(.value, "values differ", ra, rb)
                    }
                }
                guard ba != nil, bb != nil else { return d(.testeeFailure, "an accepted answer without bytes", ra, rb) }
                if ba != bb { return d(.bytes, input.kind == .frameDecode ? "re-encoded bytes differ" : "encoded bytes differ", ra, rb) }
                s.acceptedByBoth += 1
                return nil
            case (.rejected(let ea, _), .rejected(let eb, _)):
                s.rejectedByBoth += 1
                if ea != eb {
                    s.differentErrorCodes += 1
                    let oneFault = input.faults == 1
                    if oneFault { s.differentErrorCodesOneFault += 1 }
                    let pair = "\(input.kind)\(oneFault ? " (one fault)" : ""): \(ea) / \(eb)"
                    s.errorCodePairs[pair, default: 0] += 1
                    if s.errorCodeExamples[pair, default: []].count < 3 { s.errorCodeExamples[pair, default: []].append(input) }
                    if oneFault && strictCodes {
                        return d(.errorCode, "one fault, different error codes: reference \(ea), other \(eb)", ra, rb)
                    }
                }
                return nil
            case (.accepted, .rejected(let e, _)):
                return d(.acceptReject, "reference accepts, other rejects (\(e))", ra, rb)
            case (.rejected(let e, _), .accepted):
                return d(.acceptReject, "reference rejects (\(e)), other accepts", ra, rb)
            default:
                return d(.testeeFailure, "unexpected answer", ra, rb)
            }
        }
    }

    // MARK: Reports

    /// The report file: the run's parameters, counts, and every disagreement with its input and
    /// both answers.
    public func report(_ s: Summary, count: Int, jsonCount: Int, referenceName: String, otherName: String) -> JSONValue {
        var o = JSONObject()
        o["seed"] = .string(String(seed))
        o["corpusHash"] = .string(corpusHash)
        o["strictCodes"] = .bool(strictCodes)
        o["count"] = .number(JSONNumber(count))
        o["jsonCount"] = .number(JSONNumber(jsonCount))
        o["seedCorpus"] = .number(JSONNumber(seeds.count))
        o["valueCorpus"] = .number(JSONNumber(valueSeeds.count))
        o["reference"] = .string(referenceName)
        o["other"] = .string(otherName)
        o["acceptedByBoth"] = .number(JSONNumber(s.acceptedByBoth))
        o["rejectedByBoth"] = .number(JSONNumber(s.rejectedByBoth))
        o["differentErrorCodes"] = .number(JSONNumber(s.differentErrorCodes))
        o["differentErrorCodesOneFault"] = .number(JSONNumber(s.differentErrorCodesOneFault))
        o["errorCodePairs"] = .object(
            JSONObject(
                s.errorCodePairs.sorted { $0.key < $1.key }.map { pair in
                    .init(
                        key: pair.key,
                        value: [
                            "count": .number(JSONNumber(pair.value)),
                            "examples": .array((s.errorCodeExamples[pair.key] ?? []).map { .string($0.text) }),
                        ])
                }))
        var byCategory = JSONObject()
        for c in Category.allCases { byCategory[c.rawValue] = .number(JSONNumber(s.count(c))) }
        o["disagreementsByCategory"] = .object(byCategory)
        o["disagreements"] = .array(
            s.disagreements.map { d in
                var e = JSONObject()
                e["index"] = .number(JSONNumber(d.input.index))
                e["kind"] = .string(d.input.kind.rawValue)
                e["category"] = .string(d.category.rawValue)
                e["detail"] = .string(d.detail)
                e["mutation"] = .string(d.input.mutation)
                if let id = d.input.seedId { e["seedVector"] = .string(id) }
                e["from"] = .string(d.input.from)
                if let q = d.input.queryTopic { e["queryTopic"] = .string(q) }
                if let v = d.input.value { e["value"] = v } else { e["hex"] = .string(ByteText.hex(d.input.bytes)) }
                if let f = d.input.faults { e["faults"] = .number(JSONNumber(f)) }
                e["reference"] = d.reference?.json ?? .null
                e["other"] = d.other?.json ?? .null
                return .object(e)
            })
        return .object(o)
    }

    /// The human summary printed at the end of a run.
    public func text(_ s: Summary, show: Int) -> String {
        var lines: [String] = []
        let rate = s.seconds > 0 ? Int(Double(s.inputs) / s.seconds) : 0
        lines.append(
            "differential, seed \(seed), corpus \(corpusHash): \(s.inputs) inputs in \(String(format1: s.seconds)) s, \(rate)/s: "
                + "\(s.inputsByKind["frame-decode", default: 0]) frame-decode (\(seeds.count) corpus packets, the rest generated), "
                + "\(s.inputsByKind["frame-encode", default: 0]) frame-encode (\(valueSeeds.isEmpty ? 0 : valueSeeds.count) corpus values, the rest generated)")
        lines.append(
            "by mutation: " + s.inputsByMutation.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        lines.append(
            "accepted by both: \(s.acceptedByBoth)   rejected by both: \(s.rejectedByBoth) (\(s.differentErrorCodes) with different error codes, "
                + "\(s.differentErrorCodesOneFault) of them with one fault)")
        for (pair, n) in s.errorCodePairs.sorted(by: { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }).prefix(8) {
            lines.append("  error codes (reference / other) \(pair): \(n)")
        }
        lines.append(
            "disagreements: \(s.disagreements.count) ("
                + Category.allCases.map { "\($0.rawValue) \(s.count($0))" }.joined(separator: ", ") + ")")
        for d in s.disagreements.prefix(show) {
            lines.append("")
            lines.append("#\(d.input.index) \(d.input.kind) [\(d.category.rawValue)] \(d.detail) — \(d.input.mutation)\(d.input.seedId.map { " of \($0)" } ?? ""), from \(d.input.from)\(d.input.queryTopic.map { ", queryTopic \($0)" } ?? "")")
            lines.append("  input     \(Self.clip(d.input.text))")
            lines.append("  reference \(Self.clip(Self.show(d.reference)))")
            lines.append("  other     \(Self.clip(Self.show(d.other)))")
        }
        if s.disagreements.count > show {
            lines.append("")
            lines.append("(\(s.disagreements.count - show) more; --report FILE lists them all)")
        }
        return lines.joined(separator: "\n")
    }

    static func show(_ r: TesteeResponse?) -> String {
        guard let r else { return "(no answer)" }
        return (try? r.json.canonicalBytes()).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }

    static func clip(_ s: String) -> String { s.count > 300 ? String(s.prefix(300)) + "…" : s }
}

extension Differential.Answer {
    var response: TesteeResponse? { if case .response(let r) = self { r } else { nil } }
}

extension String {
    /// One decimal place, without Foundation.
    init(format1 x: Double) {
        let tenths = Int((x * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}

/// Makes one generated input.
struct Mutator {
    let seeds: [Differential.Seed]

    /// Bytes that often change how a decoder branches: boundaries, UTF-8 leads (CESU-8 `ED`,
    /// 4-byte `F0`), protobuf tags of small fields.
    static let interesting: [UInt8] = [0x00, 0x01, 0x02, 0x7F, 0x80, 0x81, 0xFF, 0xFE, 0xC0, 0xC3, 0xE4, 0xED, 0xA0, 0xB0, 0xF0, 0xF4, 0x08, 0x0A, 0x10, 0x12, 0x1A, 0x22, 0x28, 0x0B, 0x0C]

    /// Topics that select body types, so random packets reach the protobuf decoders.
    static let topics = [
        "ppMsgP", "pgMsgP", "chatMsg", "ugMsg", "recallMsg", "s_msg", "s_ntf", "s_cmd", "s_stat", "pullMsg", "chrmPull",
        "setKV", "delKV", "pullKV", "qryPMsg", "qryRelation", "delMsg", "pullUS", "x",
    ]

    mutating func make(index: Int, _ rng: inout SplitMix64) -> Differential.Input {
        let roll = rng.int(in: 0..<100)
        if seeds.isEmpty || roll < 10 {
            let from = rng.coin() ? "client" : "server"
            return Differential.Input(
                index: index, mutation: "random", seedId: nil, bytes: randomPacket(from: from, &rng), from: from,
                queryTopic: rng.coin() ? rng.pick(Self.topics) : nil)
        }
        let s = rng.pick(seeds)
        var bytes = s.bytes
        let mutation: String
        switch roll {
        case 10..<30:
            mutation = "bitFlip"
            bitFlip(&bytes, &rng)
        case 30..<40:
            mutation = "truncate"
            truncate(&bytes, &rng)
        case 40..<55:
            mutation = "insert"
            insert(&bytes, &rng)
        case 55..<70:
            mutation = "lengthEdit"
            lengthEdit(&bytes, &rng)
        case 70..<85:
            mutation = "splice"
            splice(&bytes, &rng)
        default:
            mutation = "havoc"
            for _ in 0..<rng.int(in: 2...4) {
                switch rng.int(in: 0..<5) {
                case 0: bitFlip(&bytes, &rng)
                case 1: truncate(&bytes, &rng)
                case 2: insert(&bytes, &rng)
                case 3: lengthEdit(&bytes, &rng)
                default: splice(&bytes, &rng)
                }
            }
        }
        var from = s.from
        // Now and then the other direction: the same bytes under the other layout.
        if rng.int(in: 0..<10) == 0 { from = from == "client" ? "server" : "client" }
        var queryTopic = s.queryTopic
        if rng.int(in: 0..<10) == 0 { queryTopic = rng.pick(Self.topics) }
        return Differential.Input(index: index, mutation: mutation, seedId: s.id, bytes: bytes, from: from, queryTopic: queryTopic)
    }

    func randomByte(_ rng: inout SplitMix64) -> UInt8 {
        rng.coin() ? rng.pick(Self.interesting) : rng.byte()
    }

    func bitFlip(_ b: inout [UInt8], _ rng: inout SplitMix64) {
        guard !b.isEmpty else { return }
        for _ in 0..<rng.int(in: 1...4) {
            b[rng.int(in: 0..<b.count)] ^= UInt8(1) << UInt8(rng.below(8))
        }
    }

    func truncate(_ b: inout [UInt8], _ rng: inout SplitMix64) {
        guard !b.isEmpty else { return }
        // Mostly a few bytes off the end (inside the last field), sometimes anywhere.
        let cut = rng.coin() ? max(0, b.count - rng.int(in: 1...4)) : rng.int(in: 0..<b.count)
        b.removeLast(b.count - cut)
    }

    func insert(_ b: inout [UInt8], _ rng: inout SplitMix64) {
        let at = rng.int(in: 0...b.count)
        let n = rng.int(in: 1...8)
        b.insert(contentsOf: (0..<n).map { _ in randomByte(&rng) }, at: at)
    }

    /// Changes a plausible length: a big-endian u16 that does not exceed the rest of the frame
    /// (header strings), or a byte after a protobuf length-delimited tag.
    func lengthEdit(_ b: inout [UInt8], _ rng: inout SplitMix64) {
        var u16s: [Int] = []
        var varints: [Int] = []
        if b.count >= 3 {
            for i in 1..<(b.count - 1) where Int(b[i]) << 8 | Int(b[i + 1]) <= b.count - i - 2 { u16s.append(i) }
        }
        if b.count >= 2 {
            for i in 1..<b.count where b[i - 1] & 7 == 2 && Int(b[i]) <= b.count - i - 1 { varints.append(i) }
        }
        if !u16s.isEmpty && (varints.isEmpty || rng.coin()) {
            let i = rng.pick(u16s)
            let old = Int(b[i]) << 8 | Int(b[i + 1])
            let new: Int =
                switch rng.int(in: 0..<6) {
                case 0: 0
                case 1: 0xFFFF
                case 2: b.count - i - 2 + 1  // one past the end
                case 3: min(0xFFFF, old + 1)
                case 4: max(0, old - 1)
                default: rng.int(in: 0...0xFFFF)
                }
            b[i] = UInt8(new >> 8)
            b[i + 1] = UInt8(new & 0xFF)
        } else if let i = (varints.isEmpty ? nil : rng.pick(varints)) {
            switch rng.int(in: 0..<5) {
            case 0: b[i] &+= 1
            case 1: b[i] &-= 1
            case 2: b[i] = 0
            case 3: b[i] |= 0x80  // the length now continues into the next byte
            default: b[i] = rng.byte()
            }
        } else {
            bitFlip(&b, &rng)
        }
    }

    /// The start of this packet joined to the end of another, preferably of the same type, so
    /// bodies and their tails meet headers they were not written for.
    func splice(_ b: inout [UInt8], _ rng: inout SplitMix64) {
        let sameType = seeds.filter { !$0.bytes.isEmpty && !b.isEmpty && $0.bytes[0] >> 4 == b[0] >> 4 }
        let pool = sameType.isEmpty || rng.int(in: 0..<4) == 0 ? seeds : sameType
        let other = rng.pick(pool).bytes
        let cut = rng.int(in: 0...b.count)
        let from = rng.int(in: 0...other.count)
        b = Array(b[0..<cut]) + Array(other[from...])
    }

    /// A packet from nothing: a header byte (usually of a type the side sends), and either
    /// random bytes or a plausible layout with a known topic and a protobuf-shaped payload.
    func randomPacket(from: String, _ rng: inout SplitMix64) -> [UInt8] {
        let types: [UInt8] = from == "client" ? [1, 3, 4, 5, 7, 12, 14] : [2, 3, 4, 6, 13, 14]
        let type = rng.int(in: 0..<5) == 0 ? rng.byte(in: 0...15) : rng.pick(types)
        var b: [UInt8] = [type << 4 | rng.byte(in: 0...15)]
        if rng.coin() {
            for _ in 0..<rng.int(in: 0...48) { b.append(randomByte(&rng)) }
            return b
        }
        func str(_ s: [UInt8]) { b += [UInt8(s.count >> 8), UInt8(s.count & 0xFF)] + s }
        if type == 3 && from == "server" { b += (0..<4).map { _ in rng.byte() } }
        if type == 6 {
            b += (0..<8).map { _ in rng.byte() }
        } else {
            str(Array(rng.pick(Self.topics).utf8))
            str((0..<rng.int(in: 0...4)).map { _ in rng.byte(in: 0x61...0x7A) })
            b += [0, rng.byte()]
        }
        b += protobufish(depth: 0, &rng)
        return b
    }

    /// Random protobuf-shaped bytes: fields 0-25 with every wire type, nested now and then.
    func protobufish(depth: Int, _ rng: inout SplitMix64) -> [UInt8] {
        var out: [UInt8] = []
        func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 {
                out.append(UInt8(v & 0x7F) | 0x80)
                v >>= 7
            }
            out.append(UInt8(v))
        }
        for _ in 0..<rng.int(in: 0...6) {
            let field = rng.uint64(in: 0...25)
            let wire: UInt64 = rng.pick([0, 0, 0, 2, 2, 2, 1, 5, 3, 4, 6, 7] as [UInt64])
            varint(field << 3 | wire)
            switch wire {
            case 0:
                varint(rng.coin() ? rng.uint64(in: 0...300) : rng.next())
            case 1: out += (0..<8).map { _ in rng.byte() }
            case 5: out += (0..<4).map { _ in rng.byte() }
            case 2:
                let inner: [UInt8] =
                    depth < 2 && rng.coin()
                    ? protobufish(depth: depth + 1, &rng)
                    : (0..<rng.int(in: 0...12)).map { _ in rng.coin() ? rng.byte(in: 0x20...0x7E) : randomByte(&rng) }
                varint(UInt64(inner.count))
                out += inner
            default: break
            }
        }
        return out
    }
}

/// Makes one generated packet JSON value: 1-3 edits of a corpus value at random places, each
/// one a thing a writer of the JSON form could get wrong (a member missing, extra, null, of
/// another JSON type, out of range, or an enum or type name respelled).
struct JSONMutator {
    enum Step: Hashable {
        case key(String)
        case index(Int)
    }

    /// Names the form uses, so a replaced string is often a valid one in the wrong place.
    static let names = [
        "PUBLISH", "QUERY", "QUERYACK", "PUBACK", "CONNACK", "CONNECT", "DISCONNECT", "PINGREQ", "SYMMETRIC",
        "UpStreamMessage", "DownStreamMessage", "NotifyMsg", "SyncRequestMsg", "RelationsInput", "PushExtra",
        "PERSON", "GROUP", "ULTRAGROUP", "group", "ppMsgP", "s_msg", "", "RCloud",
    ]

    func make(index: Int, _ seeds: [Differential.ValueSeed], _ rng: inout SplitMix64) -> Differential.Input {
        let s = rng.pick(seeds)
        var value = s.value
        let edits = rng.int(in: 1...3)
        for _ in 0..<edits { mutate(&value, &rng) }
        var from = s.from
        // The other direction changes which layout applies: a fault of its own.
        var faults = (s.valid ? 0 : 1) + edits
        if rng.int(in: 0..<10) == 0 {
            from = from == "client" ? "server" : "client"
            faults += 1
        }
        return Differential.Input(index: index, mutation: "json", seedId: s.id, value: value, from: from, faults: faults)
    }

    /// Every place in v: members and elements, depth first.
    func paths(_ v: JSONValue, _ prefix: [Step] = [], into out: inout [[Step]]) {
        switch v {
        case .object(let o):
            for m in o {
                out.append(prefix + [.key(m.key)])
                paths(m.value, prefix + [.key(m.key)], into: &out)
            }
        case .array(let a):
            for (i, e) in a.enumerated() {
                out.append(prefix + [.index(i)])
                paths(e, prefix + [.index(i)], into: &out)
            }
        default: break
        }
    }

    func get(_ v: JSONValue, _ path: ArraySlice<Step>) -> JSONValue? {
        guard let first = path.first else { return v }
        switch (first, v) {
        case (.key(let k), .object(let o)): return o[k].flatMap { get($0, path.dropFirst()) }
        case (.index(let i), .array(let a)) where i < a.count: return get(a[i], path.dropFirst())
        default: return nil
        }
    }

    /// Replaces the value at path (nil removes it).
    func set(_ v: inout JSONValue, _ path: ArraySlice<Step>, _ new: JSONValue?) {
        guard let first = path.first else {
            if let new { v = new }
            return
        }
        switch (first, v) {
        case (.key(let k), .object(var o)):
            if path.count == 1 {
                o[k] = new
            } else if var child = o[k] {
                set(&child, path.dropFirst(), new)
                o[k] = child
            }
            v = .object(o)
        case (.index(let i), .array(var a)) where i < a.count:
            if path.count == 1 {
                if let new { a[i] = new } else { a.remove(at: i) }
            } else {
                set(&a[i], path.dropFirst(), new)
            }
            v = .array(a)
        default: break
        }
    }

    static func number(_ text: String) -> JSONValue {
        (try? JSONValue(parsing: Array(text.utf8))) ?? .number(JSONNumber(0))
    }

    func mutate(_ v: inout JSONValue, _ rng: inout SplitMix64) {
        var all: [[Step]] = []
        paths(v, into: &all)
        guard let path = (all.isEmpty ? nil : rng.pick(all)), let node = get(v, path[...]) else { return }
        if rng.int(in: 0..<6) == 0 {
            set(&v, path[...], nil)  // the member or element is gone
            return
        }
        let new: JSONValue
        switch node {
        case .number(let n):
            new = [
                .string(n.description), Self.number(n.description + ".5"), .number(JSONNumber(-1)), Self.number("18446744073709551616"),
                Self.number("4294967296"), Self.number("65536"), Self.number("256"), .number(JSONNumber(0)), .null, .bool(true),
                Self.number("1e2"), .number(JSONNumber(Int64(rng.int(in: -3...70000)))),
            ].pickOne(&rng)
        case .string(let s):
            let utf8 = Array(s.utf8)
            new = [
                .number(JSONNumber(3)), .null, .string(""), .string(s.lowercased()), .string(s + "\u{0}"), .string(s + "😀"),
                ["hex": .string(ByteText.hex(utf8))], ["text": .string(s), "hex": .string(ByteText.hex(utf8))],
                ["text": .string(s + "x"), "hex": .string(ByteText.hex(utf8))], ["hex": "zz"], .bool(false),
                .string(rng.pick(Self.names)), .array([.string(s)]),
            ].pickOne(&rng)
        case .bool(let b):
            new = [.bool(!b), .number(JSONNumber(1)), .string("true"), .null].pickOne(&rng)
        case .object(var o):
            switch rng.int(in: 0..<7) {
            case 0 where !o.isEmpty: o.removeValue(forKey: rng.pick(o.keys))
            case 1: o["x"] = 1
            case 2: o["$x"] = 1
            case 3 where !o.isEmpty: o[rng.pick(o.keys)] = .null
            case 4: o["hex"] = "00"
            case 5:
                new = .null
                set(&v, path[...], new)
                return
            default:
                set(&v, path[...], .array([]))
                return
            }
            new = .object(o)
        case .array(var a):
            switch rng.int(in: 0..<4) {
            case 0 where !a.isEmpty: a.remove(at: rng.int(in: 0..<a.count))
            case 1 where !a.isEmpty: a.append(rng.pick(a))
            case 2: a.append(.null)
            default:
                new = .object(JSONObject())
                set(&v, path[...], new)
                return
            }
            new = .array(a)
        case .null:
            new = .number(JSONNumber(0))
        }
        set(&v, path[...], new)
    }
}

extension Array {
    /// One element, chosen by ``SplitMix64/pick(_:)``.
    fileprivate func pickOne(_ rng: inout SplitMix64) -> Element { rng.pick(self) }
}
