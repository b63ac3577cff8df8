// tools/fuzz/Sources/FuzzVectorLoader/main.swift - libFuzzer entry point for the vector-loader target

import RongFuzzing

/// Called by libFuzzer for each input; traps when an invariant of FuzzTarget.vectorLoader breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVectorLoader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.vectorLoader.libFuzzerTestOneInput(start, count)
}
