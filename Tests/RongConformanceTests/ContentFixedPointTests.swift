// Tests/RongConformanceTests/ContentFixedPointTests.swift - strict fixed-point checks over the content vectors of each type

import RongCodec
import Testing

@testable import RongConformance

/// The content vectors of one objectName, as a test argument shown by the name.
struct ContentTypeCase: CustomTestStringConvertible, Sendable {
    let objectName: String
    let vectors: [Vector]
    var testDescription: String { "\(objectName) (\(vectors.count) vectors)" }

    /// The accepting content vectors of the run's selection (`RONGWIRE_VECTOR`), by objectName.
    static func all() throws -> [ContentTypeCase] {
        let chosen = try Corpus.selected { $0.kind.isContent && $0.expect.outcome == .accept && $0.objectName != nil }
        // Aliases (RC:HQVcMsg) count as their type (RC:HQVCMsg).
        let byName = Dictionary(grouping: chosen.map(\.vector)) { ContentRegistry.builtIn.type(for: $0.objectName!)?.objectName ?? $0.objectName! }
        return byName.keys.sorted().map { ContentTypeCase(objectName: $0, vectors: byName[$0]!) }
    }
}

/// What the vectors cannot say about a decoder: its canonical output is a fixed point that strict
/// mode accepts (CONTENT-ENCODE-002), and strict mode refuses every input a leniency rule had to
/// normalize (`notNormalized`). The vectors give the input and the expected output; these checks
/// run over every accepting decode, roundtrip and encode vector of each type.
@Suite("Content: strict fixed points over the vectors")
struct ContentFixedPointTests {
    @Test("canonical bytes decode strictly to an equal value and encode to themselves; lenient inputs fail strict mode", arguments: try ContentTypeCase.all())
    func fixedPoints(_ type: ContentTypeCase) {
        for v in type.vectors {
            check(v)
        }
    }

    func check(_ v: Vector) {
        let registry = ContentRegistry.builtIn
        let objectName = v.objectName!
        // Unknown types pass through as bytes; an alias objectName decodes as its type, whose own
        // name is the canonical one (strict mode refuses the alias).
        guard let canonicalName = registry.type(for: objectName)?.objectName else { return }
        var strict = v.options
        strict.mode = .strict
        let canonical: [UInt8]
        var lenient: AnyMessageContent?
        switch v.input {
        case .bytes(let input):
            guard case .typed(let value)? = try? registry.decode(objectName: objectName, bytes: input, options: v.options) else {
                return  // the corpus test reports a vector that does not decode
            }
            guard let bytes = try? value.base.jsonBytes(maxBytes: .max, maxDepth: v.options.maxDepth) else { return }
            canonical = bytes
            lenient = value
            if !value.base.diagnostics.leniencies.isEmpty {
                do {
                    _ = try registry.decode(objectName: objectName, bytes: input, options: strict)
                    Issue.record("\(v.id): strict mode accepts input that needed \(value.base.diagnostics.leniencies)", sourceLocation: Corpus.location(of: v))
                } catch {
                    #expect(error.code == .notNormalized, "\(v.id): \(error)", sourceLocation: Corpus.location(of: v))
                }
            }
        case .value:
            guard let bytes = v.expect.bytes else { return }
            canonical = bytes
        }
        do {
            guard case .typed(let again) = try registry.decode(objectName: canonicalName, bytes: canonical, options: strict) else {
                Issue.record("\(v.id): the canonical bytes decode as an unknown type", sourceLocation: Corpus.location(of: v))
                return
            }
            let bytes = try again.base.jsonBytes(maxBytes: .max, maxDepth: v.options.maxDepth)
            #expect(bytes == canonical, "\(v.id): the canonical form is not a fixed point: \(String(decoding: bytes, as: UTF8.self))", sourceLocation: Corpus.location(of: v))
            #expect(again.base.diagnostics.leniencies.isEmpty, "\(v.id): leniencies fired on canonical bytes", sourceLocation: Corpus.location(of: v))
            if let lenient {
                #expect(again == lenient, "\(v.id): re-decoding the canonical form gives another value", sourceLocation: Corpus.location(of: v))
            }
        } catch {
            Issue.record("\(v.id): strict mode rejects the canonical bytes: \(error)", sourceLocation: Corpus.location(of: v))
        }
    }
}
