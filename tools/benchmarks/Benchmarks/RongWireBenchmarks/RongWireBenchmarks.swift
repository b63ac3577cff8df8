// tools/benchmarks/Benchmarks/RongWireBenchmarks/RongWireBenchmarks.swift - every benchmark
//
// Names follow one pattern that tools/benchmarks/table.py reads:
//
//     <subject> [<bytes per op> B] | <implementation>
//
// Rows with the same subject are the same work on the same bytes; the table gives each
// baseline's time as a multiple of RongWire's. One op is one decode or encode of the subject
// (for the mixed corpus: all 100 messages). Times and malloc counts are per op: every benchmark
// runs its op `scaledIterations` times per sample.

import Benchmark
import BenchFixtures
import BenchProtos
import Foundation
import RongCodec
import RongEnvelope
import SwiftProtobuf

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        scalingFactor: .kilo,
        maxDuration: .seconds(1),
        maxIterations: 1_000,
        // Malloc counts are exact for a given build: any increase is a regression.
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 0], absolute: [.p90: 0])])

    contentBenchmarks()
    memoryBenchmarks()
    envelopeBenchmarks()
    messageBenchmarks()
}

/// `subject [n B] | impl`.
func name(_ subject: String, bytes: Int, _ impl: String) -> String { "\(subject) [\(bytes) B] | \(impl)" }

/// Fails the run loudly: a benchmark whose input does not decode measures nothing.
func must<T>(_ what: String, _ body: () throws -> T) -> T {
    do { return try body() } catch { fatalError("benchmark setup: \(what): \(error)") }
}

// MARK: - Content

func contentBenchmarks() {
    let registry = ContentRegistry.builtIn
    for entry in Corpus.types {
        let bytes = entry.json
        let data = Data(bytes)
        let subject = entry.shortName
        let decoded = must("decode \(entry.objectName)") { try registry.decode(objectName: entry.objectName, bytes: bytes) }
        // The corpus is canonical, so encode writes the same bytes it decoded.
        precondition(must("encode \(entry.objectName)") { try decoded.jsonBytes() } == bytes, "\(entry.objectName) corpus entry is not canonical")
        let object = must("JSONSerialization \(entry.objectName)") { try JSONSerialization.jsonObject(with: data) }
        let codable = CodableCodec.forObjectName(entry.objectName)
        let model = must("JSONDecoder \(entry.objectName)") { try codable.decode(JSONDecoder(), data) }

        Benchmark(name("content decode \(subject)", bytes: bytes.count, "RongWire")) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try registry.decode(objectName: entry.objectName, bytes: bytes))
            }
        }
        Benchmark(name("content decode \(subject)", bytes: bytes.count, "JSONSerialization")) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try JSONSerialization.jsonObject(with: data)) }
        }
        // The same content checked into a borrowed ContentView (no owned value, no Strings).
        Benchmark(name("content decode \(subject) (view)", bytes: bytes.count, "RongWire")) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try registry.withDecodedView(objectName: entry.objectName, bytes: bytes) { $0.leniencies })
            }
        }
        Benchmark(name("content decode \(subject)", bytes: bytes.count, "JSONDecoder")) { benchmark in
            let decoder = JSONDecoder()
            for _ in benchmark.scaledIterations { blackHole(try codable.decode(decoder, data)) }
        }
        Benchmark(name("content encode \(subject)", bytes: bytes.count, "RongWire")) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try decoded.jsonBytes()) }
        }
        Benchmark(name("content encode \(subject)", bytes: bytes.count, "JSONSerialization")) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try JSONSerialization.data(withJSONObject: object)) }
        }
        Benchmark(name("content encode \(subject)", bytes: bytes.count, "JSONEncoder")) { benchmark in
            let encoder = JSONEncoder()
            for _ in benchmark.scaledIterations { blackHole(try codable.encode(encoder, model)) }
        }
    }

    // The mixed corpus: 100 messages (Corpus.mixed), one op decodes or encodes all of them.
    let mixed = Corpus.mixed
    let total = Corpus.mixedBytes
    let datas = mixed.map { Data($0.json) }
    let decodedAll = mixed.map { e in must("decode \(e.objectName)") { try registry.decode(objectName: e.objectName, bytes: e.json) } }
    let objects = datas.map { d in must("JSONSerialization") { try JSONSerialization.jsonObject(with: d) } }
    let codecs = mixed.map { CodableCodec.forObjectName($0.objectName) }
    let models = zip(codecs, datas).map { c, d in must("JSONDecoder") { try c.decode(JSONDecoder(), d) } }
    let mixedConfig = Benchmark.Configuration(scalingFactor: .one, maxIterations: 10_000)

    /// One op runs `each` on every message of the mixed corpus, by index.
    func mixedCorpus(_ op: String, _ impl: String, view: Bool = false, suffix: String = "", _ each: @escaping (Int) throws -> Void) {
        let subject = "content \(op) mixed corpus ×100" + (view ? " (view\(suffix))" : "")
        Benchmark(name(subject, bytes: total, impl), configuration: mixedConfig) { benchmark in
            for _ in benchmark.scaledIterations {
                for i in mixed.indices { try each(i) }
            }
        }
    }
    let decoder = JSONDecoder(), encoder = JSONEncoder()
    mixedCorpus("decode", "RongWire") { blackHole(try registry.decode(objectName: mixed[$0].objectName, bytes: mixed[$0].json)) }
    mixedCorpus("decode", "RongWire", view: true) {
        blackHole(try registry.withDecodedView(objectName: mixed[$0].objectName, bytes: mixed[$0].json) { $0.leniencies })
    }
    // A router's look: the view, then one member made into a String (`content`, else `extra`).
    mixedCorpus("decode", "RongWire", view: true, suffix: ", one string read") {
        blackHole(try registry.withDecodedView(objectName: mixed[$0].objectName, bytes: mixed[$0].json) { $0.string("content") ?? $0.string("extra") })
    }
    mixedCorpus("decode", "JSONSerialization") { blackHole(try JSONSerialization.jsonObject(with: datas[$0])) }
    mixedCorpus("decode", "JSONDecoder") { blackHole(try codecs[$0].decode(decoder, datas[$0])) }
    mixedCorpus("encode", "RongWire") { blackHole(try decodedAll[$0].jsonBytes()) }
    mixedCorpus("encode", "JSONSerialization") { blackHole(try JSONSerialization.data(withJSONObject: objects[$0])) }
    mixedCorpus("encode", "JSONEncoder") { blackHole(try codecs[$0].encode(encoder, models[$0])) }
}

