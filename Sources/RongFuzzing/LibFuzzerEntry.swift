// Sources/RongFuzzing/LibFuzzerEntry.swift - what the libFuzzer executables call per input

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FuzzTarget {
    /// Whether the allocation meter counts in this process: a sanitizer that owns malloc (ASan)
    /// or an interposer. Checked once by metering a 256 KiB block; a process whose sanitizer does
    /// not own malloc (UBSan, coverage builds) reports the hooks but never calls them.
    public static let meterWorks: Bool = {
        let (_, usage) = AllocationMeter.measure { () -> Int in
            let block = [UInt8](repeating: 1, count: 256 << 10)
            return Int(block[block.count - 1])
        }
        return (usage?.peakBytes ?? 0) >= 256 << 10
    }()

    /// Set `RONGWIRE_FUZZ_UNMETERED=1` to run the bodies without the meter (to measure its cost).
    static let metered: Bool = {
        let unmetered = getenv("RONGWIRE_FUZZ_UNMETERED") != nil
        let state = unmetered ? "off (RONGWIRE_FUZZ_UNMETERED)" : meterWorks ? "on (\(AllocationMeter.source))" : "off (no sanitizer allocator)"
        let line = Array("RongWire fuzz: allocation meter \(state)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        return !unmetered && meterWorks
    }()

    /// The body of `LLVMFuzzerTestOneInput`: runs one input, metered when the meter works, and
    /// traps on any violation so libFuzzer keeps the input.
    public func libFuzzerTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
        let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
        let violations = Self.metered ? check(bytes) : body(bytes)
        if !violations.isEmpty { fatalError("invariant violated: \(violations.joined(separator: "; "))") }
        return 0
    }
}
