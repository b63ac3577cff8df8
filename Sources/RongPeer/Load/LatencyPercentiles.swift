// Sources/RongPeer/Load/LatencyPercentiles.swift - latency percentiles through HdrHistogram

import Histogram

/// Percentiles of a set of latencies, in milliseconds, recorded in an HdrHistogram (nanoseconds,
/// three significant digits, up to an hour): p50, p90, p99, p99.9 and the maximum.
public struct LatencyPercentiles: Sendable, Equatable {
    /// How many latencies were recorded.
    public var count: UInt64 = 0
    /// Median, ms.
    public var p50 = 0.0
    /// 90th percentile, ms.
    public var p90 = 0.0
    /// 99th percentile, ms.
    public var p99 = 0.0
    /// 99.9th percentile, ms.
    public var p999 = 0.0
    /// The largest, ms.
    public var max = 0.0

    /// No latencies.
    public init() {}

    /// The percentiles of `nanos` (values past an hour count as an hour).
    public init(nanos: some Sequence<UInt64>) {
        var h = Histogram<UInt64>(highestTrackableValue: Self.highest, numberOfSignificantValueDigits: .three)
        for n in nanos { _ = h.record(Swift.min(n, Self.highest)) }
        self.init(h)
    }

    init(_ h: Histogram<UInt64>) {
        count = h.totalCount
        guard count > 0 else { return }
        func ms(_ v: UInt64) -> Double { Double(v) / 1e6 }
        p50 = ms(h.valueAtPercentile(50))
        p90 = ms(h.valueAtPercentile(90))
        p99 = ms(h.valueAtPercentile(99))
        p999 = ms(h.valueAtPercentile(99.9))
        max = ms(h.max)
    }

    /// An hour in nanoseconds: the largest latency a histogram tracks.
    static let highest: UInt64 = 3_600_000_000_000
}
