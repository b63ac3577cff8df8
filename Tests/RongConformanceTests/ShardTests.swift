// Tests/RongConformanceTests/ShardTests.swift - --shard I/N and merging the shards' reports

import RongCodec
import Testing

@testable import RongConformance

@Suite("Shards: a stable split of the corpus")
struct ShardTests {
    static let parsing: [(String, VectorShard?)] = [
        ("1/1", VectorShard(index: 1, count: 1)), ("2/4", VectorShard(index: 2, count: 4)),
        ("1000/1000", VectorShard(index: 1000, count: 1000)), ("01/04", VectorShard(index: 1, count: 4)),
        ("0/4", nil), ("5/4", nil), ("1/0", nil), ("1/1001", nil), ("1/10000", nil), ("/4", nil), ("1/", nil),
        ("1", nil), ("", nil), ("1/4/2", nil), (" 1/4", nil), ("1/4 ", nil), ("+1/4", nil), ("-1/4", nil), ("a/b", nil),
        ("１/４", nil), ("99999999999999999999/1", nil),
    ]

    @Test("I/N: digits only, 1 <= I <= N <= 1000", arguments: parsing)
    func parse(_ text: String, _ expected: VectorShard?) {
        #expect(VectorShard(parsing: text) == expected)
        if let expected { #expect(VectorShard(parsing: expected.description) == expected) }
    }

    /// FNV-1a's published test values (the empty string is the offset basis), so the split is the
    /// function it names, not whatever the code happens to compute.
    @Test("the hash is 64-bit FNV-1a over UTF-8", arguments: [
        ("", 0xcbf2_9ce4_8422_2325 as UInt64), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8),
    ])
    func hash(_ id: String, _ value: UInt64) {
        #expect(VectorShard.hash(id) == value)
    }

    @Test("the N shards of the corpus are disjoint and make it whole", arguments: [1, 2, 3, 4, 7, 16])
    func partition(_ n: Int) throws {
        let ids = try Corpus.all().map(\.id)
        var owner: [String: Int] = [:]
        for i in 1...n {
            let shard = try #require(VectorShard(index: i, count: n))
            for id in ids where shard.includes(id: id) {
                #expect(owner[id] == nil, "\(id) is in shards \(owner[id] ?? 0) and \(i) of \(n)")
                owner[id] = i
            }
        }
        #expect(owner.count == Set(ids).count)
        // Not a degenerate split: with thousands of ids every shard of a few gets a fair part.
        if n > 1 && n <= 4 {
            for i in 1...n { #expect(owner.values.filter { $0 == i }.count > ids.count / (2 * n)) }
        }
    }

    @Test("a shard in the selection: the other checks first, then the part")
    func selection() throws {
        let vectors = try Corpus.all()
        var selection = VectorSelection(filters: ["Required.Content.*"])
        let all = vectors.filter(selection.includes)
        selection.shard = VectorShard(index: 2, count: 3)
        let part = vectors.filter(selection.includes)
        #expect(!part.isEmpty && part.count < all.count)
        #expect(part.allSatisfy { $0.id.hasPrefix("Required.Content.") && VectorShard(index: 2, count: 3)!.includes(id: $0.id) })
    }
}

@Suite("Shards: merging reports")
struct MergeReportTests {
    /// A few areas of the corpus run on the codec, whole and in three shards.
    static func runs() throws -> (whole: ConformReport, parts: [ConformReport]) {
        let vectors = try Corpus.all().filter { $0.id.hasPrefix("Required.Content.Txt") || $0.id.hasPrefix("Required.Envelope.Connack") }
        let requirements: Set<String> = Set(vectors.flatMap(\.spec)).union(["X-NEVER-001"])
        let runner = ConformanceRunner(requirements: requirements)
        let whole = runner.run(vectors, on: CodecTestee()).report
        let parts = (1...3).map { i in
            runner.run(vectors.filter { VectorShard(index: i, count: 3)!.includes(id: $0.id) }, on: CodecTestee()).report
        }
        return (whole, parts)
    }

    /// Durations differ from run to run; everything else must not.
    static func timeless(_ r: ConformReport) -> ConformReport {
        var r = r
        for i in r.cases.indices { r.cases[i].duration = 0 }
        r.cases.sort { $0.id < $1.id }
        return r
    }

