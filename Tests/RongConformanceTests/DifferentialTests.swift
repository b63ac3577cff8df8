// Tests/RongConformanceTests/DifferentialTests.swift - rongwire differential's inputs and verdicts

import RongCodec
import Testing

@testable import RongConformance

/// A testee that answers like RongWire except where told to lie.
private final class LyingTestee: Testee {
    let name = "liar"
    let honest = CodecTestee()
    let lie: (TesteeRequest, TesteeResponse) -> TesteeResponse

    init(_ lie: @escaping (TesteeRequest, TesteeResponse) -> TesteeResponse) { self.lie = lie }

    func handle(_ request: TesteeRequest) -> TesteeResponse { lie(request, honest.handle(request)) }
}

@Suite("Differential")
struct DifferentialTests {
    static func corpus() throws -> [Vector] {
        try VectorLoader().load(files: try VectorLoader.files(in: [packageRoot() + "/vectors/envelope"]))
    }

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
        #expect(Set((a.seeds.count..<(a.seeds.count + 2_000)).map { a.input($0, count: 100_000).mutation })
            == ["bitFlip", "truncate", "insert", "lengthEdit", "splice", "havoc", "random"])
        #expect(a.input(100_000, count: 100_000).kind == .frameEncode)
        #expect(a.input(100_000 + a.valueSeeds.count, count: 100_000).mutation == "json")
    }

    @Test("RongWire against itself: no disagreement")
    func selfAgreement() throws {
        let vectors = try Self.corpus()
        let d = Differential(seeds: Differential.seeds(from: vectors), valueSeeds: Differential.valueSeeds(from: vectors), seed: 7)
        let s = d.run(count: 1_500, jsonCount: 500, reference: CodecTestee(), other: CodecTestee())
        #expect(s.inputs == 2_000)
        #expect(s.disagreements.isEmpty)
        #expect(s.acceptedByBoth > 0 && s.rejectedByBoth > 0)
    }

    @Test("every kind of difference is reported in its category")
    func categories() throws {
        let vectors = try Self.corpus()
        let d = Differential(seeds: Differential.seeds(from: vectors), seed: 1)
        let count = d.seeds.count  // the corpus only: known answers
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
        #expect(list[0].objectValue?["hex"]?.stringValue == ByteText.hex(d.seeds[0].bytes))
        #expect(list[0].objectValue?["other"]?.objectValue?["result"] == "skipped")
        #expect(d.text(s, show: 2).contains("disagreements: 20"))
    }
}
