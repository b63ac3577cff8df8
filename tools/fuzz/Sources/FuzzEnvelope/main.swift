// tools/fuzz/Sources/FuzzEnvelope/main.swift - libFuzzer entry point for the envelope target

import RongFuzzing

/// Called by libFuzzer for each input; traps when an invariant of FuzzTarget.envelope breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnvelope(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    let violations = FuzzTarget.envelope.check(bytes)
    if !violations.isEmpty { fatalError("invariant violated: \(violations.joined(separator: "; "))") }
    return 0
}
