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
        var h = LatencyHistogram()
        for n in nanos { h.record(n) }
        self.init(h.histogram)
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

/// Latencies recorded in an HdrHistogram (nanoseconds, three significant digits, up to an hour),
/// written to and read from a part report as its non-empty buckets, so the parts of a distributed
/// run add up to the histogram one process would have recorded.
struct LatencyHistogram: Sendable {
    /// The most buckets a histogram of this range and precision has (about 45,000); a part
    /// report listing more is malformed.
    static let maxBuckets = 100_000

    private(set) var histogram = Histogram<UInt64>(highestTrackableValue: LatencyPercentiles.highest, numberOfSignificantValueDigits: .three)

    init() {}

    /// Records one latency (past an hour counts as an hour).
    mutating func record(_ nanos: UInt64, count: UInt64 = 1) {
        _ = histogram.record(Swift.min(nanos, LatencyPercentiles.highest), count: count)
    }

    /// Adds another histogram's counts.
    mutating func add(_ other: LatencyHistogram) { histogram.add(other.histogram) }

    /// The non-empty buckets: each bucket's lowest value and its count, ascending. (The lowest:
    /// the iteration's value is the bucket's highest equivalent, which recorded again can land
    /// in the next bucket.)
    var buckets: [(nanos: UInt64, count: UInt64)] {
        histogram.recordedValues().map { (histogram.lowestEquivalentForValue($0.value), $0.countAddedInThisIterationStep) }
    }

    /// The percentiles.
    var percentiles: LatencyPercentiles { LatencyPercentiles(histogram) }
}
