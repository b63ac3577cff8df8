// Tests/RongConformanceTests/CorpusTests.swift - every vector of the corpus against RongWire's codec, one test case each

import RongCodec
import RongEnvelope
import Testing

@testable import RongConformance

/// One test case per vector (shown by its id), so a failure names the vector and points at its
/// YAML file and line. Run one alone with `RONGWIRE_VECTOR=ID swift test --filter Corpus`
/// (README.md, "Running the tests").
@Suite("Corpus")
struct CorpusTests {
    @Test("the vector passes in-process", arguments: try Corpus.selected())
    func vector(_ vector: VectorCase) {
        let v = vector.vector
        let result = ConformanceRunner.judge(v, CodecTestee().handle(TesteeRequest(vector: v)))
        if result.status.isUnexpected {
            Issue.record(
                "\(result.status.rawValue) \(v.id) (\(Corpus.relative(v.file)):\(v.line)): \(result.detail)",
                sourceLocation: Corpus.location(of: v))
        }
    }

    @Test("every requirement of spec/ but the PEER ones has a vector; every cited requirement exists")
    func coverage() throws {
        let vectors = try Corpus.all()
        #expect(vectors.count >= 800, "the corpus has \(vectors.count) vectors")
        // PEER-* requirements are covered by scenarios (Tests/RongPeerTests), not vectors.
        let requirements = try #require(SpecIndex.vectorRequirements(inDirectory: Corpus.root + "/spec"))
        let cited = Set(vectors.flatMap(\.spec))
        #expect(requirements.subtracting(cited).isEmpty, "requirements without a vector: \(requirements.subtracting(cited).sorted())")
        for v in vectors {
            for id in v.spec where !requirements.contains(id) {
                Issue.record("\(v.id) cites \(id), which spec/ does not define", sourceLocation: Corpus.location(of: v))
            }
        }
    }

    @Test("every built-in type has at least 6 accepting and 3 rejecting vectors")
    func perTypeCounts() throws {
        let vectors = try Corpus.all()
        for type in BuiltInCatalog.types {
            let mine = vectors.filter { $0.objectName == type.objectName && $0.kind == .decode }
            let accepting = mine.filter { $0.expect.outcome == .accept }.count
            let rejecting = mine.filter { $0.expect.outcome == .reject }.count
            #expect(accepting >= 6, "\(type.objectName): \(accepting) accepting decode vectors")
            #expect(rejecting >= 3, "\(type.objectName): \(rejecting) rejecting decode vectors")
        }
    }

    @Test(
        "the packet JSON of an accepted frame-decode vector encodes back to its bytes",
        arguments: try Corpus.selected { $0.kind == .frameDecode && $0.expect.outcome == .accept })
    func packetReencodes(_ vector: VectorCase) throws {
        let v = vector.vector
        let side = try #require(v.from.flatMap(Side.init(rawValue:)))
        guard let value = v.expect.value, let bytes = v.expect.bytes ?? { if case .bytes(let b) = v.input { b } else { nil } }() else {
            Issue.record("\(v.id): no value or bytes", sourceLocation: Corpus.location(of: v))
            return
        }
        do {
            let encoded = try Packet(json: value, from: side, protocol: v.protocolVersion ?? .v3).encoded()
            #expect(encoded == bytes, "\(v.id): the packet JSON encodes to other bytes", sourceLocation: Corpus.location(of: v))
        } catch {
            Issue.record("\(v.id): the packet JSON does not encode: \(error)", sourceLocation: Corpus.location(of: v))
        }
    }
}
