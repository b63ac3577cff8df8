// Sources/RongPeer/Load/ChatroomLoadReport.swift - the measurements of a chatroom fan-out run

/// The measurements of a chatroom fan-out run (``ChatroomLoad``).
public struct ChatroomLoadReport: Sendable {
    /// Members of the room (every client).
    public var members: Int
    /// Messages sent to the room.
    public var messages: Int
    /// High-priority messages sent (RC:TxtMsg).
    public var highSent = 0
    /// Low-priority messages sent (`Live:LikeMsg`).
    public var lowSent = 0
    /// Messages the host (`load0`, on the room's whitelist) sent, both classes.
    public var hostSent = 0
    /// Sends answered with PUBACK status 0.
    public var acked = 0
    /// Sends that failed or were refused.
    public var failedSends = 0
    /// Messages surfaced at members, each member counted once per message.
    public var deliveries = 0
    /// Deliveries missing for messages that must not be lost: high priority, or the host's.
    /// Each (message, member) pair that never surfaced counts once.
    public var protectedLost = 0
    /// Protected messages at least one member never got.
    public var protectedMessagesLost = 0
    /// Deliveries surfaced more than once to a member's app (after the client's UID dedup).
    public var duplicated = 0
    /// Low-priority messages no member got: discarded by the room.
    public var lowDiscarded = 0
    /// Deliveries missing for low-priority messages that other members did get (a message the
    /// room dispatched is for every member).
    public var lowLost = 0
    /// Members whose connection was cut and who joined again: a chatroom keeps no offline
    /// members (PEER-CHRM-003), so what was sent while they were out is theirs to miss; their
    /// deliveries are not checked.
    public var membersCutOff = 0
    /// What the in-process peer's `/state` says the room dispatched and discarded, by class
    /// (high, low); nil for an external peer.
    public var peerDispatched: (high: Int, low: Int)?
    /// See ``peerDispatched``.
    public var peerDiscarded: (high: Int, low: Int)?
    /// Messages of other runs the clients received (ignored).
    public var otherRuns = 0
    /// The run's id (8 hex digits, random), in every message it sends.
    public var run = ""
    /// First send to last delivery.
    public var seconds = 0.0
    /// First send to last PUBACK.
    public var sendSeconds = 0.0
    /// Lag (send call to a member surfacing the message) over every delivery, ms.
    public var lagP50 = 0.0
    /// Lag, 99th percentile over every delivery, ms.
    public var lagP99 = 0.0
    /// The worst member's 99th-percentile lag, ms.
    public var worstMemberLagP99 = 0.0
    /// Lag, maximum, ms.
    public var lagMax = 0.0
    /// Lag percentiles over every delivery (HdrHistogram).
    public var lag = LatencyPercentiles()
    /// CPU seconds the peer used during the run (from the first send to the last delivery): its
    /// event loops in-process, its process (`/state` `stats.cpuSeconds`) for an external peer;
    /// nil when it could not be read.
    public var peerCPUSeconds: Double?
    /// CPU seconds the load generator (this process, less an in-process peer) used.
    public var generatorCPUSeconds = 0.0
    /// Whether the peer injected faults: the in-process peer's plan, or for
    /// ``LoadConfiguration/url`` the plan the peer's `/state` shows.
    public var faultsInjected = false
    /// Faults the peer injected during the run (for an external peer from `/state`, which counts
    /// every connection's faults, other clients' too).
    public var faults: FaultCounts?
    /// Times the clients connected again after a cut.
    public var reconnects = 0

    /// Deliveries per second, first send to last delivery.
    public var deliveriesPerSecond: Double { seconds > 0 ? Double(deliveries) / seconds : 0 }

    /// The peer's CPU per delivery to a member, µs.
    public var peerMicrosPerDelivery: Double? { peerCPUSeconds.map { deliveries > 0 ? $0 * 1e6 / Double(deliveries) : 0 } }

    /// Low-priority messages the in-process peer dispatched that no member got: the peer's
    /// discard count against the members' (0 when the counts agree or are unknown, or when
    /// members were cut off).
    public var lowUnaccounted: Int {
        guard let d = peerDiscarded, membersCutOff == 0 else { return 0 }
        return max(0, lowDiscarded - d.low)
    }

    /// Whether the run failed: a protected message lost, any duplicate, a dispatched low-priority
    /// message missing at some member, or a failed send.
    public var failed: Bool { protectedLost > 0 || duplicated > 0 || lowLost > 0 || lowUnaccounted > 0 || failedSends > 0 }
}
