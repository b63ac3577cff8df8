// Sources/RongConformance/Differential/Differential.swift - the model: corpus seeds, generated inputs, disagreements

import RongEnvelope
import RongCodec
import RongSupport

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
        /// The packet.
        public var bytes: [UInt8]
        /// Its sender: `client` or `server`.
        public var from: String
        /// For a QUERYACK: the topic of the QUERY it answers.
        public var queryTopic: Topic?
        /// The vector it comes from.
        public var id: String
        /// The connection's protocol version (the vector's `protocolVer`).
        public var protocolVersion: ProtocolVersion = .v3
    }

    /// One packet JSON value of the seed corpus (for `frame-encode`).
    public struct ValueSeed: Sendable, Hashable {
        /// The packet JSON value.
        public var value: JSONValue
        /// Its sender: `client` or `server`.
        public var from: String
        /// The vector it comes from.
        public var id: String
        /// From an accepting vector: the value has no fault of its own (a rejecting vector's
        /// value has one).
        public var valid = true
        /// The connection's protocol version (the vector's `protocolVer`).
        public var protocolVersion: ProtocolVersion = .v3
    }

    /// One generated input.
    public struct Input: Sendable, Hashable {
        /// Its number in the run (the same seed and number give the same input).
        public var index: Int
        /// `frame-decode` (bytes) or `frame-encode` (value).
        public var kind: Vector.Kind
        /// How it was made: `seed`, `bitFlip`, `truncate`, `insert`, `lengthEdit`, `splice`,
        /// `havoc`, `random` for packets; `seed`, `json` for values.
        public var mutation: String
        /// The seed vector it started from (nil for random packets).
        public var seedId: String?
        /// The packet (`frame-decode`; empty for a value).
        public var bytes: [UInt8]
        /// The packet JSON value (`frame-encode`).
        public var value: JSONValue?
        /// The sender: `client` or `server`.
        public var from: String
        /// For a QUERYACK: the topic of the QUERY it answers.
        public var queryTopic: Topic?
        /// For a packet JSON value: how many faults it holds, the seed's own (a rejecting
        /// vector's) plus one per edit; nil for packets. With exactly one, the error code is
        /// not a matter of which check runs first.
        public var faults: Int?
        /// The connection's protocol version both testees are told (a CONNACK's layout).
        public var protocolVersion: ProtocolVersion = .v3

        init(index: Int, mutation: String, seedId: String?, bytes: [UInt8], from: String, queryTopic: Topic?) {
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

        /// The request both testees get.
        public var request: TesteeRequest {
            var r = TesteeRequest(
                id: "differential.\(index)", kind: kind.rawValue, from: from, queryTopic: queryTopic,
                input: value.map { .value($0) } ?? .bytes(bytes))
            // Said only for version 4, so version-3 requests are the ones testees always got.
            r.protocolVersion = protocolVersion == .v3 ? nil : protocolVersion
            return r
        }

        /// The input for reports: hex, or the packet JSON text.
        public var text: String {
            guard let value else { return Hex.encode(bytes) }
            return value.compactText()
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

        /// In the order of the cases (reports list categories this way).
        public static func < (a: Category, b: Category) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// One input on which the two testees disagree.
    public struct Disagreement: Sendable {
        /// The input.
        public var input: Input
        /// How the answers differ.
        public var category: Category
        /// The reference's answer (nil when it crashed or timed out).
        public var reference: TesteeResponse?
        /// The other testee's answer (nil when it crashed or timed out).
        public var other: TesteeResponse?
        /// A one-line account of the difference.
        public var detail: String
    }

    /// The packets of the corpus (``seeds(from:)``).
    public let seeds: [Seed]
    /// The packet JSON values of the corpus (``valueSeeds(from:)``).
    public let valueSeeds: [ValueSeed]
    /// The seed of the generated inputs.
    public let seed: UInt64
    /// Different error codes on a one-fault packet JSON value are a disagreement
    /// (``Category/errorCode``), not only counted.
    public var strictCodes = false

    /// A differential run over a corpus, generating inputs from `seed`.
    public init(seeds: [Seed], valueSeeds: [ValueSeed] = [], seed: UInt64, strictCodes: Bool = false) {
        self.seeds = seeds
        self.valueSeeds = valueSeeds
        self.seed = seed
        self.strictCodes = strictCodes
    }

    /// A short hash of the corpus (FNV-1a, 64 bits, over every seed's bytes, direction, QUERY
    /// topic, id and protocol version, and every value seed's JSON, direction, id and protocol
    /// version): the inputs depend on the
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
            add((s.queryTopic?.text ?? "").utf8)
            add(s.id.utf8)
            // Version 3 adds nothing, so a corpus without version-4 seeds hashes as it did before.
            if s.protocolVersion != .v3 { add([s.protocolVersion.rawValue]) }
        }
        for v in valueSeeds {
            add((try? v.value.canonicalBytes()) ?? [])
            add(v.from.utf8)
            add(v.id.utf8)
            add(v.valid ? [1] : [0])
            if v.protocolVersion != .v3 { add([v.protocolVersion.rawValue]) }
        }
        return Hex.encode(withUnsafeBytes(of: h.bigEndian) { Array($0) })
    }

    /// The seed corpus: the input bytes of `frame-decode` vectors and the expected bytes of
    /// accepting `frame-encode` vectors, each once per (bytes, from, queryTopic, protocol version).
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
            let version = v.protocolVersion ?? .v3
            let key = bytes + Array(from.utf8) + [0, version.rawValue] + Array((v.queryTopic?.text ?? "").utf8)
            if seen.insert(key).inserted {
                out.append(Seed(bytes: bytes, from: from, queryTopic: v.queryTopic, id: v.id, protocolVersion: version))
            }
        }
        return out
    }

    /// The packet JSON values of the corpus: the input of every `frame-encode` vector and the
    /// expected value of every accepting `frame-decode` vector, each once per (value, from,
    /// protocol version).
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
            let version = v.protocolVersion ?? .v3
            if seen.insert(.array([value, .string(from), .number(JSONNumber(Int(version.rawValue)))])).inserted {
                out.append(ValueSeed(value: value, from: from, id: v.id, valid: v.expect.outcome == .accept, protocolVersion: version))
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
                var input = Input(index: index, mutation: "seed", seedId: s.id, value: s.value, from: s.from, faults: s.valid ? 0 : 1)
                input.protocolVersion = s.protocolVersion
                return input
            }
            // A stream of its own, so --count does not change the values generated.
            var rng = SplitMix64(seed: (seed ^ 0x5EED_0F0A_15CE_0DE5) &+ UInt64(j) &* 0x9E37_79B9_7F4A_7C15)
            return JSONMutator().make(index: index, valueSeeds, &rng)
        }
        if index < seeds.count {
            let s = seeds[index]
            var input = Input(index: index, mutation: "seed", seedId: s.id, bytes: s.bytes, from: s.from, queryTopic: s.queryTopic)
            input.protocolVersion = s.protocolVersion
            return input
        }
        var rng = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        var m = PacketMutator(seeds: seeds)
        return m.make(index: index, &rng)
    }
}
