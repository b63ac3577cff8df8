// tools/fuzz/Sources/FuzzMessage/main.swift - libFuzzer entry point for the message target

import RongFuzzing

/// Called by libFuzzer for each input; traps when an invariant of FuzzTarget.message breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessage(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.message.libFuzzerTestOneInput(start, count)
}
