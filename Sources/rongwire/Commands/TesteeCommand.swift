// Sources/rongwire/Commands/TesteeCommand.swift - `rongwire testee`

import ArgumentParser
import RongCodec
import RongConformance

#if canImport(Glibc)
import Glibc
#endif

struct TesteeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "testee",
        abstract: "Answer conformance requests on stdin/stdout with RongWire's own codec.",
        discussion: """
            Speaks the testee protocol of spec/testee-protocol.md: each message is a 4-byte \
            little-endian length and a JSON object. `rongwire conform --testee "rongwire testee"` \
            runs the corpus through this process, which tests the protocol itself; other \
            implementations write a program that answers the same way.
            """
    )

    @Option(
        name: .customLong("inject-fault"),
        help: ArgumentHelp(
            "Test fixture: misdecode:ID, crash:ID or hang:ID makes this testee misbehave on one vector; deaf:ID answers it, then stops reading its input.",
            visibility: .hidden))
    var faults: [String] = []

    func validate() throws {
        for f in faults {
            let parts = f.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, ["misdecode", "crash", "hang", "deaf"].contains(parts[0]) else {
                throw ValidationError("--inject-fault takes misdecode:ID, crash:ID, hang:ID or deaf:ID, not \(f)")
            }
        }
    }

    func run() throws {
        let testee = CodecTestee()
        let injected = Dictionary(faults.map { f -> (String, String) in
            let p = f.split(separator: ":", maxSplits: 1)
            return (String(p[1]), String(p[0]))
        }, uniquingKeysWith: { a, _ in a })
        while let body = readMessage() {
            var response: TesteeResponse
            var deafAfter = false
            do throws(TesteeProtocolError) {
                let request = try TesteeRequest(json: try TesteeFraming.parse(body))
                switch injected[request.id] {
                case "crash"?: abort()
                case "hang"?: while true { sleep(3600) }
                case "misdecode"?:
                    response = Self.misdecode(testee.handle(request))
                case "deaf"?:
                    response = testee.handle(request)
                    deafAfter = true
                default:
                    response = testee.handle(request)
                }
            } catch {
                response = .runtimeError(message: "bad request: \(error)")
            }
            CLIIO.writeStdout(TesteeFraming.frame(response.json))
            if deafAfter {
                // The next request stays in the pipe: the runner must not block writing it.
                while true { sleep(3600) }
            }
        }
    }

    /// Reads one framed message from stdin; nil at end of input.
    private func readMessage() -> [UInt8]? {
        guard let prefix = readExactly(4) else { return nil }
        let n = TesteeFraming.length(prefix)
        guard n <= TesteeFraming.maxMessageBytes else { return nil }
        return readExactly(n)
    }

    private func readExactly(_ count: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = out.withUnsafeMutableBytes { read(0, $0.baseAddress! + got, count - got) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            got += n
        }
        return out
    }

    /// Changes the first member of an accepted value: a deliberately wrong answer.
    static func misdecode(_ r: TesteeResponse) -> TesteeResponse {
        guard case .accepted(.object(var o)?, let bytes, let lenient) = r, let first = o.first else { return r }
        o[first.key] = .string("misdecoded")
        return .accepted(value: .object(o), bytes: bytes, leniencies: lenient)
    }
}
