// tools/benchmarks/Sources/bench-instructions/main.swift - one benchmark op, N times, for
// instruction counting
//
//     bench-instructions CASE N
//
// Runs the op of CASE (see `cases`) N times after building its input. Under
// `valgrind --tool=callgrind` (tools/benchmarks/instructions.sh runs it with N and 0 and takes the
// difference) this gives instructions per op: exact and repeatable, unlike wall time on shared
// cores, so a change can be judged by a few tenths of a percent. The ops are those of the
// benchmarks of the same subject in RongWireBenchmarks.swift. The generated body types
// (`Modules_…`) are BenchProtos' public copy of the code RongEnvelope keeps at `package`
// visibility (tools/generate-protos.sh writes both).

import BenchFixtures
import BenchProtos
import Foundation
import RongCodec
import RongEnvelope
import SwiftProtobuf

@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

func must<T>(_ body: () throws -> T) -> T {
    do { return try body() } catch { fatalError("setup: \(error)") }
}

let registry = ContentRegistry.builtIn

func contentDecode(_ entry: CorpusEntry) -> (Int) -> Void {
    { n in for _ in 0..<n { blackHole(try! registry.decode(objectName: entry.objectName, bytes: entry.json)) } }
}

func envelopeDecode<M: SwiftProtobuf.Message>(_ frame: [UInt8], _ side: Side, _: M.Type) -> (Int) -> Void {
    { n in
        for _ in 0..<n {
            let p = try! Packet.decode(frame, from: side)
            blackHole(try! M(serializedBytes: p.body.payload ?? []))
        }
    }
}

/// The frame, then the body as RongEnvelope's public value (the wire codec): what RongWire runs.
func valueEnvelopeDecode<V: HotBody>(_ frame: [UInt8], _ side: Side, _: V.Type) -> (Int) -> Void {
    { n in
        for _ in 0..<n {
            let p = try! Packet.decode(frame, from: side)
            blackHole(try! V.decode(p.body.payload ?? []))
        }
    }
}

/// The same read in place (PacketView): the body decoded from the frame's bytes, no payload copy.
func viewEnvelopeDecode<V: HotBody>(_ frame: [UInt8], _ side: Side, _: V.Type) -> (Int) -> Void {
    { n in
        for _ in 0..<n {
            blackHole(try! Packet.withDecoded(frame, from: side) { view throws(CodecError) in try V.decode(view.payload!) })
        }
    }
}

func bodyDecode<M: SwiftProtobuf.Message>(_ frame: [UInt8], _ side: Side, _: M.Type) -> (Int) -> Void {
    let body = must { try Packet.decode(frame, from: side) }.body.payload ?? []
    return { n in for _ in 0..<n { blackHole(try! M(serializedBytes: body)) } }
}

/// The body of `frame` written from its public value, N times.
func valueEncode<V: HotBody>(_ frame: [UInt8], _ side: Side, _: V.Type) -> (Int) -> Void {
    let value = must { try V.decode(must { try Packet.decode(frame, from: side) }.body.payload ?? []) }
    return { n in for _ in 0..<n { blackHole(try! value.encoded()) } }
}

/// The frame written from the packet and its body's public value, N times: the envelope encode
/// rows (value → frame bytes).
func frameEncode<V: HotBody>(_ frame: [UInt8], _ side: Side, _: V.Type) -> (Int) -> Void {
    let packet = must { try Packet.decode(frame, from: side) }
    let value = must { try V.decode(packet.body.payload ?? []) }
    precondition(must { try value.frame(of: packet) } == frame, "the frame written is not the fixture")
    return { n in for _ in 0..<n { blackHole(try! value.frame(of: packet)) } }
}

/// The body of `frame` written by SwiftProtobuf from the generated message, N times.
func bodyEncode<M: SwiftProtobuf.Message>(_ frame: [UInt8], _ side: Side, _: M.Type) -> (Int) -> Void {
    let message = must { try M(serializedBytes: must { try Packet.decode(frame, from: side) }.body.payload ?? []) }
    return { n in for _ in 0..<n { blackHole(try! message.serializedBytes() as [UInt8]) } }
}

