// tools/fuzz/Sources/FuzzVectorLoader/main.swift - libFuzzer entry point for the vectorLoader target

import RongFuzzing

/// Called by libFuzzer for each input; traps when an invariant of FuzzTarget.vectorLoader breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVectorLoader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    let violations = FuzzTarget.vectorLoader.check(bytes)
    if !violations.isEmpty { fatalError("invariant violated: \(violations.joined(separator: "; "))") }
    return 0
}
