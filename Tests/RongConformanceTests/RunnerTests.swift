// Tests/RongConformanceTests/RunnerTests.swift - judging, failure lists, reports

import RongCodec
import Testing

@testable import RongConformance

private func vector(_ outcome: Vector.Outcome, value: JSONValue? = nil, bytes: String? = nil, error: String? = nil, leniencies: [String]? = nil, id: String = "Required.Content.TxtMsg.X") -> Vector {
    Vector(
        id: id, level: .required, spec: ["CONTENT-JSON-001"], tags: [], description: nil, kind: .decode,
        objectName: "RC:TxtMsg", from: nil, options: DecodingOptions(), hasOptions: false, input: .bytes([]),
        expect: Vector.Expectation(outcome: outcome, value: value, bytes: bytes.map { Array($0.utf8) }, error: error, leniencies: leniencies),
        file: "v.yaml", line: 1)
}

@Suite("Runner: judging")
struct JudgeTests {
    static let cases: [(String, Vector, TesteeResponse, CaseStatus, String?)] = [
        ("accept ok", vector(.accept, value: ["a": 1]), .accepted(value: ["a": 1.0], bytes: nil, leniencies: nil), .pass, nil),
        ("member order does not matter", vector(.accept, value: ["a": 1, "b": 2]), .accepted(value: ["b": 2, "a": 1], bytes: nil, leniencies: nil), .pass, nil),
        ("wrong value", vector(.accept, value: ["a": 1]), .accepted(value: ["a": 2], bytes: nil, leniencies: nil), .fail, "value differs"),
        ("missing value", vector(.accept, value: ["a": 1]), .accepted(value: nil, bytes: nil, leniencies: nil), .fail, "no value"),
        ("wrong bytes", vector(.accept, bytes: "{}"), .accepted(value: nil, bytes: Array("{ }".utf8), leniencies: nil), .fail, "bytes differ"),
        ("a decoder need not return bytes", vector(.accept, value: [:], bytes: "{}"), .accepted(value: [:], bytes: nil, leniencies: nil), .pass, nil),
        ("bytes returned are checked", vector(.accept, value: [:], bytes: "{}"), .accepted(value: [:], bytes: Array("{ }".utf8), leniencies: nil), .fail, "bytes differ"),
        ("rejected an accept", vector(.accept, value: [:]), .rejected(error: "typeMismatch", message: nil), .fail, "should have accepted"),
        ("accepted a reject", vector(.reject, error: "duplicateKey"), .accepted(value: [:], bytes: nil, leniencies: nil), .fail, "should have rejected with duplicateKey"),
        ("reject ok", vector(.reject, error: "duplicateKey"), .rejected(error: "duplicateKey", message: nil), .pass, nil),
        ("other code is a note", vector(.reject, error: "duplicateKey"), .rejected(error: "x", message: nil), .pass, nil),
        ("either accepts", vector(.either, value: ["a": 1]), .accepted(value: ["a": 1], bytes: nil, leniencies: nil), .pass, nil),
        ("either still checks the value", vector(.either, value: ["a": 1]), .accepted(value: ["a": 3], bytes: nil, leniencies: nil), .fail, "value differs"),
        ("either rejects", vector(.either, value: ["a": 1]), .rejected(error: "loneSurrogate", message: nil), .pass, nil),
        ("leniencies differ", vector(.accept, value: [:], leniencies: ["avatarIcon"]), .accepted(value: [:], bytes: nil, leniencies: []), .fail, "leniencies differ"),
        ("leniencies not reported", vector(.accept, value: [:], leniencies: ["avatarIcon"]), .accepted(value: [:], bytes: nil, leniencies: nil), .pass, nil),
        ("skipped", vector(.accept, value: [:]), .skipped(reason: "no"), .skipped, nil),
        ("testee error", vector(.accept, value: [:]), .runtimeError(message: "boom"), .fail, "testee error: boom"),
        // Strings and keys compare by code points: NFC U+00E9 and NFD e + U+0301 differ.
        ("a string in another normalization form", vector(.accept, value: ["s": "e\u{301}"]), .accepted(value: ["s": "\u{E9}"], bytes: nil, leniencies: nil), .fail, "value differs"),
        ("a key in another normalization form", vector(.accept, value: ["e\u{301}": 1]), .accepted(value: ["\u{E9}": 1], bytes: nil, leniencies: nil), .fail, "value differs"),
        ("keys differing in normalization are two keys", vector(.accept, value: ["\u{E9}": 1, "e\u{301}": 2]), .accepted(value: ["e\u{301}": 2, "\u{E9}": 1], bytes: nil, leniencies: nil), .pass, nil),
    ]

