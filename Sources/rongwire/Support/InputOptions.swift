// Sources/rongwire/Support/InputOptions.swift - the FILE argument and the limit options of the content commands

import ArgumentParser
import RongCodec

/// Options shared by commands that read one input (a file, or stdin for `-` or no argument).
struct InputArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("Input file; '-' or omitted reads standard input.", valueName: "FILE"))
    var file: String?

    /// Reads the whole input as bytes, at most `limit` of them: more is `error[sizeLimit]`, found
    /// after reading `limit + 1` bytes, not the whole input. A file that cannot be opened or read
    /// (a directory, an I/O error) is `error[ioError]`.
    func read(limit: Int) throws(CodecError) -> [UInt8] {
        if let file, file != "-" { return try CLIIO.readFile(file, limit: limit) }
        return try CLIIO.readStandardInput(limit: limit)
    }
}

/// Limits for decoding, shared by the content commands.
struct LimitOptions: ParsableArguments {
    @Option(help: "Largest accepted content in bytes (default: the protocol's 131072).")
    var maxBytes: Int = DecodingOptions.protocolContentLimit

    @Option(help: "Deepest accepted nesting of objects and arrays (default 64, at most 1024).")
    var maxDepth: Int = 64

    func validate() throws {
        guard maxBytes >= 0 else { throw ValidationError("--max-bytes must not be negative") }
        guard (1...DecodingOptions.maximumDepthLimit).contains(maxDepth) else {
            throw ValidationError("--max-depth must be between 1 and \(DecodingOptions.maximumDepthLimit)")
        }
    }

    func options(_ mode: DecodingOptions.Mode) -> DecodingOptions {
        DecodingOptions(maxContentBytes: maxBytes, maxDepth: maxDepth, mode: mode)
    }
}
