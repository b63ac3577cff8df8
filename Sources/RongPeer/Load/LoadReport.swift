// Sources/RongPeer/Load/LoadReport.swift - the measurements of a load run

/// The measurements of a load run.
public struct LoadReport: Sendable {
    /// Clients that took part.
    public var clients: Int
    /// Messages sent.
    public var messages: Int
    /// Sends answered with PUBACK status 0.
    public var acked = 0
    /// Sends that failed or were refused.
    public var failedSends = 0
    /// Distinct messages surfaced at their receivers.
    public var delivered = 0
    /// Messages never surfaced at their receiver.
    public var lost = 0
    /// Messages surfaced to a receiving app more than once (after the client's dedup).
    public var duplicated = 0
    /// Copies the clients dropped because the UID had been seen. Only duplicate and reorder
    /// faults (and resends after a cut) explain them; without faults every one is a message the
    /// peer delivered twice.
    public var copiesDeduplicated = 0
    /// Whether the peer injected faults: the in-process peer's plan, or for ``LoadConfiguration/url``
    /// the plan the peer's `/state` shows.
    public var faultsInjected = false
    /// Messages surfaced at a user they were not sent to.
    public var misdelivered = 0
    /// The run's id, in every message it sends (8 hex digits, random, or `--run-id`).
    public var run = ""
    /// Messages of other runs the clients received (an external peer keeps earlier runs'
    /// messages for the same users); ignored.
    public var otherRuns = 0
    /// First send to last delivery.
    public var seconds = 0.0
    /// First send to last PUBACK.
    public var sendSeconds = 0.0
    /// End-to-end latency (send call to the receiver surfacing it), ms.
    public var latencyP50 = 0.0
    /// End-to-end latency, 99th percentile, ms.
    public var latencyP99 = 0.0
    /// End-to-end latency, maximum, ms.
    public var latencyMax = 0.0
    /// PUBACK latency, ms.
    public var ackP50 = 0.0
    /// PUBACK latency, 99th percentile, ms.
    public var ackP99 = 0.0
    /// End-to-end latency percentiles (HdrHistogram).
    public var latency = LatencyPercentiles()
    /// PUBACK latency percentiles (HdrHistogram).
    public var ack = LatencyPercentiles()
    /// CPU seconds the peer used during the run (from the first send to the last delivery): its
    /// event loops in-process, its process (`/state` `stats.cpuSeconds`) for an external peer;
    /// nil when it could not be read.
    public var peerCPUSeconds: Double?
    /// CPU seconds the load generator (this process, less an in-process peer) used.
    public var generatorCPUSeconds = 0.0
    /// Faults the peer injected during the run (for an external peer from `/state`, which counts
    /// every connection's faults, other clients' too).
    public var faults: FaultCounts?
    /// Resends the peer answered with the first PUBACK during the run.
    public var resendsDeduplicated: Int?
    /// Times the clients connected again after a cut.
    public var reconnects = 0

    /// Delivered messages per second, first send to last delivery.
    public var throughput: Double { seconds > 0 ? Double(delivered) / seconds : 0 }

    /// The peer's CPU per delivered message, µs.
    public var peerMicrosPerDelivery: Double? { peerCPUSeconds.map { delivered > 0 ? $0 * 1e6 / Double(delivered) : 0 } }
}
