// tools/fuzz/Sources/FuzzContent/main.swift - libFuzzer entry point for the content target

import RongFuzzing

/// Called by libFuzzer for each input; traps when an invariant of FuzzTarget.content breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContent(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.content.libFuzzerTestOneInput(start, count)
}
