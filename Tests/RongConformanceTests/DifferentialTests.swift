// Tests/RongConformanceTests/DifferentialTests.swift - rongwire differential's inputs and verdicts

import RongEnvelope
import RongCodec
import RongSupport
import RongTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import RongConformance

/// A testee that answers like RongWire except where told to lie.
private final class LyingTestee: Testee {
    let name = "liar"
    let honest = CodecTestee()
    let lie: (TesteeRequest, TesteeResponse) -> TesteeResponse

    init(_ lie: @escaping (TesteeRequest, TesteeResponse) -> TesteeResponse) { self.lie = lie }

    func handle(_ request: TesteeRequest) -> TesteeResponse { lie(request, honest.handle(request)) }
}

/// `rongwire differential`'s inputs and verdicts, and one short run against the real oracle: the
/// C testee, when tools/testee-c has been built (the test says it is skipped otherwise).
@Suite("Differential")
struct DifferentialTests {
    /// The envelope corpus, read once for the whole suite.
    static let loaded = Result { try VectorLoader().load(files: try VectorLoader.files(in: [packageRoot() + "/vectors/envelope"])) }

    static func corpus() throws -> [Vector] { try loaded.get() }

    @Test("inputs depend only on the seed and the index; seeds differ")
    func reproducible() throws {
        let vectors = try Self.corpus()
        let a = Differential(seeds: Differential.seeds(from: vectors), valueSeeds: Differential.valueSeeds(from: vectors), seed: 42)
        let b = Differential(seeds: Differential.seeds(from: vectors), valueSeeds: Differential.valueSeeds(from: vectors), seed: 42)
        let c = Differential(seeds: a.seeds, valueSeeds: a.valueSeeds, seed: 43)
        for i in [0, a.seeds.count, 5_000, 99_999, 100_000 + a.valueSeeds.count + 7] {
            #expect(a.input(i, count: 100_000) == b.input(i, count: 100_000))
        }
        let later = (a.seeds.count..<(a.seeds.count + 50)).map { a.input($0, count: 100_000) }
        #expect(later != (a.seeds.count..<(a.seeds.count + 50)).map { c.input($0, count: 100_000) })
        // The corpus comes first, unmodified, then generated inputs of every mutation.
        #expect(a.input(0, count: 100_000).mutation == "seed")
        #expect(Set((a.seeds.count..<(a.seeds.count + 800)).map { a.input($0, count: 100_000).mutation })
            == ["bitFlip", "truncate", "insert", "lengthEdit", "splice", "havoc", "random"])
        #expect(a.input(100_000, count: 100_000).kind == .frameEncode)
        #expect(a.input(100_000 + a.valueSeeds.count, count: 100_000).mutation == "json")
    }

    /// The C testee built by tools/testee-c/build.sh; nil when it has not been built.
    static let cTestee: String? = {
        let path = packageRoot() + "/tools/testee-c/build/rongwire-testee-c"
        return access(path, X_OK) == 0 ? path : nil
    }()

    @Test(
        "RongWire against the C testee (tools/testee-c, written from spec/envelope.md alone): no disagreement",
        .enabled(
            if: Self.cTestee != nil,
            "the C testee is not built: run tools/testee-c/build.sh (installs protobuf-c), then swift test again; .ci/run builds it and runs the long differential"))
    func againstTheCTestee() throws {
        let vectors = try Self.corpus()
        let d = Differential(
            seeds: Differential.seeds(from: vectors), valueSeeds: Differential.valueSeeds(from: vectors), seed: 20_261_126, strictCodes: true)
        let other = SubprocessTestee(command: "'\(try #require(Self.cTestee))'", timeout: 60)
        defer { other.stop() }
        // A quick pass for the suite; .ci/run's differential step does 120,000 inputs.
        let s = d.run(count: 1_500, jsonCount: 500, reference: CodecTestee(), other: other)
        #expect(s.inputs == 2_000)
        #expect(s.acceptedByBoth > 0 && s.rejectedByBoth > 0)
        #expect(s.disagreements.isEmpty, "\(d.text(s, show: 3))")
        #expect(other.exitProblems.isEmpty)
    }

    @Test("comparator: RongWire against itself gives no disagreement (equal answers must compare equal)")
    func comparatorOnEqualAnswers() throws {
        let vectors = try Self.corpus()
        let d = Differential(seeds: Differential.seeds(from: vectors), valueSeeds: Differential.valueSeeds(from: vectors), seed: 7)
        let s = d.run(count: 600, jsonCount: 200, reference: CodecTestee(), other: CodecTestee())
        #expect(s.inputs == 800)
        #expect(s.disagreements.isEmpty)
        #expect(s.acceptedByBoth > 0 && s.rejectedByBoth > 0)
    }

    @Test("every kind of difference is reported in its category")
    func categories() throws {
        let vectors = try Self.corpus()
        let d = Differential(seeds: Differential.seeds(from: vectors), seed: 1)
        let count = min(d.seeds.count, 400)  // corpus inputs only (known answers); 400 reach every category
        func run(_ lie: @escaping (TesteeRequest, TesteeResponse) -> TesteeResponse) -> Differential.Summary {
            d.run(count: count, reference: CodecTestee(), other: LyingTestee(lie))
        }
        // Rejects what RongWire accepts.
        let r1 = run { _, r in if case .accepted = r { .rejected(error: "invalidValue", message: nil) } else { r } }
        #expect(r1.count(.acceptReject) > 0 && r1.acceptedByBoth == 0)
        // Same outcome, another value.
        let r2 = run { _, r in
            if case .accepted(var v?, let b, let l) = r, case .object(var o) = v {
                o["messageId"] = 9999
                v = .object(o)
                return .accepted(value: v, bytes: b, leniencies: l)
            }
            return r
        }
        #expect(r2.count(.value) > 0 && r2.count(.acceptReject) == 0)
        // Same value, other bytes.
        let r3 = run { _, r in if case .accepted(let v, let b?, let l) = r { .accepted(value: v, bytes: b + [0], leniencies: l) } else { r } }
        #expect(r3.count(.bytes) > 0 && r3.count(.value) == 0)
        // A derived member only one side produces is not a difference.
        let r4 = run { _, r in
            if case .accepted(var v?, let b, let l) = r, case .object(var o) = v {
                o["$extra"] = 1
                v = .object(o)
                return .accepted(value: v, bytes: b, leniencies: l)
            }
            return r
        }
        #expect(r4.disagreements.isEmpty)
        // An error answer is a testee failure; a different rejection code is only counted.
        let r5 = run { _, r in if case .rejected = r { .rejected(error: "somethingElse", message: nil) } else { .runtimeError(message: "boom") } }
        #expect(r5.count(.testeeFailure) == r5.inputs - r5.rejectedByBoth)
        #expect(r5.differentErrorCodes == r5.rejectedByBoth)
    }

    @Test("the report lists every disagreement with its input and both answers")
    func report() throws {
        let vectors = try Self.corpus()
        let d = Differential(seeds: Differential.seeds(from: vectors), seed: 3)
        let s = d.run(count: 20, reference: CodecTestee(), other: LyingTestee { _, _ in .skipped(reason: "no") })
        let r = d.report(s, count: 20, jsonCount: 0, referenceName: "a", otherName: "b")
        let list = try #require(r.objectValue?["disagreements"]?.arrayValue)
        #expect(list.count == 20)
        #expect(list[0].objectValue?["hex"]?.stringValue == Hex.encode(d.seeds[0].bytes))
        #expect(list[0].objectValue?["other"]?.objectValue?["result"] == "skipped")
        #expect(d.text(s, show: 2).contains("disagreements: 20"))
    }

    /// A corpus of its own, so the pinned inputs do not move when vectors/ changes.
    static let goldenCorpus = Differential(
        seeds: [
            Differential.Seed(bytes: [0x32, 0x00, 0x06] + Array("ppMsgP".utf8) + [0x00, 0x02, 0x75, 0x32, 0x00, 0x01, 0x08, 0x03], from: "client", queryTopic: nil, id: "a"),
            Differential.Seed(bytes: [0x61, 0x00, 0x09, 0x65, 0x53, 0xF1, 0x00, 0x00, 0x00, 0x10, 0x01], from: "server", queryTopic: .pullMsg, id: "b"),
        ],
        valueSeeds: [
            Differential.ValueSeed(value: ["header": ["type": "QUERYCON"], "messageId": 7], from: "client", id: "c")
        ],
        seed: 20_261_122)

    @Test("generated inputs are pinned: the same seed and corpus give these bytes on every platform and Swift release")
    func goldenInputs() {
        let d = Self.goldenCorpus
        #expect(d.corpusHash == "c9c9f5d675959915")
        let got = (2..<8).map { Hex.encode(d.input($0, count: 10).bytes) }
        #expect(
            got == [
                "32438b70704d7367500002753200010803", "5e0f58e00cc381016100096553f10000001001", "",
                "400005735f636d6400016800e0ce01562d0b16c72f", "32000670704d776750000275704d7367500002753200010803",
                "32080670704d7367500002753200010803",
            ])
        let value = d.input(12, count: 10)
        #expect(value.text == #"{"header":{"type":"QUERYCON"}}"#)
    }

    @Test("the corpus hash changes with the corpus")
    func corpusHash() {
        let d = Self.goldenCorpus
        var seeds = d.seeds
        seeds[0].bytes[0] ^= 1
        #expect(Differential(seeds: seeds, valueSeeds: d.valueSeeds, seed: 1).corpusHash != d.corpusHash)
        #expect(Differential(seeds: d.seeds, valueSeeds: [], seed: 1).corpusHash != d.corpusHash)
        #expect(Differential(seeds: d.seeds, valueSeeds: d.valueSeeds, seed: 99).corpusHash == d.corpusHash)
        // The protocol version is part of a seed.
        seeds = d.seeds
        seeds[0].protocolVersion = .v4
        #expect(Differential(seeds: seeds, valueSeeds: d.valueSeeds, seed: 1).corpusHash != d.corpusHash)
    }

    @Test("version-4 seeds reach both testees with protocolVer 4, and now and then with the other version")
    func protocolVersionTravels() {
        let connack: [UInt8] = [0x20, 0x00, 0x00, 0x09, 0x00, 0x01, 0x61, 0x03, 0xE8]
        let d = Differential(
            seeds: [Differential.Seed(bytes: connack, from: "server", queryTopic: nil, id: "v4", protocolVersion: .v4)], seed: 3)
        #expect(d.input(0, count: 400).request.protocolVersion == .v4)
        let versions = (1..<400).map { d.input($0, count: 400).protocolVersion }
        #expect(versions.contains(.v3) && versions.contains(.v4))
        #expect(d.input(0, count: 400).request.json.objectValue?["options"]?.objectValue?["protocolVer"] == .number(JSONNumber(4)))
        // Both sides agree on every one of them (the reference against itself: no disagreement).
        let s = d.run(count: 400, reference: CodecTestee(), other: CodecTestee())
        #expect(s.disagreements.isEmpty)
    }

    @Test("with --strict-codes, different codes on a one-fault value are a disagreement; with several faults only counted")
    func strictCodes() throws {
        let vectors = try Self.corpus()
        let seeds = Differential.seeds(from: vectors)
        let values = Differential.valueSeeds(from: vectors)
        let lie = LyingTestee { _, r in if case .rejected = r { .rejected(error: "somethingElse", message: nil) } else { r } }
        let lax = Differential(seeds: seeds, valueSeeds: values, seed: 5)
        let strict = Differential(seeds: seeds, valueSeeds: values, seed: 5, strictCodes: true)
        let a = lax.run(count: 1, jsonCount: 600, reference: CodecTestee(), other: lie)
        let b = strict.run(count: 1, jsonCount: 600, reference: CodecTestee(), other: lie)
        #expect(a.disagreements.isEmpty)
        #expect(a.differentErrorCodesOneFault > 0 && a.differentErrorCodes > a.differentErrorCodesOneFault)
        #expect(b.count(.errorCode) == a.differentErrorCodesOneFault)
        #expect(b.disagreements.allSatisfy { $0.category == .errorCode && $0.input.faults == 1 })
    }
}
