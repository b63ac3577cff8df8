// Sources/rongwire/Commands/HARCommand.swift - `rongwire har FILE.har`: a browser's WebSocket messages, decoded

import ArgumentParser
import RongCapture
import RongCodec

struct HARCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "har",
        abstract: "Decode the RongCloud WebSocket traffic of a browser's HAR export, connection by connection.",
        discussion: """
            Reads a HAR file saved from Chrome's or Edge's DevTools (Network panel, "Export HAR \
            (with content)"), whose WebSocket entries keep their messages (`_webSocketMessages`: \
            type send or receive, time, opcode, data; base64 for binary), and prints the same \
            decoded timeline as `rongwire proxy` logs: per WebSocket connection, each message \
            with its packet, the messages it carries and their content, or the error it gave. \
            Text messages and sockets that are not RongCloud's (no appId and token in their URL) \
            are listed and skipped, not errors. docs/capture.md shows how to save a HAR.

            Example:
              rongwire har examples/captures/web-session.har
            """
    )

    @Argument(help: ArgumentHelp("The HAR file.", valueName: "FILE.har"))
    var file: String

    @Option(help: "text (one line per message, the default) or json (the proxy log's lines).")
    var format: HARFormat = .text

    @Option(help: ArgumentHelp("Largest HAR read, in bytes (default 256 MiB).", valueName: "BYTES"))
    var maxBytes = HARCapture.defaultMaxBytes

    enum HARFormat: String, CaseIterable, ExpressibleByArgument { case text, json }

    func run() throws {
        do throws(CodecError) {
            guard maxBytes >= 0 else { throw CodecError(.invalidValue, "--max-bytes must not be negative") }
            let har = try HARCapture(harBytes: try CLIIO.readFile(file, limit: maxBytes), maxBytes: maxBytes)
            let socket = har.connections.count == 1 ? "socket" : "sockets"
            if format == .text {
                CLIIO.printStdout("\(file): \(har.connections.count) WebSocket \(socket)\(har.creator.map { " (\($0))" } ?? ""); times are UTC")
            }
            var text = CaptureTimeline.lines(har, json: format == .json).joined(separator: "\n")
            if !text.isEmpty { text += "\n" }
            CLIIO.writeStdout(Array(text.utf8))
        } catch {
            throw CLIIO.fail(error)
        }
    }
}
