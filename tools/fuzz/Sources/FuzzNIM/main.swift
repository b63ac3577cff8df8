// tools/fuzz/Sources/FuzzNIM/main.swift - libFuzzer entry point for the nim target

import RongFuzzing

/// Called by libFuzzer for each input; traps when an invariant of FuzzTarget.nim breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNIM(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.nim.libFuzzerTestOneInput(start, count)
}
