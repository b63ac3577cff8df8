// Tests/rongwireTests/NIMCLITests.swift - `rongwire nim to-rc|from-rc|decode`, end to end

import RongTestSupport
import Testing

/// Each test has its own folder and processes, so they run in parallel.
@Suite("CLI: nim")
struct NIMCLITests {
    let bin: String
    let dir: TempDir

    init() throws {
        bin = try Rongwire.command()
        dir = try TempDir()
    }

    static let text = #"{"messageId":"m1","messageType":0,"from":"alice","session":{"sessionId":"bob","sessionType":0},"timestamp":1700000000.123,"text":"hi"}"#
    static let chatroomNotification = #"{"messageType":5,"session":{"sessionId":"lobby","sessionType":2},"attachment":{"notificationType":3,"content":{"eventType":301}}}"#
    static let image = #"{"messageId":"m2","messageType":1,"session":{"sessionId":"t1","sessionType":1},"attachment":{"url":"https://n/a.jpg","fileLength":12}}"#
    static let image2 = #"{"messageType":1,"session":{"sessionId":"t1","sessionType":1},"attachment":{"url":"https://n/b.jpg","path":"/tmp/b.jpg"}}"#
    static let swapped = #"{"messageType":4,"session":{"sessionId":"u","sessionType":0},"attachment":{"latitude":120.15515,"longitude":30.27415}}"#

    @Test("to-rc converts line by line: numbered records, dropped and bad lines reported, exit 1 on errors")
    func toRC() throws {
        try dir.write("in.jsonl", [Self.text, "", Self.chatroomNotification, Self.swapped, "{not json", Self.image2].joined(separator: "\n") + "\n")
        let r = shell("{ \(bin) nim to-rc --report \(dir.path)/report.jsonl \(dir.path)/in.jsonl 2>\(dir.path)/err.txt; }")
        #expect(r.status == 1)
        let lines = r.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first == #"{"conversationType":1,"targetId":"bob","objectName":"RC:TxtMsg","content":"{\"content\":\"hi\"}","messageId":1,"persistence":3,"$senderUserId":"alice","$sentTime":1700000000123,"$nimMessageId":"m1"}"#)
        #expect(lines.last?.contains(#""objectName":"RC:ImgMsg""#) == true && lines.last?.contains(#""messageId":2,"#) == true)
        let err = dir.read("err.txt") ?? ""
        #expect(err.contains("line 3: lost $.attachment (NIM-MAP-CHATROOM-001)"))
        #expect(err.contains("line 4: error[invalidValue]: latitude 120.15515 is outside -90...90"))
        #expect(err.contains("line 5: error["))
        #expect(err.contains("line 6: lost $.attachment.path (NIM-MAP-IMAGE-001)"))
        #expect(err.contains("5 records: 2 written, 2 with losses, 1 without counterpart, 2 errors"))
        #expect(err.contains("; read as rongwire 3"))
        let report = (dir.read("report.jsonl") ?? "").split(separator: "\n").map(String.init)
        #expect(report.count == 4)
        #expect(report.first == #"{"line":3,"form":"rongwire","dropped":true,"loss":[{"rule":"NIM-MAP-CHATROOM-001","path":"$.attachment"}]}"#)
        #expect(report[1].hasPrefix(#"{"line":4,"error":{"code":"invalidValue","#) && report[1].hasSuffix(#""path":"$.attachment.latitude"}}"#))
    }

    @Test("--strict refuses lossy records and still writes the others")
    func strict() throws {
        try dir.write("in.jsonl", Self.text + "\n" + Self.image + "\n")
        let r = shell("{ \(bin) nim to-rc --strict \(dir.path)/in.jsonl 2>\(dir.path)/err.txt; }")
        #expect(r.status == 1)
        #expect(r.output.split(separator: "\n").count == 1)
        #expect((dir.read("err.txt") ?? "").contains("line 2: error[lossyConversion]: the conversion loses $.attachment.fileLength (NIM-MAP-IMAGE-001)"))
    }

    @Test("from-rc reverses to-rc: a lossless message comes back in canonical form")
    func roundTrip() throws {
        try dir.write("in.jsonl", Self.text + "\n")
        let back = shell("{ \(bin) nim to-rc --quiet \(dir.path)/in.jsonl 2>/dev/null | \(bin) nim from-rc - 2>/dev/null; }")
        let canonical = shell("{ \(bin) nim decode \(dir.path)/in.jsonl 2>/dev/null; }")
        #expect(back.status == 0 && canonical.status == 0)
        #expect(back.output == canonical.output)
        #expect(back.output == #"{"messageId":"m1","messageType":0,"from":"alice","session":{"sessionId":"bob","sessionType":0},"timestamp":1700000000.123,"text":"hi"}"#)
    }

    @Test("--types reads the mapping; a bad mapping is an error naming the file and path")
    func types() throws {
        try dir.write("types.json", #"{"types":[{"value":"redPacket","objectName":"App:RedPacket"}]}"#)
        try dir.write("bad.json", #"{"types":[{"value":"redPacket","objectName":"RC:RedPacket"}]}"#)
        try dir.write("in.jsonl", #"{"messageType":100,"session":{"sessionId":"bob","sessionType":0},"attachment":"{\"type\":\"redPacket\"}"}"# + "\n")
        let ok = shell("{ \(bin) nim to-rc --types \(dir.path)/types.json \(dir.path)/in.jsonl 2>/dev/null; }")
        #expect(ok.status == 0)
        #expect(ok.output.contains(#""objectName":"App:RedPacket""#))
        let bad = shell("\(bin) nim to-rc --types \(dir.path)/bad.json \(dir.path)/in.jsonl")
        #expect(bad.status == 1)
        #expect(bad.output.hasPrefix("error[invalidObjectName]: \(dir.path)/bad.json: "))
        #expect(bad.output.contains("(at $.types[0].objectName)"))
    }

    @Test("a line above --max-bytes is sizeLimit and the next line is still read")
    func longLine() throws {
        try dir.write("in.jsonl", #"{"messageType":0,"session":{"sessionId":"bob","sessionType":0},"text":""# + String(repeating: "x", count: 300_000) + "\"}\n" + Self.text)
        let r = shell("{ \(bin) nim to-rc --max-bytes 1000 \(dir.path)/in.jsonl 2>\(dir.path)/err.txt; }")
        #expect(r.status == 1)
        #expect(r.output.split(separator: "\n").count == 1)
        #expect((dir.read("err.txt") ?? "").contains("line 1: error[sizeLimit]"))
    }

    @Test("a file that cannot be opened is error[ioError]")
    func missingFile() {
        let r = shell("\(bin) nim from-rc /nonexistent/in.jsonl")
        #expect(r.status == 1)
        #expect(r.output.hasPrefix("error[ioError]: cannot open /nonexistent/in.jsonl"))
    }
}