    @Test("judges responses", arguments: cases)
    func judge(_ name: String, _ v: Vector, _ r: TesteeResponse, _ status: CaseStatus, _ detail: String?) {
        let result = ConformanceRunner.judge(v, r)
        #expect(result.status == status, "\(name): \(result.detail)")
        if let detail { #expect(result.detail.contains(detail), "\(name): \(result.detail)") }
    }

    @Test("a different error code is noted, not failed")
    func codeNote() {
        let r = ConformanceRunner.judge(vector(.reject, error: "duplicateKey"), .rejected(error: "typeMismatch", message: nil))
        #expect(r.notes == ["rejected with typeMismatch, the vector suggests duplicateKey"])
    }
}

/// A testee with canned answers, to drive the runner without a process.
final class CannedTestee: Testee {
    let name = "canned"
    var answers: [String: TesteeResponse]
    init(_ answers: [String: TesteeResponse]) { self.answers = answers }
    func handle(_ request: TesteeRequest) throws(TesteeFailure) -> TesteeResponse {
        if request.id.hasSuffix("Crash") { throw .crash("died") }
        return answers[request.id] ?? .skipped(reason: "unknown")
    }
}

@Suite("Runner: failure lists and reports")
struct FailureListTests {
    @Test("parses entries, comments and wildcards")
    func parse() {
        let list = FailureList(text: "# header\nRequired.Content.TxtMsg.A  # tracked in #1\n\nRequired.Content.*.B\n# tail\n")
        #expect(list.entries.count == 2)
        #expect(list.entries[0].comment == "tracked in #1")
        #expect(list.entries[0].leadingComments == ["# header"])
        #expect(list.match("Required.Content.TxtMsg.A") != nil)
        #expect(list.match("Required.Content.ImgMsg.B") != nil)
        #expect(list.match("Required.Content.ImgMsg.B.C") == nil)
        #expect(list.match("Required.Content.TxtMsg.C") == nil)
        #expect(list.text.contains("Required.Content.TxtMsg.A  # tracked in #1"))
    }

    @Test("listed failures are expected; listed passes and missing entries are stale")
    func stale() {
        let vs = [vector(.accept, value: ["a": 1], id: "Required.T.X.Fails"), vector(.accept, value: ["a": 1], id: "Required.T.X.Passes"), vector(.accept, value: ["a": 1], id: "Required.T.X.Crash")]
        let testee = CannedTestee([
            "Required.T.X.Fails": .accepted(value: ["a": 2], bytes: nil, leniencies: nil),
            "Required.T.X.Passes": .accepted(value: ["a": 1], bytes: nil, leniencies: nil),
        ])
        let list = FailureList(text: "Required.T.X.Fails  # a\nRequired.T.X.Passes  # b\nRequired.T.X.Gone  # c\nRequired.T.X.Crash  # d\n")
        let summary = ConformanceRunner(failureList: list).run(vs, on: testee)
        #expect(summary.results.map(\.status) == [.expectedFailure, .unexpectedPass, .expectedFailure])
        #expect(summary.staleEntries.count == 2)
        #expect(summary.staleEntries.contains { $0.hasPrefix("Required.T.X.Passes") })
        #expect(summary.staleEntries.contains { $0.hasPrefix("Required.T.X.Gone") })
        #expect(!summary.isSuccess)
        // --fix keeps failing entries with their comments, drops the stale ones, adds new failures.
        let (fixed, dropped) = list.fixed(results: ConformanceRunner().run(vs, on: testee).results, loaded: vs.map(\.id))
        #expect(fixed.entries.map(\.pattern) == ["Required.T.X.Fails", "Required.T.X.Crash"])
        #expect(fixed.entries.map(\.comment) == ["a", "d"])
        #expect(dropped == ["Required.T.X.Passes", "Required.T.X.Gone"])
    }

    /// Three loaded vectors, of which a selection ran only `Selected`.
    static let loaded = ["Required.T.X.Selected", "Required.T.Y.NotSelected", "Required.T.Y.AlsoNotSelected"]

