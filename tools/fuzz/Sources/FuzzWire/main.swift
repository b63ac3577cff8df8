// tools/fuzz/Sources/FuzzWire/main.swift - libFuzzer entry point for the wire target

import RongFuzzing

/// Called by libFuzzer for each input; traps when the two body codecs of FuzzTarget.wire differ.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWire(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.wire.libFuzzerTestOneInput(start, count)
}