// MARK: - Memory

/// Decoding the largest content the protocol allows. `mallocBytesCount` is every byte requested
/// from malloc during one decode, live or not, so it bounds the peak extra memory from above.
func memoryBenchmarks() {
    let registry = ContentRegistry.builtIn
    let size = DecodingOptions.protocolContentLimit
    let bytes = Corpus.largeText(size: size)
    precondition(bytes.count == size)
    _ = must("decode the 128 KB text") { try registry.decode(objectName: "RC:TxtMsg", bytes: bytes) }
    let data = Data(bytes)
    let config = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount], units: [.mallocBytesCount: .count],
        scalingFactor: .one, maxIterations: 10_000,
        thresholds: [
            .mallocCountTotal: .init(relative: [.p90: 0], absolute: [.p90: 0]),
            .mallocBytesCount: .init(relative: [.p90: 0], absolute: [.p90: 0]),
        ])
    Benchmark(name("content decode TxtMsg 128 KB", bytes: size, "RongWire"), configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try registry.decode(objectName: "RC:TxtMsg", bytes: bytes)) }
    }
    Benchmark(name("content decode TxtMsg 128 KB (view)", bytes: size, "RongWire"), configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try registry.withDecodedView(objectName: "RC:TxtMsg", bytes: bytes) { $0.leniencies }) }
    }
    Benchmark(name("content decode TxtMsg 128 KB", bytes: size, "JSONSerialization"), configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSONSerialization.jsonObject(with: data)) }
    }
}

// MARK: - Envelope

/// Frame ↔ packet with its protobuf body; the contents are not decoded. Baseline: SwiftProtobuf
/// alone on the body (the protobuf-c anchor is c/pbc-bench.c, on the same bytes). RongWire's rows
/// read and write the body as RongEnvelope's public value with its own wire codec; the
/// SwiftProtobuf rows use BenchProtos' public copy of the generated code (in RongEnvelope at
/// `package` visibility, which this package cannot see).
func envelopeBenchmarks() {
    let pull = Benchmark.Configuration(scalingFactor: .one, maxIterations: 10_000)
    envelopeBenchmarks("PUBLISH up", frame: must("PUBLISH up") { try EnvelopeFixtures.publishUp() }, from: .client,
                       Modules_UpStreamMessage.self, UpStreamMessage.self)
    envelopeBenchmarks("PUBLISH down", frame: must("PUBLISH down") { try EnvelopeFixtures.publishDown() }, from: .server,
                       Modules_DownStreamMessage.self, DownStreamMessage.self)
    envelopeBenchmarks("pull ×200", frame: must("pull") { try EnvelopeFixtures.pull200() }, from: .server,
                       Modules_DownStreamMessages.self, DownStreamMessages.self, configuration: pull)
}

