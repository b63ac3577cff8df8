// Sources/rongwire/RongWire.swift - the `rongwire` command-line tool

import ArgumentParser

@main
struct RongWire: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rongwire",
        abstract: "Reference codec and conformance kit for the RongCloud IM message protocol.",
        discussion: """
            Decode and encode message content and RMTP packets (`frame`), inspect the built-in \
            catalog, run conformance, run the mock peer with its client, scenarios and load generator, and record \
            and decode real traffic (a proxy, HAR files, captures as vectors). Errors are printed as \
            `error[CODE]: message` on stderr with exit status 1; CODE is stable.
            """,
        version: RongWireVersion.string,

        groupedSubcommands: [
            CommandGroup(name: "Codec", subcommands: [
                TypesCommand.self, DecodeCommand.self, EncodeCommand.self, FrameCommand.self, NIMCommand.self,
            ]),
            CommandGroup(name: "Conformance", subcommands: [
                ConformCommand.self, TesteeCommand.self, DifferentialCommand.self,
            ]),
            CommandGroup(name: "Mock peer", subcommands: [
                PeerCommand.self, PeerClientCommand.self, ScenarioCommand.self, PeerLoadCommand.self,
            ]),
            CommandGroup(name: "Captured traffic", subcommands: [
                ProxyCommand.self, HARCommand.self, CaptureCommand.self,
            ]),
        ]
    )
}

enum RongWireVersion {
    static let string = "0.1.0"
}
