// Sources/RongProxy/Log/ProxyClock.swift - wall-clock time of a frame, in seconds since 1970

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The wall clock the log stamps frames with: seconds since 1970 with microseconds, the unit of
/// a HAR's `time` (so a proxy log and a browser's HAR read alike).
enum ProxyClock {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        // Whole microseconds: the log's numbers stay short and read back to the same value.
        let micros = Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1_000
        return Double(micros) / 1_000_000
    }
}
