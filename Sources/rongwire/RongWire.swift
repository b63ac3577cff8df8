// Sources/rongwire/RongWire.swift - the `rongwire` command-line tool

import ArgumentParser

@main
struct RongWire: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rongwire",
        abstract: "Reference codec and conformance kit for the RongCloud IM message protocol.",
        discussion: """
            Decode and encode message content and RMTP packets (`frame`), inspect the built-in \
            catalog, run conformance, and run the mock peer with its client, scenarios and load generator. Errors are printed as \
            `error[CODE]: message` on stderr with exit status 1; CODE is stable.
            """,
        version: RongWireVersion.string,

        subcommands: [
            TypesCommand.self, DecodeCommand.self, EncodeCommand.self, FrameCommand.self, ConformCommand.self, TesteeCommand.self,
            DifferentialCommand.self, NIMCommand.self, PeerCommand.self, PeerClientCommand.self, ScenarioCommand.self, PeerLoadCommand.self,
        ]
    )
}

enum RongWireVersion {
    static let string = "0.1.0"
}
