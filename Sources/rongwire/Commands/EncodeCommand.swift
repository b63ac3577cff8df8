// Sources/rongwire/Commands/EncodeCommand.swift - `rongwire encode`

import RongEnvelope
import ArgumentParser
import RongCodec
import RongConformance
import RongSupport

struct EncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Read a normalized value and print its canonical content bytes.",
        discussion: """
            The input is a normalized value as `rongwire decode` prints it. By default it must \
            already be normalized (a numeric string where a number belongs is an error, not a \
            silent fix); --lenient accepts every form the decoder accepts. Prints the canonical \
            bytes exactly (a newline is added only when writing to a terminal), or hex with --hex.

            Example:
              echo '{"user":{"id":"u1"},"content":"hi"}' | rongwire encode RC:TxtMsg
              {"content":"hi","user":{"id":"u1"}}
            """
    )

    @Argument(help: "The objectName, e.g. RC:TxtMsg (see `rongwire types`).")
    var objectName: String

    @OptionGroup var input: InputArgument
    @OptionGroup var limits: LimitOptions

    @Flag(help: "Accept any form the decoder accepts, not only normalized values.")
    var lenient = false

    @Flag(help: "Print the bytes as lower-case hex.")
    var hex = false

    func run() throws {
        do throws(CodecError) {
            let bytes = try input.read(limit: limits.maxBytes)
            guard ContentRegistry.builtIn.type(for: objectName) != nil else {
                throw CodecError(.unknownObjectName, "\(objectName) is not a registered type; see `rongwire types`")
            }
            let out = try NormalizedEncoding.canonicalBytes(
                objectName: objectName, json: bytes, registry: .builtIn, options: limits.options(lenient ? .lenient : .strict))
            if hex {
                CLIIO.printStdout(Hex.encode(out))
            } else {
                CLIIO.writeStdout(out + (CLIIO.stdoutIsTerminal ? [0x0A] : []))
            }
        } catch {
            throw CLIIO.fail(error)
        }
    }
}
