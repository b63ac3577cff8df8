// tools/fuzz/Sources/FuzzOptions/main.swift - libFuzzer entry point for the options target

import RongFuzzing

/// Called by libFuzzer for each input; traps when an invariant of FuzzTarget.options breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOptions(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.options.libFuzzerTestOneInput(start, count)
}
