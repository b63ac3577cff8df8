// Sources/RongSupport/Files/FileIO.swift - bounded reads and complete writes of files and descriptors

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RongCodec

/// Why a file or descriptor could not be read or written. The callers word it for their users
/// (a loader as `cannot open: …` at line 0, the CLI as `error[ioError]`).
package enum FileError: Error, Sendable, Hashable {
    /// `open(2)` failed; the system's reason.
    case cannotOpen(path: String, reason: String)
    /// `read(2)` failed (a directory, an I/O error); the system's reason.
    case cannotRead(path: String, reason: String)
    /// Opening or writing for output failed; the system's reason.
    case cannotWrite(path: String, reason: String)
    /// More than `limit` bytes: found after reading `limit + 1` of them, not the whole input.
    case tooLarge(path: String, limit: Int)
}

/// The one place RongWire reads and writes files and descriptors: every input is read with a
/// limit (hostile input may be endless), every write is retried until complete, `EINTR` is
/// retried everywhere.
package enum FileIO {
    /// The whole file at `path`, at most `limit` bytes.
    package static func read(path: String, limit: Int) throws(FileError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: systemReason()) }
        defer { close(fd) }
        return try read(fd: fd, name: path, limit: limit)
    }

    /// Everything `fd` gives until its end, at most `limit` bytes (`name` goes into errors).
    package static func read(fd: Int32, name: String, limit: Int) throws(FileError) -> [UInt8] {
        let stopAt = limit == .max ? limit : limit + 1
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while out.count < stopAt {
            let want = min(buffer.count, stopAt - out.count)
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: name, reason: systemReason())
            }
            if n == 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        if out.count > limit { throw .tooLarge(path: name, limit: limit) }
        return out
    }

    /// Opens `path` for reading, for a caller that reads it piece by piece (``readSome(fd:name:count:)``)
    /// and closes it with ``closeDescriptor(_:)``.
    package static func openForReading(_ path: String) throws(FileError) -> Int32 {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: systemReason()) }
        return fd
    }

    /// Creates or replaces `path` and opens it for writing; the caller closes it.
    package static func openForWriting(_ path: String) throws(FileError) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: systemReason()) }
        return fd
    }

    /// Closes a descriptor ``openForReading(_:)`` or ``openForWriting(_:)`` returned.
    package static func closeDescriptor(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #elseif canImport(Musl)
        _ = Musl.close(fd)
        #elseif canImport(Darwin)
        _ = Darwin.close(fd)
        #endif
    }

    /// What one `read(2)` gives, at most `count` bytes: empty at the end of the input (streaming
    /// readers bound their own buffers).
    package static func readSome(fd: Int32, name: String, count: Int) throws(FileError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: name, reason: systemReason())
            }
            buffer.removeSubrange(n...)
            return buffer
        }
    }

    /// Exactly `count` bytes from `fd`, or nil when the input ends (or fails) first.
    package static func readExactly(fd: Int32, count: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = out.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + got, count - got) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            got += n
        }
        return out
    }

    /// Writes all of `bytes` to `fd`, retrying short writes; false when the descriptor fails.
    @discardableResult
    package static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }

    /// Creates or replaces the file at `path` with `bytes`.
    package static func write(_ bytes: [UInt8], toFile path: String) throws(FileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: systemReason()) }
        let written = write(bytes, to: fd)
        let reason = written ? "" : systemReason()
        guard close(fd) == 0, written else { throw .cannotWrite(path: path, reason: written ? systemReason() : reason) }
    }

    /// The text of `errno`.
    static func systemReason() -> String { String(cString: strerror(errno)) }

    // `read(2)` and `write(2)` by their module: inside `FileIO` the bare names are the methods.
    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #elseif canImport(Musl)
        Musl.read(fd, buffer, count)
        #elseif canImport(Darwin)
        Darwin.read(fd, buffer, count)
        #endif
    }

    private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #elseif canImport(Musl)
        Musl.write(fd, buffer, count)
        #elseif canImport(Darwin)
        Darwin.write(fd, buffer, count)
        #endif
    }
}

extension FileIO {
    /// The text of an input file for a loader: at most `limit` bytes of UTF-8, or a
    /// ``LoadError`` at line 0 (`cannot open: …`, `cannot read: …`, `file larger than N bytes`,
    /// `file is not valid UTF-8`).
    package static func text(ofFile path: String, limit: Int) throws(LoadError) -> String {
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try read(path: path, limit: limit)
        } catch {
            switch error {
            case .cannotOpen(_, let reason): throw LoadError(file: path, line: 0, message: "cannot open: \(reason)")
            case .cannotRead(_, let reason), .cannotWrite(_, let reason): throw LoadError(file: path, line: 0, message: "cannot read: \(reason)")
            case .tooLarge(_, let limit): throw LoadError(file: path, line: 0, message: "file larger than \(limit) bytes")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LoadError(file: path, line: 0, message: "file is not valid UTF-8")
        }
        return text
    }
}
