// Tests/rongwireTests/CLITests.swift - the rongwire command line, end to end

import RongTestSupport
import Testing

/// Each test runs the binary in processes and folders of its own, so they run in parallel.
@Suite("CLI")
struct CLITests {
    let bin: String

    init() throws { bin = try Rongwire.command() }

    @Test("decode prints the normalized value and names the leniencies")
    func decode() {
        let r = shell(#"echo '{"content":"hi","user":{"id":"u1","icon":"a.png"}}' | \#(bin) decode RC:TxtMsg --leniencies"#)
        #expect(r.status == 0)
        #expect(r.output.contains(#"{"content":"hi","user":{"id":"u1","portrait":"a.png"}}"#))
        #expect(r.output.contains("leniencies: avatarIcon"))
    }

    @Test("bad content prints error[CODE] with path and offset, exit 1")
    func decodeError() {
        let r = shell(#"echo '{"content":"hi","user":{"id":"u1","name":5}}' | \#(bin) decode RC:TxtMsg"#)
        #expect(r.status == 1)
        #expect(r.output == "error[typeMismatch]: expected a string, found number (at $.user.name, byte 41)")
    }

    @Test("encode writes canonical bytes and refuses non-normalized input")
    func encode() {
        let ok = shell(#"printf '{"size":1024,"name":"a.pdf","type":"pdf"}' | \#(bin) encode RC:FileMsg"#)
        #expect(ok.status == 0)
        #expect(ok.output == #"{"name":"a.pdf","size":1024,"type":"pdf"}"#)
        let bad = shell(#"printf '{"size":"1024"}' | \#(bin) encode RC:FileMsg"#)
        #expect(bad.status == 1)
        #expect(bad.output.hasPrefix("error[notNormalized]"))
        let unknown = shell(#"printf '{}' | \#(bin) encode App:Nope"#)
        #expect(unknown.output.hasPrefix("error[unknownObjectName]"))
    }

    @Test("localPath is dropped for every type; --strict rejects it, as --help says")
    func localPath() {
        let r = shell(#"printf '{"content":"x","localPath":"/a"}' | \#(bin) decode RC:TxtMsg --leniencies"#)
        #expect(r.status == 0)
        #expect(r.output.contains(#"{"content":"x"}"#))
        #expect(r.output.contains("leniencies: localPathDropped"))
        let strict = shell(#"printf '{"content":"x","localPath":"/a"}' | \#(bin) decode RC:TxtMsg --strict"#)
        #expect(strict.status == 1)
        #expect(strict.output == "error[notNormalized]: input is not normalized: leniency rule 'localPathDropped' applies (at $.localPath, byte 27)")
        #expect(shell("\(bin) decode --help").output.contains("a localPath key"))
    }

    @Test("a missing file is error[ioError], exit 1")
    func missingFile() {
        let r = shell("\(bin) decode RC:TxtMsg /nonexistent/file.json")
        #expect(r.status == 1)
        #expect(r.output.hasPrefix("error[ioError]: cannot open /nonexistent/file.json"))
    }

    @Test("a directory is error[ioError], exit 1, for every command that reads an input", arguments: [
        "decode RC:TxtMsg", "decode RC:RLJoin", "encode RC:TxtMsg", "frame decode --from client", "frame encode --from client",
        "frame compose --to group:g RC:TxtMsg",
    ])
    func directory(_ command: String) {
        let r = shell("\(bin) \(command) /")
        #expect(r.status == 1, "\(r.output)")
        #expect(r.output == "error[ioError]: cannot read /: Is a directory")
    }

    @Test("input beyond the limit is error[sizeLimit] after reading one byte more, not all of it", arguments: [
        ("decode RC:TxtMsg --max-bytes 10", 10), ("encode RC:TxtMsg --max-bytes 10", 10),
        ("frame compose --to group:g RC:TxtMsg", 131_072), ("frame decode --from client", 16 << 20),
    ])
    func endlessInput(_ command: String, limit: Int) {
        // `yes` never ends: reading to the end would never finish (timeout gives 124). Its
        // "Broken pipe" (where SIGPIPE is ignored) is not the command's output.
        let r = shell("timeout 60 sh -c 'yes 2>/dev/null | \(bin) \(command)'")
        #expect(r.status == 1, "\(r.output)")
        #expect(r.output == "error[sizeLimit]: standard input is larger than the limit of \(limit) bytes (byte \(limit))")
    }

    @Test("input of exactly --max-bytes is read whole")
    func inputAtTheLimit() {
        let r = shell(#"printf '{"content":"12345678"}' | \#(bin) decode RC:TxtMsg --max-bytes 22"#)
        #expect(r.status == 0)
        #expect(r.output == #"{"content":"12345678"}"#)
        let file = shell(#"(f=$(mktemp) && printf '{"content":"12345678"}' > "$f" && \#(bin) decode RC:TxtMsg --max-bytes 21 "$f"; s=$?; rm -f "$f"; exit $s)"#)
        #expect(file.status == 1)
        #expect(file.output.hasPrefix("error[sizeLimit]: /tmp/"), "\(file.output)")
    }

    @Test("types lists all 75 types (64 of RongCloud's registry) with flags and attributes; --json includes keys and searchProps")
    func types() {
        let r = shell("\(bin) types")
        #expect(r.output.hasSuffix("75 types: 64 of RongCloud's registry, 11 kit types; 20 kept as open JSON"), "\(r.output.suffix(80))")
        #expect(r.output.contains("\nRC:RcCmd "))
        let rcCmd = r.output.split(separator: "\n").first { $0.hasPrefix("RC:RcCmd ") }.map(String.init) ?? ""
        #expect(rcCmd.contains("NONE (0)") && rcCmd.contains("command") && rcCmd.contains("RongCloud"), "\(rcCmd)")
        let j = shell("\(bin) types --json")
        #expect(j.output.contains(#""objectName": "RC:HQVCMsg""#))
        #expect(j.output.contains(#""RC:HQVcMsg""#))
        #expect(j.output.contains(#""command": true"#) && j.output.contains(#""media": true"#))
        #expect(j.output.contains(#""objectName": "RCRTC:invite""#))
        #expect(j.output.contains(#""searchProps": ["#), "RC:ImgTextMsg and RC:ReferenceMsg carry 5.7.2's searchProps")
    }

    @Test("frame compose builds the PUBLISH; frame decode reads it back; --message gives the inbound view")
    func frames() {
        let hex = shell(#"echo '{"content":"hi"}' | \#(bin) frame compose --to group:g1 RC:TxtMsg --push-content 'Ann: hi'"#)
        #expect(hex.status == 0)
        #expect(hex.output.hasPrefix("32000670674d73675000026731"))  // header 0x32, topic pgMsgP, target g1
        let back = shell("\(bin) frame decode --from client --hex \(hex.output)")
        #expect(back.output.contains(#""topic":"pgMsgP""#))
        #expect(back.output.contains(#""sessionId":3"#))
        #expect(back.output.contains(#""pushText":"Ann: hi""#))
        let ping = shell("\(bin) frame decode --from client --hex c0")
        #expect(ping.output == #"{"header":{"type":"PINGREQ","dup":false,"qos":0,"retain":false}}"#)
        let push = "336553f1000005735f6d736700026d6500070a02753110031a026731220952433a5478744d73672a107b22636f6e74656e74223a226869227d30fbd095ffbc3138304a13425130542d4a3350342d304641322d30303033"
        let m = shell("\(bin) frame decode --from server --message --hex \(push)")
        #expect(m.output.contains(#""targetId":"g1""#))
        #expect(m.output.contains(#""persistence":3"#))
        let trunc = shell("\(bin) frame decode --from server --hex 3365")
        #expect(trunc.status == 1)
        #expect(trunc.output.hasPrefix("error[truncated]"))
    }

    @Test("conform reports a broken vector file with file and line, not a stack trace")
    func conformLoadError() throws {
        let dir = try TempDir()
        try dir.write("bad.yaml", "vectors:\n  - id: Required.A.B\n    level: required\n    colour: red\n")
        let r = shell("\(bin) conform \(dir.path)/bad.yaml")
        #expect(r.status == 2)
        #expect(r.output == "\(dir.path)/bad.yaml:4:5: error: unknown key `colour` in a vector (allowed: description, expect, from, id, input, kind, level, objectName, options, spec, tags)")
    }

    @Test("conform writes JUnit and JSON reports and a fixed failure list")
    func conformReports() throws {
        let dir = try TempDir()
        let root = packageRoot()
        let r = shell("cd '\(root)' && \(bin) conform vectors/content/txt.yaml --junit \(dir.path)/j.xml --json-report \(dir.path)/r.json")
        #expect(r.status == 0, "\(r.output)")
        #expect(r.output.split(separator: "\n").last?.hasSuffix("passed, 0 failed, 0 skipped") == true)
        #expect(dir.read("j.xml")?.contains("<testsuites name=\"rongwire conform\"") == true)
        #expect(dir.read("r.json")?.contains("\"success\": true") == true)
        // A stale failure list fails the run; --fix empties it.
        try dir.write("fl.txt", "Required.Content.TxtMsg.NoSuchVector  # gone\n")
        let stale = shell("cd '\(root)' && \(bin) conform vectors/content/txt.yaml --failure-list \(dir.path)/fl.txt")
        #expect(stale.status == 1)
        #expect(stale.output.contains("STALE failure list entry Required.Content.TxtMsg.NoSuchVector"))
        let fixed = shell("cd '\(root)' && \(bin) conform vectors/content/txt.yaml --failure-list \(dir.path)/fl.txt --fix")
        #expect(fixed.status == 0)
        #expect(dir.read("fl.txt") == "")
    }

    @Test("conform --shard I/N in three runs and merge-reports: the whole run's counts, each vector once")
    func conformShards() throws {
        let dir = try TempDir()
        let root = packageRoot()
        let whole = shell("cd '\(root)' && \(bin) conform vectors/content vectors/envelope/connack.yaml --json-report \(dir.path)/whole.json")
        #expect(whole.status == 0, "\(whole.output)")
        var ids: [String] = []
        for i in 1...3 {
            let part = shell("cd '\(root)' && \(bin) conform vectors/content vectors/envelope/connack.yaml --shard \(i)/3 --json-report \(dir.path)/p\(i).json 2>&1")
            #expect(part.status == 0, "\(part.output)")
            #expect(part.output.contains("shard \(i)/3: "), "\(part.output)")
            ids += shell("cd '\(root)' && \(bin) conform vectors/content vectors/envelope/connack.yaml --shard \(i)/3 --list").output.split(separator: "\n").map(String.init)
        }
        let all = shell("cd '\(root)' && \(bin) conform vectors/content vectors/envelope/connack.yaml --list").output.split(separator: "\n").map(String.init)
        #expect(ids.count == all.count && Set(ids) == Set(all))
        let merged = shell("cd '\(root)' && \(bin) conform merge-reports \(dir.path)/p3.json \(dir.path)/p1.json \(dir.path)/p2.json --junit \(dir.path)/m.xml --json-report \(dir.path)/m.json")
        #expect(merged.status == 0, "\(merged.output)")
        #expect(merged.output.split(separator: "\n").last == whole.output.split(separator: "\n").last)
        #expect(dir.read("m.xml")?.contains("tests=\"\(all.count)\"") == true)
        // The merged report merges again; a part given twice does not.
        let again = shell("\(bin) conform merge-reports \(dir.path)/m.json")
        #expect(again.status == 0 && again.output.split(separator: "\n").last == whole.output.split(separator: "\n").last)
        let twice = shell("\(bin) conform merge-reports \(dir.path)/p1.json \(dir.path)/p1.json 2>&1")
        #expect(twice.status == 2 && twice.output.contains("error[reportsDoNotFit]: vector "), "\(twice.output)")
        let notReport = shell("echo '{}' > \(dir.path)/x.json && \(bin) conform merge-reports \(dir.path)/x.json 2>&1")
        #expect(notReport.status == 2 && notReport.output.contains("error[invalidReport]: \(dir.path)/x.json: $.testee: expected a string"), "\(notReport.output)")
        let bad = shell("\(bin) conform --shard 4/3 2>&1")
        #expect(bad.status == 64 && bad.output.contains("--shard"), "\(bad.output)")
    }

    @Test("a failure list works with a selection; --fix keeps what the selection left out")
    func failureListWithSelection() throws {
        let dir = try TempDir()
        let root = packageRoot()
        let list = """
            # Fixture testee: misdecodes one vector.
            Required.JSON.Structure.Nested  # the fixture changes the first member
            # Not selected below, so neither stale nor dropped.
            Required.JSON.Object.DuplicateKey  # kept for the full run

            """
        try dir.write("fl.txt", list)
        let testee = "--testee \"\(bin) testee --inject-fault misdecode:Required.JSON.Structure.Nested\""
        let run = shell("cd '\(root)' && \(bin) conform vectors/json \(testee) --failure-list \(dir.path)/fl.txt --filter 'Required.JSON.Structure.*'")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasSuffix("1 expected failures (from the failure list) are not counted below\n14 passed, 0 failed, 0 skipped"), "\(run.output)")
        let fix = shell("cd '\(root)' && \(bin) conform vectors/json \(testee) --failure-list \(dir.path)/fl.txt --filter 'Required.JSON.Structure.*' --fix")
        #expect(fix.status == 0, "\(fix.output)")
        #expect(dir.read("fl.txt") == list)
    }

    @Test("a failure at exit comes before the counts line and fails the JSON and JUnit reports")
    func failAtExit() throws {
        let dir = try TempDir()
        let root = packageRoot()
        let r = shell(
            "cd '\(root)' && \(bin) conform vectors/content/txt.yaml --testee \"sh -c \\\"\(bin) testee; echo leaked >&2; exit 23\\\"\" --json-report \(dir.path)/r.json --junit \(dir.path)/j.xml")
        #expect(r.status == 1)
        let lines = r.output.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("FAIL at exit: testee exited with status 23") }.count == 1, "\(r.output)")
        #expect(lines.last?.hasSuffix("passed, 1 failed, 0 skipped") == true, "\(r.output)")
        #expect(dir.read("r.json")?.contains("\"success\": false") == true)
        #expect(dir.read("j.xml")?.contains("<failure type=\"TESTEE\" message=\"at exit: testee exited with status 23") == true)
    }

    @Test("without a spec folder coverage is skipped with a note; a missing --spec folder is an error")
    func specFolder() throws {
        let dir = try TempDir()
        let root = packageRoot()
        let note = shell("cd '\(dir.path)' && \(bin) conform '\(root)/vectors/content/txt.yaml'")
        #expect(note.status == 0)
        #expect(note.output.contains("note: no spec/ folder here"))
        let missing = shell("cd '\(root)' && \(bin) conform vectors/content/txt.yaml --spec \(dir.path)/nope")
        #expect(missing.status == 2)
        #expect(missing.output.contains("no spec folder"))
    }
}
