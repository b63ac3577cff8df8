// Sources/rongwire/Commands/DecodeCommand.swift - `rongwire decode`

import ArgumentParser
import RongCodec
import RongSupport

struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode content bytes and print the normalized value as JSON.",
        discussion: """
            Reads the content JSON of a message (what travels in its `content`), decodes it as \
            OBJECTNAME, and prints the normalized value: canonical key names and types after the \
            documented leniency rules, unknown keys kept. An objectName that is not registered is \
            printed as the JSON it holds, with a note on stderr.

            Example:
              echo '{"content":"hi","user":{"id":"u1","icon":"a.png"}}' | rongwire decode RC:TxtMsg
              {"content":"hi","user":{"id":"u1","portrait":"a.png"}}

            On bad input prints `error[CODE]: message (at PATH, byte N)` on stderr and exits 1.
            """
    )

    @Argument(help: "The objectName, e.g. RC:TxtMsg (see `rongwire types`).")
    var objectName: String

    @OptionGroup var input: InputArgument
    @OptionGroup var limits: LimitOptions

    @Flag(help: "Indent the output.")
    var pretty = false

    @Flag(help: "Reject input that is not already normalized: error[notNormalized] when any leniency rule would apply (null for an absent field, a localPath key, an alias key, ...; see --leniencies).")
    var strict = false

    @Flag(help: "List the leniency rules that fired on stderr.")
    var leniencies = false

    func run() throws {
        let options = limits.options(strict ? .strict : .lenient)
        do throws(CodecError) {
            let bytes = try input.read(limit: limits.maxBytes)
            let decoded = try ContentRegistry.builtIn.decode(objectName: objectName, bytes: bytes, options: options)
            let value: JSONValue
            switch decoded {
            case .typed(let c):
                value = try c.base.normalizedValue()
                if leniencies {
                    let fired = c.base.diagnostics.leniencies.map(\.rawValue)
                    CLIIO.printStderr("leniencies: " + (fired.isEmpty ? "none" : fired.joined(separator: ", ")))
                }
            case .unknown(let u):
                CLIIO.printStderr("note: \(objectName) is not a registered type; its content is printed as plain JSON")
                value = try u.jsonValue(options: options)
            }
            CLIIO.printStdout(pretty ? try value.prettyText() : try value.canonicalText())
        } catch {
            throw CLIIO.fail(error)
        }
    }
}
