// Tests/rongwireTests/FrameCLITests.swift - `rongwire frame` options and input errors

import RongTestSupport
import Testing

@Suite("CLI frame")
struct FrameCLITests {
    let bin: String

    init() throws { bin = try Rongwire.command() }

    /// The user's own RC:TxtMsg to group g1 echoed on pgMsgP: header 0x3b (PUBLISH, dup, QoS 1,
    /// retain), date 1700000000, the UpStreamMessage `frame compose` writes.
    let echo = "3b6553f100000670674d7367500002673100010803120952433a5478744d73671a107b22636f6e74656e74223a226869227d4800"

    @Test("--user-id names the sender of an echoed own message; without it there is none")
    func userId() {
        let with = shell("\(bin) frame decode --from server --message --user-id me --hex \(echo)")
        #expect(with.status == 0)
        #expect(with.output.hasPrefix(#"{"conversationType":3,"targetId":"g1","senderUserId":"me","objectName":"RC:TxtMsg""#))
        #expect(with.output.hasSuffix(#""direction":"sent","persistence":3,"flags":["persisted","counted"],"sync":true}"#))
        let without = shell("\(bin) frame decode --from server --message --hex \(echo)")
        #expect(without.status == 0 && !without.output.contains("senderUserId"))
        let alone = shell("\(bin) frame decode --from server --user-id me --hex \(echo)")
        #expect(alone.status == 64 && alone.output.contains("--user-id goes with --message"))
    }

    @Test("a customer-service echo (pcuMsgP) is conversation type 5")
    func customerServiceEcho() {
        // The same message on pcuMsgP to kf1.
        let cs = "3b6553f10000077063754d73675000036b66310001" + "0803120952433a5478744d73671a107b22636f6e74656e74223a226869227d4800"
        let r = shell("\(bin) frame decode --from server --message --hex \(cs)")
        #expect(r.output.hasPrefix(#"{"conversationType":5,"targetId":"kf1""#))
    }

    /// `--to :` and `--expansion =` trapped on the missing pieces (exit 132), and `--expansion =x`
    /// took `x` as the key: each part is now required and named.
    @Test("compose: --to TYPE:TARGET and --expansion KEY=VALUE with a part missing are usage errors naming it", arguments: [
        ("--to :", "the conversation type before `:` is blank"),
        ("--to :g1", "the conversation type before `:` is blank"),
        ("--to group:", "the target after `:` is blank"),
        ("--to group", "no `:` between the conversation type and the target"),
        ("--to nowhere:g1", "unknown conversation type `nowhere`"),
        ("--to group:g1 --expansion =", "the key before `=` is blank"),
        ("--to group:g1 --expansion =x", "the key before `=` is blank"),
        ("--to group:g1 --expansion k", "no `=` between the key and the value"),
        ("--to group:g1 --expansion k=1 --expansion k=2", "the key `k` is given twice"),
    ])
    func composeParts(_ options: String, _ says: String) {
        let r = shell(#"echo '{"content":"hi"}' | \#(bin) frame compose RC:TxtMsg \#(options)"#)
        #expect(r.status == 64, "\(options): \(r.output)")
        #expect(r.output.contains(says), "\(options): \(r.output)")
    }

    @Test("compose: a target may hold `:` and an expansion value `=` or nothing")
    func composeSeparatorsInValues() {
        let r = shell(#"echo '{"content":"hi"}' | \#(bin) frame compose RC:TxtMsg --to group:g:1 --expansion k=a=b --expansion e= --json"#)
        #expect(r.status == 0, "\(r.output)")
        #expect(r.output.contains(#""targetId": "g:1""#), "\(r.output)")
        #expect(r.output.contains(#""extraContent": "{\"e\":{\"v\":\"\"},\"k\":{\"v\":\"a=b\"}}""#), "\(r.output)")
    }

    @Test("compose takes message ids 1...65535, as its help says")
    func messageId() {
        let zero = shell(#"echo '{"content":"hi"}' | \#(bin) frame compose --to group:g1 RC:TxtMsg --message-id 0"#)
        #expect(zero.status == 64 && zero.output.contains("--message-id must be 1...65535"))
        let max = shell(#"echo '{"content":"hi"}' | \#(bin) frame compose --to group:g1 RC:TxtMsg --message-id 65535"#)
        #expect(max.status == 0 && max.output.hasPrefix("32000670674d7367500002673" + "1ffff"))
        let help = shell("\(bin) frame compose --help")
        #expect(help.output.contains("1...65535"))
        // A STATUS message goes out with id 0, as ENGINE sends it (ENV-MSGID-003): header 0x32,
        // topic "ppMsgS", target "bob", message id 0000.
        for extra in ["", " --message-id 0"] {
            let status = shell(#"echo '{"typingContentType":"RC:TxtMsg"}' | \#(bin) frame compose --to private:bob RC:TypSts"# + extra)
            #expect(status.status == 0 && status.output.hasPrefix("32" + "0006" + "70704d736753" + "0003" + "626f62" + "0000"), "\(extra)")
        }
    }

    @Test("--protocol 4 reads and writes a version-4 CONNACK; the default is 3")
    func protocolVersion() {
        // RongIMLib 5.7.2's CONNACK with flags 0x0D (tools/sdk5x/FINDINGS.md § 2.3, experiment E1).
        let v4 = "2000000d0005616c696365000001a22600966d03e8"
        let decoded = shell("\(bin) frame decode --from server --protocol 4 --hex \(v4)")
        #expect(decoded.status == 0)
        #expect(decoded.output.hasSuffix(#""flags":13,"userId":"alice","timestamp":1795933902445,"messageId":1000}"#))
        let back = shell("echo '\(decoded.output)' | \(bin) frame encode --from server --protocol 4")
        #expect(back.status == 0 && back.output == v4)
        // The issue's error: read with the default layout it stops inside the userId.
        let v3 = shell("\(bin) frame decode --from server --hex \(v4)")
        #expect(v3.status == 1 && v3.output.hasPrefix("error[truncated]: the packet ends inside the CONNACK userId"))
        let v3encode = shell("echo '\(decoded.output)' | \(bin) frame encode --from server --protocol 3")
        #expect(v3encode.status == 1 && v3encode.output.hasPrefix("error[invalidValue]"))
        let bad = shell("\(bin) frame decode --from server --protocol 5 --hex c0")
        #expect(bad.status == 64 && bad.output.contains("'3' and '4'"))
        let help = shell("\(bin) frame decode --help")
        #expect(help.output.contains("--protocol <version>"))
    }

    @Test("a FILE that cannot be read is error[ioError] from every frame command")
    func unreadableFile() {
        for command in ["frame decode --from client", "frame encode --from client", "frame compose --to group:g1 RC:TxtMsg"] {
            let r = shell("\(bin) \(command) /nonexistent/frame.bin")
            #expect(r.status == 1, "\(command)")
            #expect(r.output.hasPrefix("error[ioError]: cannot open /nonexistent/frame.bin"), "\(command)")
        }
    }
}
