// Tests/RongPeerTests/LoadMeasurementTests.swift - peer-load's percentiles and CPU split

import Testing

@testable import RongPeer

@Suite("peer-load measurements")
struct LoadMeasurementTests {
    /// 1 ms … 10,000 ms, one each: the exact percentiles are known, and HdrHistogram with three
    /// significant digits is within 0.1% of them.
    @Test("percentiles of a known distribution, within HdrHistogram's three digits")
    func percentiles() {
        let p = LatencyPercentiles(nanos: (1...10_000).map { UInt64($0) * 1_000_000 })
        #expect(p.count == 10_000)
        for (got, exact) in [(p.p50, 5_000.0), (p.p90, 9_000.0), (p.p99, 9_900.0), (p.p999, 9_990.0), (p.max, 10_000.0)] {
            #expect(abs(got - exact) <= exact / 1_000, "\(got) ms for \(exact) ms")
        }
        #expect(LatencyPercentiles(nanos: []) == LatencyPercentiles())
        // Past an hour counts as an hour rather than being dropped.
        let long = LatencyPercentiles(nanos: [UInt64.max])
        #expect(long.count == 1 && abs(long.max - 3_600_000) <= 3_600)
    }

    @Test("the CPU split: in-process the generator is the process less the peer; external it is the process")
    func cpuSplit() {
        let a = LoadCPU(process: 10, peer: 4), b = LoadCPU(process: 16, peer: 8)
        #expect(LoadCPU.split(from: a, to: b, inProcess: true) == (4, 2))
        #expect(LoadCPU.split(from: a, to: b, inProcess: false) == (4, 6))
        #expect(LoadCPU.split(from: LoadCPU(process: 1, peer: nil), to: LoadCPU(process: 3, peer: 5), inProcess: false) == (nil, 2))
    }

    @Test("an in-process run reports the peer's CPU per delivery and the generator's CPU")
    func inProcessRun() async throws {
        var config = LoadConfiguration()
        config.clients = 4
        config.messages = 200
        let r = try await LoadGenerator.run(config)
        #expect(r.delivered == 200 && r.lost == 0)
        #expect(r.latency.count == 200 && r.latency.p50 <= r.latency.p99 && r.latency.p99 <= r.latency.max)
        let peer = try #require(r.peerCPUSeconds)
        #expect(peer > 0 && r.generatorCPUSeconds > 0)
        #expect(r.peerMicrosPerDelivery == peer * 1e6 / 200)
    }
}
