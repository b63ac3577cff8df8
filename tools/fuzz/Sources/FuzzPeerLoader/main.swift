// tools/fuzz/Sources/FuzzPeerLoader/main.swift - libFuzzer entry point for the peer-loader target

import RongFuzzing

/// Called by libFuzzer for each input; traps when an invariant of FuzzTarget.peerLoader breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPeerLoader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.peerLoader.libFuzzerTestOneInput(start, count)
}
