// Sources/rongwire/Support/CLIIO.swift - reading files and stdin, writing files, printing results and errors

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

extension CodecError.Code {
    /// A file could not be read or written (CLI only).
    static let ioError = CodecError.Code("ioError")
}

/// The CLI's input and output: inputs read with a limit (``RongSupport/FileIO``), errors as
/// `error[CODE]`.
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

    /// A file error as the CLI reports it: `ioError`, or `sizeLimit` above a limit.
    static func codecError(_ error: FileError) -> CodecError {
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
