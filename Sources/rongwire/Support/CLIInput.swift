// Sources/rongwire/Support/CLIInput.swift - reading FILE or stdin, printing results and errors

import ArgumentParser
import RongCodec
import RongSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

extension CodecError.Code {
    /// A file could not be read or written (CLI only).
    static let ioError: CodecError.Code = "ioError"
}

enum CLIIO {
    /// The most read from an input that is not content (a packet, its JSON form, a failure
    /// list): 16 MiB, far above any real packet (a pull of 200 messages is about 100 KB), low
    /// enough to refuse a runaway input early. Content inputs are limited by `--max-bytes`.
    static let defaultInputLimit = 16 << 20

    /// The file at `path`, at most `limit` bytes: `error[ioError]` when it cannot be opened or
    /// read (a directory, an I/O error), `error[sizeLimit]` above the limit.
    static func readFile(_ path: String, limit: Int) throws(CodecError) -> [UInt8] {
        do throws(FileError) {
            return try FileIO.read(path: path, limit: limit)
        } catch {
            throw codecError(error)
        }
    }

    /// Standard input until its end, at most `limit` bytes (errors as for ``readFile(_:limit:)``).
    static func readStandardInput(limit: Int) throws(CodecError) -> [UInt8] {
        do throws(FileError) {
            return try FileIO.read(fd: 0, name: "standard input", limit: limit)
        } catch {
            throw codecError(error)
        }
    }

    private static func codecError(_ error: FileError) -> CodecError {
        switch error {
        case .cannotOpen(let path, let reason): CodecError(.ioError, "cannot open \(path): \(reason)")
        case .cannotRead(let path, let reason), .cannotWrite(let path, let reason): CodecError(.ioError, "cannot read \(path): \(reason)")
        case .tooLarge(let path, let limit): CodecError(.sizeLimit, "\(path) is larger than the limit of \(limit) bytes", offset: limit)
        }
    }

    /// Creates or replaces a file; on failure prints `error[ioError]: cannot write PATH` and exits
    /// with status 2.
    static func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        do throws(FileError) {
            try FileIO.write(bytes, toFile: path)
        } catch {
            printStderr("error[ioError]: cannot write \(path)")
            throw ExitCode(2)
        }
    }

    /// Writes all bytes to a file descriptor (retrying short writes).
    static func write(_ bytes: [UInt8], to fd: Int32) { FileIO.write(bytes, to: fd) }

    static func writeStdout(_ bytes: [UInt8]) { write(bytes, to: 1) }

    static func printStdout(_ text: String) { writeStdout(Array((text + "\n").utf8)) }

    static func printStderr(_ text: String) { write(Array((text + "\n").utf8), to: 2) }

    static var stdoutIsTerminal: Bool { isatty(1) == 1 }

    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    /// Prints `error[CODE]: …` and exits with status 1.
    static func fail(_ error: CodecError) -> ExitCode {
        printStderr(error.description)
        return ExitCode(1)
    }
}
