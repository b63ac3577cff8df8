// tools/fuzz/Sources/FuzzEnvelope/main.swift - libFuzzer entry point for the envelope target

import RongFuzzing

/// Called by libFuzzer for each input; traps when an invariant of FuzzTarget.envelope breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnvelope(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.envelope.libFuzzerTestOneInput(start, count)
}
