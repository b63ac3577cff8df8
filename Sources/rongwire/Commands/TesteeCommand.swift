// Sources/rongwire/Commands/TesteeCommand.swift - `rongwire testee`

import ArgumentParser
import RongConformance

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

    @Option(
        name: .customLong("fault-announce-fd"),
        help: ArgumentHelp(
            "Test fixture: write one byte to this inherited descriptor when a hang or deaf fault begins.",
            visibility: .hidden))
    var announce: Int32 = -1

    func validate() throws {
        for f in faults where TesteeServer.Fault.parse(f) == nil {
            throw ValidationError("--inject-fault takes misdecode:ID, crash:ID, hang:ID or deaf:ID, not \(f)")
        }
    }

    func run() throws {
        // The first fault given for an id wins.
        let injected = Dictionary(faults.compactMap(TesteeServer.Fault.parse).map { ($0.id, $0.fault) }, uniquingKeysWith: { a, _ in a })
        TesteeServer(faults: injected, announce: announce).serve()
    }
}
