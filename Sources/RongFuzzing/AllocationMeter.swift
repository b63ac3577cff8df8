// Sources/RongFuzzing/AllocationMeter.swift - heap bytes a fuzz body allocates for one input

import CRongAllocMeter

/// Meters the heap of the calling thread while a fuzz body runs one input (C target
/// `CRongAllocMeter`). The events come from AddressSanitizer's malloc hooks in the libFuzzer
/// builds, or from the glibc interposer the test target links (`RongFuzzingMallocHooks`); a
/// process with neither cannot meter, and ``source`` says so.
public enum AllocationMeter {
    /// Where the meter's events come from.
    public enum Source: Sendable, Equatable {
        /// Nothing reports allocations: the limit invariant is not checked.
        case none
        /// AddressSanitizer's malloc and free hooks.
        case sanitizer
        /// A malloc interposer linked into the process.
        case interposer
    }

    /// What one metered run allocated.
    public struct Usage: Sendable, Equatable {
        /// The most bytes live at once, counting only blocks allocated while metered.
        public var peakBytes: Int
        /// Every byte allocated while metered (freed or not).
        public var totalBytes: Int
    }

    /// The event source; installs the sanitizer hooks on first use.
    public static var source: Source {
        switch rong_alloc_meter_armed() {
        case RONG_ALLOC_SOURCE_SANITIZER: .sanitizer
        case RONG_ALLOC_SOURCE_INTERPOSER: .interposer
        default: .none
        }
    }

    /// Runs `body` metered; the usage is nil when nothing reports allocations.
    public static func measure<T>(_ body: () -> T) -> (T, Usage?) {
        guard source != .none else { return (body(), nil) }
        rong_alloc_meter_begin()
        let result = body()
        var peak: Int64 = 0
        var total: Int64 = 0
        rong_alloc_meter_end(&peak, &total)
        return (result, Usage(peakBytes: Int(peak), totalBytes: Int(total)))
    }
}
