// tools/fuzz/Sources/FuzzControl/main.swift - libFuzzer entry point for the control target

import RongFuzzing

/// Called by libFuzzer for each input; traps when an invariant of FuzzTarget.control breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControl(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.control.libFuzzerTestOneInput(start, count)
}
