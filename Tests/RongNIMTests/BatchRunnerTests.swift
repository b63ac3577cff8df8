// Tests/RongNIMTests/BatchRunnerTests.swift - the JSON Lines runner of `rongwire nim`, on files

import RongCodec
import RongSupport
import RongTestSupport
import Testing

@testable import RongNIM

@Suite("NIM batch runner")
struct BatchRunnerTests {
    let dir: TempDir

    init() throws { dir = try TempDir() }

    /// Runs `nim to-rc`'s conversion over `lines`; the output, diagnostics and report as text.
    func run(_ text: String, strict: Bool = false, maxBytes: Int = 131_072) throws -> (out: String, err: String, report: String, summary: NIMBatchRunner.Summary) {
        try dir.write("in.jsonl", text)
        var runner = NIMBatchRunner(input: dir.path + "/in.jsonl", limits: DecodingOptions(maxContentBytes: maxBytes))
        runner.strict = strict
        runner.report = dir.path + "/report.jsonl"
        let out = try FileIO.openForWriting(dir.path + "/out.txt")
        let err = try FileIO.openForWriting(dir.path + "/err.txt")
        runner.output = out
        runner.diagnostics = err
        let converter = NIMConverter()
        let summary = try runner.run { bytes, limits throws(CodecError) in
            let read = try NIMFormRecord(json: bytes, options: limits)
            let result = try converter.toRC(read)
            return NIMBatchRunner.Line(value: result.output?.jsonValue(), losses: result.losses, messageId: result.output?.nimMessageId, form: read.form)
        }
        FileIO.closeDescriptor(out)
        FileIO.closeDescriptor(err)
        return (dir.read("out.txt") ?? "", dir.read("err.txt") ?? "", dir.read("report.jsonl") ?? "", summary)
    }

    @Test("every line is read in its own form and reported on its own; the summary counts the forms")
    func mixedForms() throws {
        let lines = [
            #"{"from":"a1","msgid":1,"msgidclient":"c1","sendtime":1700000000123,"type":0,"body":{"msg":"hi"},"to":"b1","ope":0}"#,
            "",
            #"{"to_type":0,"to_accid":"bob","from_id":"alice","msg_type":0,"msg_body":"hi","client_msg_id":"c2","from_device_id":"d"}"#,
            #"{"from":"a","ope":0,"to":"b","type":0,"body":"{'msg': 'hello'}"}"#,
            #"{"foo":1}"#,
            #"{"scene":"p2p","from":"alice","to":"bob","type":"text","text":"hi","idClient":"c3"}"#,
        ]
        let r = try run(lines.joined(separator: "\n") + "\r\n")
        #expect(r.out.split(separator: "\n").count == 3)
        #expect(r.summary == NIMBatchRunner.Summary(records: 5, written: 3, lossy: 1, dropped: 0, errors: 2, forms: [.serverV1History: 1, .cSDK: 1, .webSDK: 1]))
        #expect(r.err.contains("line 3 (c2): lost $.from_device_id (NIM-FORM-002)"))
        #expect(r.err.contains("line 4: error[invalidEmbeddedJSON]"))
        #expect(r.err.contains("line 5: error[unknownNIMForm]"))
        #expect(r.err.contains("5 records: 3 written, 1 with losses, 0 without counterpart, 2 errors"))
        #expect(r.err.contains("; read as server-v1-history 1, c-sdk 1, web-sdk 1"))
        let report = r.report.split(separator: "\n").map(String.init)
        #expect(report.first == #"{"line":3,"form":"c-sdk","messageId":"c2","loss":[{"rule":"NIM-FORM-002","path":"$.from_device_id"}]}"#)
        #expect(report.count == 3)
    }

    @Test("strict mode turns a loss into an error for its line only")
    func strict() throws {
        let r = try run(#"{"to_type":0,"to_accid":"bob","msg_type":0,"msg_body":"hi","from_device_id":"d"}"# + "\n" + #"{"to_type":0,"to_accid":"bob","msg_type":0,"msg_body":"hi"}"#, strict: true)
        #expect(r.summary.errors == 1 && r.summary.written == 1)
        #expect(r.err.contains("line 1: error[lossyConversion]: the conversion loses $.from_device_id (NIM-FORM-002)"))
    }

    @Test("a line above the limit is sizeLimit, kept out of memory, and the next line is read")
    func longLine() throws {
        let long = #"{"to_type":0,"to_accid":"bob","msg_type":0,"msg_body":""# + String(repeating: "x", count: 200_000) + "\"}"
        let r = try run(long + "\n" + #"{"to_type":0,"to_accid":"bob","msg_type":0,"msg_body":"hi"}"#, maxBytes: 1000)
        #expect(r.summary.errors == 1 && r.summary.written == 1)
        #expect(r.err.contains("line 1: error[sizeLimit]"))
    }

    @Test("an input that cannot be opened is a FileError, before anything is written")
    func missingInput() throws {
        let runner = NIMBatchRunner(input: dir.path + "/absent.jsonl", limits: DecodingOptions())
        #expect(throws: FileError.cannotOpen(path: dir.path + "/absent.jsonl", reason: "No such file or directory")) {
            _ = try runner.run { _, _ throws(CodecError) in NIMBatchRunner.Line(value: nil, losses: []) }
        }
    }
}