let cases: [String: () -> (Int) -> Void] = [
    "mixed-decode": {
        let mixed = Corpus.mixed
        return { n in
            for _ in 0..<n {
                for e in mixed { blackHole(try! registry.decode(objectName: e.objectName, bytes: e.json)) }
            }
        }
    },
    // The same contents checked into a borrowed ContentView: no owned value, no Strings.
    "mixed-decode-view": {
        let mixed = Corpus.mixed
        return { n in
            for _ in 0..<n {
                for e in mixed { blackHole(try! registry.withDecodedView(objectName: e.objectName, bytes: e.json) { $0.leniencies }) }
            }
        }
    },
    // The view, then one member read as a String (the text of a text message, the `extra` or
    // `content` of the others when present): a router's look at each message.
    "mixed-decode-view-read": {
        let mixed = Corpus.mixed
        return { n in
            for _ in 0..<n {
                for e in mixed { blackHole(try! registry.withDecodedView(objectName: e.objectName, bytes: e.json) { $0.string("content") ?? $0.string("extra") }) }
            }
        }
    },
    // The baseline of the mixed-corpus decode row, for a ratio in instructions.
    "mixed-decode-jsonserialization": {
        let datas = Corpus.mixed.map { Data($0.json) }
        return { n in for _ in 0..<n { for d in datas { blackHole(try! JSONSerialization.jsonObject(with: d)) } } }
    },
    "mixed-encode": {
        let decoded = Corpus.mixed.map { e in must { try registry.decode(objectName: e.objectName, bytes: e.json) } }
        return { n in for _ in 0..<n { for d in decoded { blackHole(try! d.jsonBytes()) } } }
    },
    "txt-decode": { contentDecode(Corpus.text) },
    "txt-decode-view": {
        let entry = Corpus.text
        return { n in for _ in 0..<n { blackHole(try! registry.withDecodedView(objectName: entry.objectName, bytes: entry.json) { $0.leniencies }) } }
    },
    "img-decode": { contentDecode(Corpus.image) },
    "ref-decode": { contentDecode(Corpus.reference) },
    "grp-decode": { contentDecode(Corpus.group) },
    "rcntf-decode": { contentDecode(Corpus.recall) },
    "typsts-decode": { contentDecode(Corpus.typing) },
    "read-decode": { contentDecode(Corpus.read) },
    "txt128k-decode": {
        let bytes = Corpus.largeText(size: DecodingOptions.protocolContentLimit)
        return { n in for _ in 0..<n { blackHole(try! registry.decode(objectName: "RC:TxtMsg", bytes: bytes)) } }
    },
    "txt128k-decode-view": {
        let bytes = Corpus.largeText(size: DecodingOptions.protocolContentLimit)
        return { n in for _ in 0..<n { blackHole(try! registry.withDecodedView(objectName: "RC:TxtMsg", bytes: bytes) { $0.leniencies }) } }
    },
    // Frame and body as RongWire decodes them (the body with its own wire codec), and the same
    // with SwiftProtobuf's generated code on the body (what RongWire ran before the wire codec).
    "up-decode": { valueEnvelopeDecode(must { try EnvelopeFixtures.publishUp() }, .client, UpStreamMessage.self) },
    "down-decode": { valueEnvelopeDecode(must { try EnvelopeFixtures.publishDown() }, .server, DownStreamMessage.self) },
    "pull-decode": { valueEnvelopeDecode(must { try EnvelopeFixtures.pull200() }, .server, DownStreamMessages.self) },
    "up-decode-view": { viewEnvelopeDecode(must { try EnvelopeFixtures.publishUp() }, .client, UpStreamMessage.self) },
    "down-decode-view": { viewEnvelopeDecode(must { try EnvelopeFixtures.publishDown() }, .server, DownStreamMessage.self) },
    "pull-decode-view": { viewEnvelopeDecode(must { try EnvelopeFixtures.pull200() }, .server, DownStreamMessages.self) },
    "up-decode-swiftprotobuf": { envelopeDecode(must { try EnvelopeFixtures.publishUp() }, .client, Modules_UpStreamMessage.self) },
    "down-decode-swiftprotobuf": { envelopeDecode(must { try EnvelopeFixtures.publishDown() }, .server, Modules_DownStreamMessage.self) },
    "pull-decode-swiftprotobuf": { envelopeDecode(must { try EnvelopeFixtures.pull200() }, .server, Modules_DownStreamMessages.self) },
    "up-body": { bodyDecode(must { try EnvelopeFixtures.publishUp() }, .client, Modules_UpStreamMessage.self) },
    "down-body": { bodyDecode(must { try EnvelopeFixtures.publishDown() }, .server, Modules_DownStreamMessage.self) },
    "pull-body": { bodyDecode(must { try EnvelopeFixtures.pull200() }, .server, Modules_DownStreamMessages.self) },
    // The body alone as RongEnvelope's public value (its wire codec).
    "up-value": {
        let body = must { try Packet.decode(EnvelopeFixtures.publishUp(), from: .client) }.body.payload ?? []
        return { n in for _ in 0..<n { blackHole(try! UpStreamMessage.decode(body)) } }
    },
    "down-value": {
        let body = must { try Packet.decode(EnvelopeFixtures.publishDown(), from: .server) }.body.payload ?? []
        return { n in for _ in 0..<n { blackHole(try! DownStreamMessage.decode(body)) } }
    },
    "pull-value": {
        let body = must { try Packet.decode(EnvelopeFixtures.pull200(), from: .server) }.body.payload ?? []
        return { n in for _ in 0..<n { blackHole(try! DownStreamMessages.decode(body)) } }
    },
    // The body alone written from RongEnvelope's public value (its wire writer), and from the
    // generated message by SwiftProtobuf: the body part of the envelope encode rows.
    "up-encode-value": { valueEncode(must { try EnvelopeFixtures.publishUp() }, .client, UpStreamMessage.self) },
    "down-encode-value": { valueEncode(must { try EnvelopeFixtures.publishDown() }, .server, DownStreamMessage.self) },
    "pull-encode-value": { valueEncode(must { try EnvelopeFixtures.pull200() }, .server, DownStreamMessages.self) },
    // The whole encode row: value → frame bytes.
    "up-encode": { frameEncode(must { try EnvelopeFixtures.publishUp() }, .client, UpStreamMessage.self) },
    "down-encode": { frameEncode(must { try EnvelopeFixtures.publishDown() }, .server, DownStreamMessage.self) },
    "pull-encode": { frameEncode(must { try EnvelopeFixtures.pull200() }, .server, DownStreamMessages.self) },
    "up-encode-swiftprotobuf": { bodyEncode(must { try EnvelopeFixtures.publishUp() }, .client, Modules_UpStreamMessage.self) },
    "down-encode-swiftprotobuf": { bodyEncode(must { try EnvelopeFixtures.publishDown() }, .server, Modules_DownStreamMessage.self) },
    "pull-encode-swiftprotobuf": { bodyEncode(must { try EnvelopeFixtures.pull200() }, .server, Modules_DownStreamMessages.self) },
    "down-inbound": {
        let frame = must { try EnvelopeFixtures.publishDown() }
        return { n in for _ in 0..<n { blackHole(try! InboundMessage(packet: try! Packet.decode(frame, from: .server))) } }
    },
    "down-inbound-view": {
        let frame = must { try EnvelopeFixtures.publishDown() }
        return { n in
            for _ in 0..<n { blackHole(try! Packet.withDecoded(frame, from: .server) { view throws(CodecError) in try InboundMessage(view: view) }) }
        }
    },
    "pull-inbound-view": {
        let frame = must { try EnvelopeFixtures.pull200() }
        return { n in
            for _ in 0..<n {
                blackHole(try! Packet.withDecoded(frame, from: .server) { view throws(CodecError) in try InboundMessage.pullResult(view.payload!) })
            }
        }
    },
    "up-outbound": {
        let message = must { try EnvelopeFixtures.outboundText() }
        return { n in for _ in 0..<n { blackHole(try! message.encoded(messageId: 17)) } }
    },
    "pull-inbound": {
        let frame = must { try EnvelopeFixtures.pull200() }
        return { n in
            for _ in 0..<n {
                guard case .queryAck(let ack) = try! Packet.decode(frame, from: .server).body else { fatalError("not a QUERYACK") }
                blackHole(try! InboundMessage.pullResult(ack.payload))
            }
        }
    },
]

let args = CommandLine.arguments
let allCases = cases.merging(cInterfaceCases) { _, new in new }
guard args.count == 3, let make = allCases[args[1]], let n = Int(args[2]) else {
    fatalError("usage: bench-instructions CASE N; cases: \(allCases.keys.sorted().joined(separator: " "))")
}
let op = make()
op(1)  // warm up: lazy globals, first-call metadata
op(n)