    @Test("the merged shards report what the whole run reports")
    func mergeEqualsWhole() throws {
        let (whole, parts) = try Self.runs()
        #expect(parts.allSatisfy { !$0.cases.isEmpty })
        let merged = try ConformReport.merged(parts.reversed())
        #expect(Self.timeless(merged) == Self.timeless(whole))
        #expect(merged.coverage?.missing == ["X-NEVER-001"])
        #expect(merged.coverage?.covered == whole.coverage?.covered)
        // A part covers fewer requirements than the whole; the merge covers them all.
        #expect(parts.contains { ($0.coverage?.covered ?? 0) < (whole.coverage?.covered ?? 0) })
        let lastLine = { (r: ConformReport) in r.text().split(separator: "\n").last.map(String.init) }
        #expect(lastLine(merged) == lastLine(whole))
    }

    @Test("a JSON report reads back as the report it was written from")
    func jsonRoundTrip() throws {
        let (whole, _) = try Self.runs()
        let text = try whole.jsonReport().prettyText()
        let back = try ConformReport(json: JSONValue(parsing: Array(text.utf8)))
        #expect(Self.timeless(back) == Self.timeless(whole))
        #expect(try back.jsonReport().prettyText() == (try ConformReport(json: back.jsonReport()).jsonReport().prettyText()))
    }

    @Test("problems outside the cases count once, vectors not run add up, a failure fails the whole")
    func problems() throws {
        var (_, parts) = try Self.runs()
        for i in parts.indices {
            parts[i].corpusErrors = ["v.yaml:1: cites undefined requirement X-1"]
            parts[i].notRun = i
        }
        parts[1].testeeProblems = ["at exit: leak"]
        parts[2].cases[0].status = .fail
        let merged = try ConformReport.merged(parts)
        #expect(merged.corpusErrors.count == 1 && merged.testeeProblems == ["at exit: leak"] && merged.notRun == 3)
        #expect(merged.failed == 3 && !merged.isSuccess)
        #expect(merged.text().hasSuffix("\(merged.passed) passed, 3 failed, 0 skipped"))
    }

    @Test("reports that do not fit together are refused, naming them")
    func refusals() throws {
        let (_, parts) = try Self.runs()
        #expect(throws: ConformReport.MergeError.noReports) { try ConformReport.merged([]) }
        let id = parts[0].cases[0].id
        #expect(throws: ConformReport.MergeError.vectorTwice(id: id, first: "a.json", second: "b.json")) {
            try ConformReport.merged([parts[0], parts[0]], names: ["a.json", "b.json"])
        }
        var other = parts[1]
        other.testee = "rongwire-testee-c"
        #expect(throws: ConformReport.MergeError.differentTestees(first: parts[0].testee, other: "rongwire-testee-c", report: "report 2")) {
            try ConformReport.merged([parts[0], other])
        }
        var spec = parts[1]
        spec.coverage?.total += 1
        #expect(throws: ConformReport.MergeError.differentSpecs(report: "report 2")) { try ConformReport.merged([parts[0], spec]) }
        spec.coverage = nil
        #expect(throws: ConformReport.MergeError.differentSpecs(report: "report 2")) { try ConformReport.merged([parts[0], spec]) }
    }

    static let badReports: [(String, String)] = [
        (#"[]"#, "$: expected an object"),
        (#"{"cases":[]}"#, "$.testee: expected a string"),
        (#"{"testee":"t"}"#, "$.cases: expected an array of cases"),
        (#"{"testee":"t","cases":[{"id":"a"}]}"#, "$.cases[0].status: expected a string"),
        (#"{"testee":"t","cases":[{"id":"a","status":"MAYBE"}]}"#, "$.cases[0].status: unknown status MAYBE"),
        (#"{"testee":"t","cases":[{"id":"a","area":"x","file":"f","line":-1,"level":"required","kind":"decode","status":"PASS"}]}"#, "$.cases[0].line: expected a whole number"),
        (#"{"testee":"t","cases":[],"requirements":{"total":1,"missing":["A","B"]}}"#, "$.requirements.missing: more missing"),
        (#"{"testee":"t","cases":[],"staleFailureListEntries":[1]}"#, "$.staleFailureListEntries[0]: expected a string"),
    ]

    @Test("a report that is not one is refused with the path of what is wrong", arguments: badReports)
    func readErrors(_ json: String, _ says: String) throws {
        let value = try JSONValue(parsing: Array(json.utf8))
        #expect {
            try ConformReport(json: value)
        } throws: { error in
            "\(error)".hasPrefix(says)
        }
    }
}
