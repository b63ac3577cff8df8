// Tests/RongFuzzingTests/FailCaseReplayTests.swift - replays every saved fuzz input

import RongCodec
import RongConformance
import RongFuzzing
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every input that ever crashed or hung a fuzz target is kept in `tools/fuzz/FailCases/<target>/`
/// and replayed here without libFuzzer or sanitizers (ASan in the fuzzer and plain unit tests
/// find different things).
@Suite("Fuzz: saved fail cases")
struct FailCaseReplayTests {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/tools/fuzz/FailCases"
    }()

    static func files(_ target: FuzzTarget) -> [String] {
        let dir = root + "/" + target.rawValue
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
            if !name.hasPrefix(".") { out.append(dir + "/" + name) }
        }
        return out.sorted()
    }

    static func read(_ path: String) -> [UInt8] {
        guard let f = fopen(path, "rb") else { return [] }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buf.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return out
    }

    @Test("saved inputs hold every invariant", arguments: FuzzTarget.allCases)
    func replay(_ target: FuzzTarget) {
        for file in Self.files(target) {
            let violations = target.check(Self.read(file))
            #expect(violations.isEmpty, "\(file): \(violations)")
        }
    }

    @Test("the bodies accept trivial and hostile inputs")
    func smoke() {
        for target in FuzzTarget.allCases {
            #expect(target.check([]).isEmpty)
            #expect(target.check([0]).isEmpty)
            #expect(target.check([0] + Array("{\"content\":\"x\"}".utf8)).isEmpty)
            #expect(target.check([7] + Array(String(repeating: "[", count: 5000).utf8)).isEmpty)
            #expect(target.check(Array("vectors:\n  - id: [".utf8)).isEmpty)
        }
    }
}

/// Every input of the conformance corpus is also a fuzz seed: the invariants must hold on all of
/// them (the same bytes run/seed_corpus.py feeds libFuzzer).
@Suite("Fuzz: corpus inputs")
struct CorpusInputFuzzTests {
    static let vectors: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/vectors"
    }()

    @Test("content, envelope and message invariants hold on every vector input")
    func corpusInputs() throws {
        let vectors = try VectorLoader().load(files: try VectorLoader.files(in: [Self.vectors]))
        let names = BuiltInCatalog.types.map { $0.objectName }
        var checked = 0
        for v in vectors {
            guard case .bytes(let bytes) = v.input else { continue }
            var violations: [String] = []
            switch v.kind {
            case .decode, .roundtrip:
                guard let i = names.firstIndex(of: v.objectName ?? "") else { continue }
                violations = FuzzTarget.content.check([UInt8(i)] + bytes)
            case .frameDecode:
                violations = FuzzTarget.envelope.check([v.from == "server" ? 1 : 0] + bytes)
                if v.from == "server" { violations += FuzzTarget.message.check(bytes) }
            case .messageDecode:
                violations = FuzzTarget.message.check(bytes)
            default:
                continue
            }
            checked += 1
            #expect(violations.isEmpty, "\(v.id): \(violations)")
        }
        #expect(checked > 1000)
    }
}
