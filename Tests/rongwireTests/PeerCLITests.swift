// Tests/rongwireTests/PeerCLITests.swift - `rongwire peer` options that bound what a request may send

import RongTestSupport
import Testing

@Suite("CLI peer")
struct PeerCLITests {
    let bin: String

    init() throws { bin = try Rongwire.command() }

    @Test("the HTTP request limits are options with a stated range; values outside it are refused before the peer starts", arguments: [
        ("--max-request-head-bytes 100", "--max-request-head-bytes must be 1024...1048576"),
        ("--max-request-head-bytes 2097152", "--max-request-head-bytes must be 1024...1048576"),
        ("--max-request-body-bytes 1000", "--max-request-body-bytes must be 1024...268435456"),
    ])
    func requestLimits(_ options: String, _ message: String) {
        let r = shell("\(bin) peer --port 0 \(options)")
        #expect(r.status == 64, "\(r.output)")
        #expect(r.output.contains(message), "\(r.output)")
    }

    @Test("--help names the request limits and their defaults")
    func help() {
        let r = shell("\(bin) peer --help")
        #expect(r.status == 0)
        // The help is wrapped to the terminal: compare with the line breaks and indents removed.
        let text = r.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("--max-request-head-bytes <BYTES> Largest HTTP request head"), "\(text)")
        #expect(text.contains("(default: 16384)") && text.contains("(default: 4194304)"), "\(text)")
    }
}
