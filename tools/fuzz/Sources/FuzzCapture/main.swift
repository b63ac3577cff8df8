// tools/fuzz/Sources/FuzzCapture/main.swift - libFuzzer entry point for the capture target

import RongFuzzing

/// Called by libFuzzer for each input; traps when an invariant of FuzzTarget.capture breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCapture(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.capture.libFuzzerTestOneInput(start, count)
}
