// Tests/RongFuzzingTests/ContentViewCorpusTests.swift - the content view against the owned decode over the vectors

import RongCodec
import RongConformance
import Testing

@testable import RongFuzzing

/// Issue 18's condition on the borrowed content view: every rejection of the owned decode stays
/// a rejection with the same code, offset, path and text, and every accepted content gives the
/// same value, leniency rules and members. The whole content corpus of `vectors/` runs through
/// both, in the vector's own mode and in the other one (strict mode turns each leniency into a
/// `notNormalized` rejection, so both paths of every rule are compared). The fuzz targets run the
/// same check on every input (`ContentBody`).
@Suite("Content view: the vector corpus through both decodes")
struct ContentViewCorpusTests {
    static let vectors: [Vector] = {
        let files = (try? VectorLoader.files(in: [Repo.root + "/vectors"])) ?? []
        return ((try? VectorLoader().load(files: files)) ?? []).filter { v in
            guard v.kind.isContent, v.objectName != nil, case .bytes = v.input else { return false }
            return true
        }
    }()

    @Test("the corpus has content vectors to compare (hundreds, accepting and rejecting)")
    func corpusLoads() {
        #expect(Self.vectors.count > 500)
        #expect(Self.vectors.contains { $0.expect.outcome == .accept })
        #expect(Self.vectors.contains { $0.expect.outcome != .accept })
    }

    @Test("view and owned decode agree on every content vector, in both modes")
    func agreeOverCorpus() {
        var compared = 0, rejected = 0
        for v in Self.vectors {
            guard case .bytes(let bytes) = v.input, let objectName = v.objectName else { continue }
            for mode in [DecodingOptions.Mode.lenient, .strict] {
                var options = v.options
                options.mode = mode
                let problems = ContentViewAgreement.check(objectName: objectName, bytes: bytes, options: options)
                #expect(problems.isEmpty, "\(v.id) (\(mode)): \(problems.joined(separator: "; "))")
                compared += 1
                if (try? ContentRegistry.builtIn.decode(objectName: objectName, bytes: bytes, options: options)) == nil { rejected += 1 }
            }
        }
        // Both sides of the check ran: many accepted and many rejected inputs.
        #expect(rejected > 100 && compared - rejected > 500, "compared \(compared), rejected \(rejected)")
    }

    @Test("a hand-made case: a text message, its members read lazily, and a rejection at the same place")
    func textMessage() throws {
        let json = Array(#"{"content":"hello \u00e9","user":{"id":"u1","name":"Ann"},"extra":"x","unknown":[1,2.5],"meta":{"n":{"m":3}}}"#.utf8)
        // The macro of #expect needs copyable operands: the view's answers are read first.
        let seen = try ContentRegistry.builtIn.withDecodedView(objectName: "RC:TxtMsg", bytes: json) { view throws(CodecError) in
            (typed: view.isTyped, name: view.objectName, flag: view.persistence, keys: view.keys,
             content: view.string("content"), userName: view.string("user", "name"), n: view.int64("meta", "n", "m"),
             kind: view.kind(of: "unknown"), notString: view.string("unknown"), missing: view.string("missing"),
             value: try view.materialize())
        }
        #expect(seen.typed && seen.name == "RC:TxtMsg" && seen.flag == .isCounted)
        #expect(seen.keys == ["content", "user", "extra", "unknown", "meta"])
        #expect(seen.content == "hello é")
        #expect(seen.userName == "Ann")
        #expect(seen.n == 3)
        #expect(seen.kind == .array)
        #expect(seen.notString == nil && seen.missing == nil)
        #expect(seen.value == (try ContentRegistry.builtIn.decode(objectName: "RC:TxtMsg", bytes: json)))
        let bad = Array(#"{"content":"a","user":{"id":"u1","id":"u2"}}"#.utf8)
        let owned = #expect(throws: CodecError.self) { try ContentRegistry.builtIn.decode(objectName: "RC:TxtMsg", bytes: bad) }
        let viewed = #expect(throws: CodecError.self) { try ContentRegistry.builtIn.withDecodedView(objectName: "RC:TxtMsg", bytes: bad) { _ in () } }
        #expect(owned?.code == .duplicateKey)
        #expect(viewed?.code == owned?.code && viewed?.offset == owned?.offset && viewed?.path == owned?.path)
    }

    @Test("more members than the view records inline are still found, in order")
    func manyMembers() throws {
        let members = (0..<40).map { #""k\#($0)":"v\#($0)""# }
        let json = Array(("{\"content\":\"t\"," + members.joined(separator: ",") + "}").utf8)
        #expect(ContentViewAgreement.check(objectName: "RC:TxtMsg", bytes: json, options: DecodingOptions()).isEmpty)
        let seen = try ContentRegistry.builtIn.withDecodedView(objectName: "RC:TxtMsg", bytes: json) { view throws(CodecError) in
            (count: view.keys.count, last: view.string("k39"))
        }
        #expect(seen.count == 41 && seen.last == "v39")
    }

    @Test("double-encoded content: the view reads the unescaped text")
    func doubleEncoded() throws {
        let json = Array(#""{\"content\":\"hi\",\"extra\":\"e\"}""#.utf8)
        #expect(ContentViewAgreement.check(objectName: "RC:TxtMsg", bytes: json, options: DecodingOptions()).isEmpty)
        let seen = try ContentRegistry.builtIn.withDecodedView(objectName: "RC:TxtMsg", bytes: json) { view throws(CodecError) in
            (content: view.string("content"), leniencies: view.leniencies)
        }
        #expect(seen.content == "hi" && seen.leniencies.contains(.doubleEncodedContent))
    }
}
