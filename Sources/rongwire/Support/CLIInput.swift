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

    /// Reads the whole input as bytes; an unreadable file is `error[ioError]`.
    func read() throws(CodecError) -> [UInt8] {
        if let file, file != "-" { return try CLIIO.readFile(file) }
        return CLIIO.readStandardInput()
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
    static func readFile(_ path: String) throws(CodecError) -> [UInt8] {
        guard let f = fopen(path, "rb") else {
            throw CodecError(.ioError, "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(f) }
        return readAll(f)
    }

    static func readStandardInput() -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        return out
    }

    private static func readAll(_ f: UnsafeMutablePointer<FILE>) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
            if n <= 0 { break }
            out.append(contentsOf: buffer[0..<n])
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
