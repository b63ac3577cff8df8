// Sources/RongWireC/Boundary/CallResult.swift - running one C call: errors caught, the result written

import CRongWire
import RongCodec

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension CodecError.Code {
    /// The arguments of a C call are wrong: a NULL pointer with a non-zero length, a length
    /// above `PTRDIFF_MAX`, an unknown side, operation, flag or NIM form, an option out of range
    /// (`RONGWIRE_INVALID_ARGUMENT`; C interface only).
    static let invalidArgument = CodecError.Code("invalidArgument")
}

/// What one C entry point computed: its output bytes and what the result reports beside them.
struct CallOutput {
    /// The bytes copied into `rongwire_result.data`.
    var bytes: [UInt8]
    /// The leniency rules that fired (decode and validate), written comma-separated.
    var leniencies: LeniencySet = LeniencySet()
    /// `RONGWIRE_INFO_…` bits.
    var info: UInt32 = 0
}

/// Runs `body` for a C call and writes what it gives into `result`: the output on success, the
/// error's code, message, path and offset otherwise. Every error the libraries throw is a typed
/// `CodecError`, so nothing else can leave `body`; the status says which kind of failure it was.
@inline(__always)
func runCall(
    _ result: UnsafeMutablePointer<rongwire_result>?, _ body: () throws(CodecError) -> CallOutput
) -> rongwire_status {
    guard let result else { return RONGWIRE_INVALID_ARGUMENT }
    var r = rongwire_result()
    r.error_offset = -1
    let status: rongwire_status
    do throws(CodecError) {
        let out = try body()
        r.data = copyOut(out.bytes)
        r.length = out.bytes.count
        if !out.leniencies.isEmpty { r.leniencies = copyOut(out.leniencies.map(\.rawValue).joined(separator: ",")) }
        r.info = out.info
        status = RONGWIRE_OK
    } catch {
        r.error_code = copyOut(error.code.rawValue)
        r.error_message = copyOut(error.reason.isEmpty ? error.code.summary : error.reason)
        if let path = error.path { r.error_path = copyOut(path) }
        if let offset = error.offset { r.error_offset = Int64(offset) }
        status = error.code == .invalidArgument ? RONGWIRE_INVALID_ARGUMENT : RONGWIRE_REJECTED
    }
    result.pointee = r
    return status
}

/// The bytes in a `malloc` block the caller frees (`rongwire_free`), with a NUL after them. The
/// one copy of a call's output: the libraries write into Swift arrays, the caller needs memory it
/// can free from C.
func copyOut(_ bytes: [UInt8]) -> UnsafeMutablePointer<UInt8>? {
    guard let p = malloc(bytes.count + 1)?.assumingMemoryBound(to: UInt8.self) else { return nil }
    bytes.withUnsafeBufferPointer { b in
        if let base = b.baseAddress { p.update(from: base, count: b.count) }
    }
    p[bytes.count] = 0
    return p
}

/// A string as a NUL-terminated `malloc` block.
func copyOut(_ text: String) -> UnsafeMutablePointer<CChar>? {
    var text = text
    return text.withUTF8 { u in
        guard let p = malloc(u.count + 1)?.assumingMemoryBound(to: CChar.self) else { return nil }
        if let base = u.baseAddress { UnsafeMutableRawPointer(p).copyMemory(from: base, byteCount: u.count) }
        p[u.count] = 0
        return p
    }
}