/// Decode and encode of one frame whose body is a `V` (RongWire) or an `M` (SwiftProtobuf alone).
func envelopeBenchmarks<M: SwiftProtobuf.Message, V: HotBody>(
    _ label: String, frame: [UInt8], from side: Side, _: M.Type, _: V.Type,
    configuration: Benchmark.Configuration = Benchmark.defaultConfiguration
) {
    let packet = must("\(label) frame") { try Packet.decode(frame, from: side) }
    let body = packet.body.payload ?? []
    let message = must("\(label) body") { try M(serializedBytes: body) }
    let value = must("\(label) body value") { try V.decode(body) }

    // RongWire: the frame, then the body as its public value.
    Benchmark(name("envelope decode \(label)", bytes: frame.count, "RongWire"), configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            let p = try Packet.decode(frame, from: side)
            blackHole(try V.decode(p.body.payload ?? []))
        }
    }
    // RongWire read in place (PacketView): the body decoded from the frame's bytes, no payload copy.
    Benchmark(name("envelope decode \(label) (view)", bytes: frame.count, "RongWire"), configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Packet.withDecoded(frame, from: side) { view throws(CodecError) in try V.decode(view.payload ?? UnsafeRawBufferPointer(start: nil, count: 0)) })
        }
    }
    Benchmark(name("envelope decode \(label)", bytes: frame.count, "SwiftProtobuf"), configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try M(serializedBytes: body)) }
    }
    // RongWire: the body serialised into the packet, then the frame.
    Benchmark(name("envelope encode \(label)", bytes: frame.count, "RongWire"), configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try value.frame(of: packet))
        }
    }
    Benchmark(name("envelope encode \(label)", bytes: frame.count, "SwiftProtobuf"), configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try message.serializedBytes() as [UInt8]) }
    }
}

// MARK: - Whole messages

/// What an SDK or server does per message: typed outbound message → frame bytes, frame bytes
/// → typed inbound message (content decoded), and a pull result of 200 → 200 typed messages.
func messageBenchmarks() {
    let outbound = must("outbound") { try EnvelopeFixtures.outboundText() }
    let up = must("PUBLISH up") { try EnvelopeFixtures.publishUp() }
    let down = must("PUBLISH down") { try EnvelopeFixtures.publishDown() }
    let pull = must("pull") { try EnvelopeFixtures.pull200() }
    let decodedPull = must("pull") { () throws -> InboundMessage.PullResult in
        guard case .queryAck(let ack) = try Packet.decode(pull, from: .server).body else { fatalError("not a QUERYACK") }
        return try InboundMessage.pullResult(ack.payload)
    }
    precondition(decodedPull.messages.count == 200 && decodedPull.messages.allSatisfy { (try? $0.get()) != nil })

    Benchmark(name("message outbound TxtMsg → frame", bytes: up.count, "RongWire")) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try outbound.encoded(messageId: 17)) }
    }
    Benchmark(name("message frame → inbound TxtMsg", bytes: down.count, "RongWire")) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try InboundMessage(packet: try Packet.decode(down, from: .server)))
        }
    }
    Benchmark(name("message frame → inbound TxtMsg (view)", bytes: down.count, "RongWire")) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Packet.withDecoded(down, from: .server) { view throws(CodecError) in try InboundMessage(view: view) })
        }
    }
    Benchmark(name("message pull frame → 200 inbound (view)", bytes: pull.count, "RongWire"),
              configuration: .init(scalingFactor: .one, maxIterations: 10_000)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Packet.withDecoded(pull, from: .server) { view throws(CodecError) in
                try InboundMessage.pullResult(view.payload ?? UnsafeRawBufferPointer(start: nil, count: 0))
            })
        }
    }
    Benchmark(name("message pull frame → 200 inbound", bytes: pull.count, "RongWire"),
              configuration: .init(scalingFactor: .one, maxIterations: 10_000)) { benchmark in
        for _ in benchmark.scaledIterations {
            guard case .queryAck(let ack) = try Packet.decode(pull, from: .server).body else { fatalError("not a QUERYACK") }
            blackHole(try InboundMessage.pullResult(ack.payload))
        }
    }
}
