// Sources/RongPeer/Server/FaultInjector.swift - one connection's seeded fault decisions

import RongSupport

/// One connection's fault decisions.
struct FaultInjector: Sendable {
    var plan: FaultPlan
    var random: SplitMix64

    init(plan: FaultPlan, connection: ConnectionID) {
        self.plan = plan
        random = SplitMix64(seed: (plan.seed ?? 1) &* 0x100_0000_01B3 &+ UInt64(connection))
    }

    enum Decision: Sendable, Equatable {
        case send
        case drop
        case duplicate
        case delay(Int)
        case hold
        case cut
    }

    /// What to do with the next packet. One draw per fault kind, in a fixed order, so the
    /// sequence depends only on the seed and the number of packets.
    mutating func decide() -> Decision {
        let c = random.unit(), d = random.unit(), u = random.unit(), l = random.unit(), r = random.unit()
        let amount = Int(random.next() % UInt64(max(1, plan.delayMaxMillis))) + 1
        if c < plan.cut { return .cut }
        if d < plan.drop { return .drop }
        if u < plan.duplicate { return .duplicate }
        if l < plan.delay { return .delay(amount) }
        if r < plan.reorder { return .hold }
        return .send
    }
}