    @Test("entries for loaded vectors outside the selection are neither stale nor dropped")
    func selectionIsNotStaleness() {
        let text = """
            # Header: why this implementation differs.
            Required.T.Y.NotSelected  # decodes y as z
            # Group comment.
            Required.T.Y.*  # wildcard over unselected vectors
            Required.T.X.Selected  # fails on x
            Required.T.Z.Nowhere  # no such vector at all
            # trailing note
            """
        let list = FailureList(text: text)
        let v = vector(.accept, value: ["a": 1], id: "Required.T.X.Selected")
        let failing = CannedTestee(["Required.T.X.Selected": .accepted(value: ["a": 2], bytes: nil, leniencies: nil)])
        let summary = ConformanceRunner(failureList: list).run([v], on: failing, loaded: Self.loaded)
        #expect(summary.results.map(\.status) == [.expectedFailure])
        #expect(summary.staleEntries == ["Required.T.Z.Nowhere: listed as failing but no vector with this id was loaded"])
        // Without `loaded`, only the vectors that ran count as loaded.
        #expect(ConformanceRunner(failureList: list).run([v], on: failing).staleEntries.count == 3)

        // --fix on the filtered run: the unselected entries, their reasons and every comment stay.
        let passing = CannedTestee(["Required.T.X.Selected": .accepted(value: ["a": 1], bytes: nil, leniencies: nil)])
        let (fixed, dropped) = list.fixed(results: ConformanceRunner().run([v], on: passing).results, loaded: Self.loaded)
        #expect(dropped == ["Required.T.X.Selected", "Required.T.Z.Nowhere"])
        #expect(fixed.text == """
            # Header: why this implementation differs.
            Required.T.Y.NotSelected  # decodes y as z
            # Group comment.
            Required.T.Y.*  # wildcard over unselected vectors
            # trailing note

            """)
        // A new failure gets the placeholder, which counts as no reason.
        let (added, _) = FailureList(text: "").fixed(results: ConformanceRunner().run([v], on: failing).results, loaded: Self.loaded)
        #expect(added.entries.map(\.pattern) == ["Required.T.X.Selected"])
        #expect(added.entries[0].comment?.hasPrefix("TODO(why): FAIL: value differs") == true)
        #expect(!added.entries[0].hasReason)
        #expect(added.unexplainedEntries.count == 1)
    }

    @Test("an entry without a reason, or with the --fix placeholder, fails the run")
    func unexplained() {
        let list = FailureList(text: "Required.T.X.A\nRequired.T.X.B  # TODO(why): FAIL: x\nRequired.T.X.C  #\nRequired.T.X.D  # real reason\n")
        #expect(list.entries.map(\.hasReason) == [false, false, false, true])
        let vs = ["A", "B", "C", "D"].map { vector(.accept, value: ["a": 1], id: "Required.T.X.\($0)") }
        let testee = CannedTestee(Dictionary(uniqueKeysWithValues: vs.map { ($0.id, TesteeResponse.accepted(value: ["a": 2], bytes: nil, leniencies: nil)) }))
        let summary = ConformanceRunner(failureList: list).run(vs, on: testee)
        #expect(summary.results.allSatisfy { $0.status == .expectedFailure })
        #expect(summary.unexplainedEntries.count == 3)
        #expect(!summary.isSuccess)
        #expect(summary.text().hasSuffix("0 passed, 3 failed, 0 skipped"))
        #expect(summary.text().contains("UNEXPLAINED failure list entry Required.T.X.B: the reason is still the placeholder"))
    }

    @Test("the text report ends with the counts line; JSON and JUnit agree")
    func reports() throws {
        let vs = [vector(.accept, value: ["a": 1], id: "Required.T.X.Ok"), vector(.accept, value: ["a": 1], id: "Required.T.X.Bad"), vector(.accept, value: [:], id: "Required.T.Y.Skip")]
        let testee = CannedTestee([
            "Required.T.X.Ok": .accepted(value: ["a": 1], bytes: nil, leniencies: nil),
            "Required.T.X.Bad": .accepted(value: ["a": 2], bytes: nil, leniencies: nil),
        ])
        let summary = ConformanceRunner(requirements: ["CONTENT-JSON-001", "CONTENT-JSON-002"]).run(vs, on: testee)
        let text = summary.text()
        #expect(text.split(separator: "\n").last == "1 passed, 1 failed, 1 skipped")
        #expect(text.contains("requirements: 1 of 2 covered"))
        #expect(text.contains("FAIL Required.T.X.Bad (v.yaml:1)"))
        let json = summary.jsonReport()
        #expect(json.objectValue?["summary"]?.objectValue?["failed"] == 1)
        #expect(json.objectValue?["cases"]?.arrayValue?.count == 3)
        let xmlText = summary.junitXML()
        #expect(xmlText.contains("<testsuite name=\"T.X\" tests=\"2\" failures=\"1\""))
        #expect(xmlText.contains("<failure type=\"FAIL\""))
        #expect(xmlText.contains("<skipped"))
    }

    @Test("problems outside the cases are counted, fail JSON and JUnit, and precede the counts line")
    func problemsAgreeWithExitCode() throws {
        let v = vector(.accept, value: ["a": 1], id: "Required.T.X.Ok")
        let list = FailureList(text: "Required.T.X.Gone  # was removed\n")
        var summary = ConformanceRunner(failureList: list, requirements: ["OTHER-001"]).run(
            [v], on: CannedTestee(["Required.T.X.Ok": .accepted(value: ["a": 1], bytes: nil, leniencies: nil)]))
        summary.addExitProblems(["testee exited with status 23 after its input ended; stderr: leaked"])
        summary.addExitProblems(["testee exited with status 23 after its input ended; stderr: leaked"])
        #expect(summary.testeeProblems == ["at exit: testee exited with status 23 after its input ended; stderr: leaked"])
        #expect(summary.failed == 3)
        #expect(!summary.isSuccess)
        let lines = summary.text().split(separator: "\n")
        #expect(lines.last == "1 passed, 3 failed, 0 skipped")
        #expect(lines.contains("FAIL at exit: testee exited with status 23 after its input ended; stderr: leaked"))
        #expect(lines.contains("failed includes 1 stale failure-list entries, 1 corpus errors, 1 testee problems"))
        let s = try #require(summary.jsonReport().objectValue?["summary"]?.objectValue)
        #expect(s["success"] == false)
        #expect(s["failed"] == 3)
        let junit = summary.junitXML()
        #expect(junit.contains("<testsuites name=\"rongwire conform\" tests=\"4\" failures=\"3\""))
        for type in ["STALE", "CORPUS", "TESTEE"] { #expect(junit.contains("<failure type=\"\(type)\""), "\(type)") }
        // Times are xs:decimal: no exponent.
        #expect(!junit.contains("e-"))
        #expect(decimal(2.025e-05) == "0.000020")
        #expect(decimal(12.5) == "12.500000")
        #expect(decimal(0) == "0.000000")
    }

    @Test("vectors citing undefined requirements are corpus errors")
    func unknownRequirement() {
        let v = vector(.accept, value: ["a": 1], id: "Required.T.X.Ok")
        let summary = ConformanceRunner(requirements: ["OTHER-001"]).run([v], on: CannedTestee(["Required.T.X.Ok": .accepted(value: ["a": 1], bytes: nil, leniencies: nil)]))
        #expect(summary.corpusErrors.count == 1)
        #expect(!summary.isSuccess)
    }

    @Test("selection by glob, tag and level")
    func selection() {
        var v = vector(.accept, value: [:], id: "Recommended.Content.TxtMsg.A")
        v.level = .recommended
        v.tags = ["unicode"]
        #expect(VectorSelection().includes(v))
        #expect(!VectorSelection(level: .required).includes(v))
        #expect(VectorSelection(level: .recommended).includes(v))
        #expect(VectorSelection(filters: ["*.TxtMsg.*"]).includes(v))
        #expect(!VectorSelection(filters: ["*.ImgMsg.*"]).includes(v))
        #expect(VectorSelection(tags: ["x", "unicode"]).includes(v))
        #expect(!VectorSelection(tags: ["x"]).includes(v))
    }

    @Test("requirement ids are read from bold spec text")
    func specIndex() {
        let ids = SpecIndex.requirements(inMarkdown: "- **CONTENT-JSON-001** (MUST) x. **Kit choice**: y **ENV-HDR-010**, **FLAG-003** and **not-an-id** **X-1**")
        #expect(ids == ["CONTENT-JSON-001", "ENV-HDR-010", "FLAG-003"])
    }

    @Test("protocol messages survive framing")
    func framing() throws {
        let req = TesteeRequest(id: "Required.A.B", kind: "decode", objectName: "RC:TxtMsg", options: DecodingOptions(maxContentBytes: 10, mode: .strict), input: .bytes([0x7B, 0x7D]))
        let framed = TesteeFraming.frame(req.json)
        #expect(TesteeFraming.length(Array(framed.prefix(4))) == framed.count - 4)
        let back = try TesteeRequest(json: try TesteeFraming.parse(Array(framed.dropFirst(4))))
        #expect(back == req)
        for r: TesteeResponse in [
            .accepted(value: ["a": 1], bytes: [1, 2], leniencies: ["x"]), .rejected(error: "e", message: "m"), .skipped(reason: "r"),
            .runtimeError(message: "m"), .hello(name: "n", version: "1", kinds: ["decode"]),
        ] {
            #expect(try TesteeResponse(json: r.json) == r)
        }
    }
}
