// Sources/RongPeer/Server/PeerClock.swift - the peer's notion of "now", injectable for retention tests

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Where the peer reads the time. Retention (offline cache 7 days, history 180 days) and every
/// server timestamp come from here, so scenarios can jump days ahead with a ``ManualClock``.
public protocol PeerClock: Sendable {
    /// Milliseconds since the Unix epoch.
    func nowMillis() -> Int64
}

/// The system's wall clock, the default ``PeerClock`` (usable from inlinable code because public
/// default arguments name it).
@usableFromInline
struct SystemClock: PeerClock {
    /// The system clock.
    @usableFromInline
    init() {}

    /// Milliseconds since the Unix epoch.
    @usableFromInline
    func nowMillis() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }
}

/// A clock that runs with the system clock plus an offset that only grows: ``advance(by:)``
/// moves the peer's "now" forward (to let offline messages expire) without stopping time, so
/// message times stay distinct and ordered. The offset is at most ``PeerDuration/max`` in all, so
/// "now" stays far inside `Int64` milliseconds whatever is asked of it, and "now" never passes
/// ``latestMillis``, the last second the packets' 32-bit dates can carry.
public final class ManualClock: PeerClock {
    private let offset = Atomic<Int64>(0)
    private let base: SystemClock

    /// A clock at the system time, not yet advanced.
    public init() { base = SystemClock() }

    /// The last time the peer can write: PUBLISH, PUBACK and QUERYACK dates are 32-bit seconds
    /// (2106-02-07T06:28:15Z); past it they would wrap to 1970 and message times would go back.
    public static let latestMillis = Int64(UInt32.max) * 1000

    /// The system time plus everything ``advance(by:)`` added.
    public func nowMillis() -> Int64 { base.nowMillis() + offset.load(ordering: .relaxed) }

    /// Moves the clock forward by `duration`; false (and the clock unchanged) when the total
    /// would go past ``PeerDuration/max`` or "now" past ``latestMillis``.
    @discardableResult
    public func advance(by duration: PeerDuration) -> Bool {
        var current = offset.load(ordering: .relaxed)
        while true {
            // Both are at most PeerDuration.max, so the sum cannot overflow.
            let next = current + duration.milliseconds
            guard next <= PeerDuration.max.milliseconds, base.nowMillis() + next <= Self.latestMillis else { return false }
            let (exchanged, original) = offset.compareExchange(expected: current, desired: next, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
    }

    /// The total amount the clock was advanced.
    public var advanced: PeerDuration { PeerDuration(milliseconds: offset.load(ordering: .relaxed)) ?? .max }
}

/// Monotonic nanoseconds (CLOCK_MONOTONIC): comparable across processes on one machine, which the
/// load generator relies on when it measures latency against an external peer.
func monotonicNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
