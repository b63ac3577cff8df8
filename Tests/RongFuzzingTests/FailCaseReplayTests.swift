// Tests/RongFuzzingTests/FailCaseReplayTests.swift - replays every saved fuzz input

import RongCodec
import RongConformance
import RongEnvelope
import RongNIM
import RongPeer
import RongSupport
import Testing

@testable import RongFuzzing

/// The repository's folders, found from this file.
enum Repo {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// The entries of a folder (without `.` files), or nil when it does not exist.
    static func list(_ dir: String) -> [String]? { FileIO.names(in: dir) }

    static func read(_ path: String) -> [UInt8]? { try? FileIO.read(path: path, limit: 1 << 30) }
}

/// Every input that ever crashed, hung or broke an invariant of a fuzz target is kept in
/// `tools/fuzz/FailCases/<target>/` and replayed here without libFuzzer or sanitizers (ASan in
/// the fuzzer and plain unit tests find different things), with the allocation meter on.
@Suite("Fuzz: saved fail cases")
struct FailCaseReplayTests {
    @Test("every target has a FailCases folder, and its saved inputs hold every invariant", arguments: FuzzTarget.allCases)
    func replay(_ target: FuzzTarget) throws {
        let dir = Repo.root + "/tools/fuzz/FailCases/" + target.rawValue
        // A missing folder would make this test pass without replaying anything.
        let files = try #require(Repo.list(dir), "\(dir) is missing (keep it, with .gitkeep, even when empty)")
        for name in files {
            let bytes = try #require(Repo.read(dir + "/" + name), "cannot read \(dir)/\(name)")
            let violations = target.check(bytes)
            #expect(violations.isEmpty, "\(target.rawValue)/\(name): \(violations)")
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

/// Whether this test process must be able to meter: always on Linux (the interposer), elsewhere
/// only under a sanitizer.
private var canMeter: Bool {
    #if os(Linux)
    true
    #else
    AllocationMeter.source != .none
    #endif
}

/// The limit invariant is checked in the bodies, so it must be able to fail here too. The test
/// binary meters through its glibc interposer (or a sanitizer's hooks), so on Linux these run;
/// elsewhere only under a sanitizer.
@Suite("Fuzz: allocation meter", .enabled(if: canMeter))
struct AllocationMeterTests {
    @Test("the test process meters allocations (the glibc interposer, or a sanitizer's hooks)")
    func armed() {
        #expect(AllocationMeter.source != .none)
    }

    @Test("a metered megabyte is counted, live and in total")
    func counts() throws {
        let (sum, usage) = AllocationMeter.measure { () -> Int in
            let block = [UInt8](repeating: 1, count: 1 << 20)
            return block.reduce(0) { $0 + Int($1) }
        }
        #expect(sum == 1 << 20)
        let u = try #require(usage)
        #expect(u.peakBytes >= 1 << 20)
        #expect(u.totalBytes >= u.peakBytes)
    }

    @Test("memory freed inside the region does not count twice towards the peak")
    func peakIsLive() throws {
        let (_, usage) = AllocationMeter.measure { () -> Int in
            var n = 0
            for _ in 0..<8 {
                let block = [UInt8](repeating: 1, count: 1 << 20)
                n += Int(block[block.count / 2])
            }
            return n
        }
        let u = try #require(usage)
        #expect(u.peakBytes < 3 << 20)
        #expect(u.totalBytes >= 8 << 20)
    }

    @Test("an input over the budget is a violation")
    func overBudget() {
        let target = FuzzTarget.content
        // A 131,072-byte string decoded, re-encoded and re-decoded stays inside the budget...
        let big = [0] + Array("{\"content\":\"\(String(repeating: "a", count: 131_000))\"}".utf8)
        #expect(target.check(big).isEmpty)
        // ...and a budget smaller than what the body needs is reported.
        let violations = target.check(big, budget: 64 << 10)
        #expect(violations.contains { $0.contains("above the budget") }, "\(violations)")
    }
}

/// Every input of the conformance corpus is also a fuzz seed: the invariants must hold on all of
/// them (the same bytes seed_corpus.py feeds libFuzzer).
@Suite("Fuzz: corpus inputs")
struct CorpusInputFuzzTests {
    @Test("content, envelope, message and nim invariants hold on every vector input")
    func corpusInputs() throws {
        let vectors = try VectorLoader().load(files: try VectorLoader.files(in: [Repo.root + "/vectors"]))
        let names = BuiltInCatalog.types.map { $0.objectName }
        var checked: [FuzzTarget: Int] = [:]
        for v in vectors {
            guard case .bytes(let bytes) = v.input else { continue }
            var runs: [(FuzzTarget, [UInt8])] = []
            switch v.kind {
            case .decode, .roundtrip:
                guard let i = names.firstIndex(of: v.objectName ?? "") else { continue }
                runs.append((.content, [UInt8(i)] + bytes))
            case .frameDecode:
                let side: UInt8 = v.from == "server" ? 1 : 0
                if let topic = v.queryTopic?.text {
                    runs.append((.envelope, [side | 2, UInt8(topic.utf8.count)] + Array(topic.utf8) + bytes))
                } else {
                    runs.append((.envelope, [side] + bytes))
                }
                if v.from == "server" { runs.append((.message, bytes)) }
            case .messageDecode:
                runs.append((.message, bytes))
            case .nimDecode, .nimRead, .nimToRC:
                // The layout of seed_corpus.py: 0 tells the form from the keys, 1-6 names one.
                let form = v.nimForm.flatMap { NIMForm(rawValue: $0) }.flatMap { NIMForm.allCases.firstIndex(of: $0) }
                runs.append((.nim, [UInt8(form.map { $0 + 1 } ?? 0)] + bytes))
            case .rcToNIM:
                let form = v.nimForm.flatMap { NIMForm(rawValue: $0) }.flatMap { NIMForm.writable.firstIndex(of: $0) } ?? 0
                runs.append((.nim, [0x80 + UInt8(form)] + bytes))
            default:
                continue
            }
            for (target, input) in runs {
                checked[target, default: 0] += 1
                let violations = target.check(input)
                #expect(violations.isEmpty, "\(v.id) (\(target.rawValue)): \(violations)")
            }
        }
        #expect(checked[.content, default: 0] > 700)
        #expect(checked[.envelope, default: 0] > 250)
        #expect(checked[.message, default: 0] > 100)
        #expect(checked[.nim, default: 0] > 300)
    }

    @Test("nim: the worst inputs found stay inside the budget", .enabled(if: canMeter))
    func nimBudget() throws {
        // A JSON tree the model keeps as it is (an unknown type's attachment), read from a
        // NetEase form's JSON text and from RongWire's form; each 2-byte element a JSONValue.
        let zeros = String(repeating: "0,", count: 65_000) + "0"
        let inputs: [[UInt8]] = [
            [0] + Array(#"{"messageType":8,"session":{"sessionId":"b","sessionType":0},"attachment":[\#(zeros)]}"#.utf8),
            [0] + Array(#"{"to_type":0,"to_accid":"b","msg_type":8,"msg_attach":"[\#(zeros)]"}"#.utf8),
            [0] + Array(#"{"conversation_id":"a|1|b","message":{"message_type":100,"attachment":{"k":[\#(zeros)]}}}"#.utf8),
        ]
        for input in inputs {
            let ((violations, _), usage) = AllocationMeter.measure { FuzzTarget.nim.run(input) }
            #expect(violations.isEmpty, "\(violations)")
            let peak = try #require(usage).peakBytes
            #expect(peak < FuzzTarget.nim.allocationBudget(inputCount: input.count), "\(peak) bytes for \(input.count)")
        }
    }

    @Test("peer-loader invariants hold on its seeds: the example fixture and every scenario file")
    func peerLoaderSeeds() throws {
        let dir = Repo.root + "/vectors/scenarios"
        let files = try #require(Repo.list(dir)).filter { $0.hasSuffix(".scenario.yaml") }.map { dir + "/" + $0 }
        #expect(files.count >= 10)
        for path in files + [Repo.root + "/tools/peer/fixture.yaml"] {
            let bytes = try #require(Repo.read(path), "cannot read \(path)")
            let violations = FuzzTarget.peerLoader.check(bytes)
            #expect(violations.isEmpty, "\(path): \(violations)")
        }
    }

    /// Each parser of the options target on inputs it takes and inputs it refuses: issue 36's
    /// plans, durations in every plain unit, names, user lists, request targets.
    @Test("options invariants hold on taken and refused inputs of every parser (byte 0, then the text)", arguments: [
        (0, "drop=0.5,seed=3"), (0, "delay= "), (0, "delay= ,\u{7F}"), (0, "delay=:5ms"), (0, "delay=0.1: "), (0, "=,="),
        (0, "users= "), (0, "seed= "), (0, "drop= "), (0, "none"), (0, ""), (0, "drop=0.1,drop=0.2"), (0, "dup=1,duplicate=1"),
        (0, "users=a|b,delay=1:60s"), (0, "drop=0.5,\u{301}b=1"), (0, "seed=5"), (1, "8d"), (1, "1.5"), (6, "1.5"), (11, "2"),
        (16, "3"), (21, "0.000000011574074075"), (1, "36500.0000001d"), (1, "1e300d"), (1, ""), (2, "group"), (2, "42"),
        (2, "STATUS"), (2, "isCounted"), (2, "QUERYACK"), (2, "crash:Required.A.B"), (2, "deaf:"), (2, "required"),
        (3, "alice|bob"), (3, " a | b "), (3, "a||b"), (3, "a|a"), (3, ""), (3, "a,b"),
        (4, "/websocket?appId=a&token=t%2Bx&platform=Web"), (4, "/?=&&a&%zz=%41%ff&a=2"), (4, "?"), (4, "/p?\u{301}x=1&?=?"),
    ] as [(UInt8, String)])
    func optionsInputs(_ selector: UInt8, _ text: String) {
        let violations = FuzzTarget.options.check([selector] + Array(text.utf8))
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test("options: the duration reference, by hand", arguments: [
        ("1.5s", PeerDuration.Unit.milliseconds, 1_500), ("1.5", .seconds, 1_500), ("0.000000011574074075", .days, 1),
        ("0.000000011574074074", .days, 0), ("36500d", .milliseconds, 3_153_600_000_000), ("36500.0000001d", .milliseconds, -1),
        ("0000000000000000000000000001ms", .milliseconds, 1), ("99999999999999999999", .milliseconds, -1),
        ("1.", .milliseconds, nil), (".5", .seconds, nil), ("1e3", .milliseconds, nil), ("", .milliseconds, nil),
    ] as [(String, PeerDuration.Unit, Int64?)])
    func durationReference(_ text: String, _ unit: PeerDuration.Unit, _ ms: Int64?) {
        #expect(OptionsBody.referenceMilliseconds(text, plainUnit: unit) == ms)
    }

    /// The options target's largest inputs per parser, at the fuzzer's 140,000 bytes: each within
    /// the budget (the meter reports one that is not).
    @Test("options: the largest inputs stay within the budget", .enabled(if: canMeter))
    func optionsBudget() {
        let n = 140_000
        let inputs: [[UInt8]] = [
            [4] + Array("/?".utf8) + [UInt8](repeating: UInt8(ascii: "&"), count: n),
            [4] + Array("/?".utf8) + Array(String(repeating: "a=&", count: n / 3).utf8),
            [3] + Array((0..<20_000).map { "u\($0)" }.joined(separator: "|").utf8),
            [3] + [UInt8](repeating: UInt8(ascii: "|"), count: n),
            [0] + Array("drop=0.1".utf8) + [UInt8](repeating: UInt8(ascii: ","), count: n),
            [1] + Array("1.".utf8) + [UInt8](repeating: UInt8(ascii: "9"), count: n),
        ]
        for input in inputs {
            #expect(FuzzTarget.options.check(input).isEmpty, "\(input.prefix(12)) (\(input.count) bytes): \(FuzzTarget.options.check(input))")
        }
    }

    @Test("peer-loader: what a file asks to generate is allowed on top of the budget")
    func peerLoaderAllowance() {
        let (violations, allowance) = PeerLoaderBody.run(Array("generatedUsers: {prefix: u, count: 20000}\n".utf8))
        #expect(violations.isEmpty, "\(violations)")
        #expect(allowance == 20_000 * PeerLoaderBody.bytesPerUser + 3 * 20_000)
        #expect(FuzzTarget.peerLoader.check(Array("generatedUsers: {prefix: u, count: 20000}\n".utf8)).isEmpty)
    }

    @Test("peer-loader: generated users need the allowance, and bytesPerUser bounds them", .enabled(if: canMeter))
    func peerLoaderUsersMeasured() throws {
        // Ids of the longest allowed form, 64 bytes.
        let input = Array("generatedUsers: {prefix: \(String(repeating: "u", count: 59)), count: 100000}\n".utf8)
        let ((violations, allowance), usage) = AllocationMeter.measure { PeerLoaderBody.run(input) }
        #expect(violations.isEmpty, "\(violations)")
        let peak = try #require(usage).peakBytes
        let budget = FuzzTarget.peerLoader.allocationBudget(inputCount: input.count)
        #expect(peak > budget, "100,000 users fit the plain budget (\(peak) bytes): the allowance is not needed")
        #expect(peak < budget + allowance, "\(peak) bytes for 100,000 users: more than \(PeerLoaderBody.bytesPerUser) bytes each")
    }

    @Test("the envelope input layout: sender bit, protocol-version bit, then an optional QUERY topic")
    func envelopeLayout() throws {
        let (side, topic, version, rest) = try #require(EnvelopeBody.split([3, 7] + Array("pullMsg".utf8) + [0x61]))
        #expect(side == .server && version == .v3)
        #expect(topic?.text == "pullMsg")
        #expect(Array(rest) == [0x61])
        let (side2, topic2, version2, rest2) = try #require(EnvelopeBody.split([0, 0x10]))
        #expect(side2 == .client && version2 == .v3)
        #expect(topic2 == nil)
        #expect(Array(rest2) == [0x10])
        #expect(EnvelopeBody.split([2, 9, 0x61]) == nil)
        // Bit 2: a version-4 connection, whose CONNACK has flags and the fields they name.
        let v4: [UInt8] = [5, 0x20, 0, 0, 0x08, 0x03, 0xE8]
        let (side3, _, version3, rest3) = try #require(EnvelopeBody.split(v4))
        #expect(side3 == .server && version3 == .v4 && rest3.count == 6)
        #expect(EnvelopeBody.check(v4).isEmpty)
        // Under version 3 the same bytes fail (the userId's length runs past the end), with a
        // well-formed error.
        #expect(throws: CodecError.self) { try Packet.decode(Array(v4.dropFirst()), from: .server) }
        #expect(EnvelopeBody.check([1] + v4.dropFirst()).isEmpty)
    }
}
