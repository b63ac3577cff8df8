// Sources/rongwire/Support/CLIInput.swift - reading FILE or stdin, printing results and errors

import ArgumentParser
import RongCodec

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
    static let ioError = CodecError.Code("ioError")
}

enum CLIIO {
    /// The most read from an input that is not content (a packet, its JSON form, a failure
    /// list): 16 MiB, far above any real packet (a pull of 200 messages is about 100 KB), low
    /// enough to refuse a runaway input early. Content inputs are limited by `--max-bytes`.
    static let defaultInputLimit = 16 << 20

    static func readFile(_ path: String, limit: Int) throws(CodecError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw CodecError(.ioError, "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        return try readAll(fd, name: path, limit: limit)
    }

    static func readStandardInput(limit: Int) throws(CodecError) -> [UInt8] {
        try readAll(0, name: "standard input", limit: limit)
    }

    /// Reads until end of input, or until one byte more than `limit` shows the input is too
    /// large. A read error is an error, not the end of the input.
    private static func readAll(_ fd: Int32, name: String, limit: Int) throws(CodecError) -> [UInt8] {
        let stopAt = limit == .max ? limit : limit + 1
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while out.count < stopAt {
            let want = min(buffer.count, stopAt - out.count)
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CodecError(.ioError, "cannot read \(name): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        if out.count > limit {
            throw CodecError(.sizeLimit, "\(name) is larger than the limit of \(limit) bytes", offset: limit)
        }
        return out
    }

    /// Writes all bytes to a file descriptor (retrying short writes).
    static func write(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// `write(2)`, named through its module: inside `CLIIO` a bare `write` is the method above.
    private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.write(fd, buffer, count)
        #elseif canImport(Darwin)
        return Darwin.write(fd, buffer, count)
        #endif
    }

    static func writeStdout(_ bytes: [UInt8]) { write(bytes, to: 1) }

    static func printStdout(_ text: String) { writeStdout(Array((text + "\n").utf8)) }

    static func printStderr(_ text: String) { write(Array((text + "\n").utf8), to: 2) }

    static var stdoutIsTerminal: Bool { isatty(1) == 1 }

    /// Prints `error[CODE]: …` and exits with status 1.
    static func fail(_ error: CodecError) -> ExitCode {
        printStderr(error.description)
        return ExitCode(1)
    }
}
