// Sources/RongPeer/Server/CPUTime.swift - CPU seconds of the process and of the calling thread

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time, so that `peer-load` can say who was the bottleneck: the peer or the load generator.
package enum CPUTime {
    /// User plus system CPU seconds of the whole process so far (`getrusage(RUSAGE_SELF)`).
    package static func process() -> Double {
        var u = rusage()
        #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &u) == 0 else { return 0 }
        return seconds(u.ru_utime) + seconds(u.ru_stime)
    }

    /// CPU seconds of the calling thread so far (`CLOCK_THREAD_CPUTIME_ID`): run on each of the
    /// peer's event loops, their sum is the peer's share of an in-process run.
    package static func thread() -> Double {
        var t = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) == 0 else { return 0 }
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    private static func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
}
