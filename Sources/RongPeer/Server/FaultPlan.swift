// Sources/RongPeer/Server/FaultPlan.swift - seeded, reproducible faults on the server's packets

/// Faults applied to the packets the peer writes (never to CONNACK): each packet is, with the
/// given probabilities, dropped, duplicated, delayed, held back and sent after the next one
/// (reordered), or followed by an abrupt close of the connection (cut, no DISCONNECT).
///
/// Written as `drop=0.01,dup=0.01,delay=0.05:20ms,reorder=0.01,cut=0.0005[,seed=N]`. The
/// decisions come from a generator seeded by ``seed`` and the connection number, so a run with the
/// same seed and the same traffic makes the same decisions. A seed written in the plan wins over
/// any default (`--seed`, the peer's seed for `POST /control/faults`): see ``seeded(default:)``.
public struct FaultPlan: Sendable, Hashable, CustomStringConvertible {
    /// Probability that a packet is not sent.
    public var drop = 0.0
    /// Probability that a packet is sent twice.
    public var duplicate = 0.0
    /// Probability that a packet is delayed (by 1...``delayMaxMillis`` ms).
    public var delay = 0.0
    /// Largest delay in milliseconds (the delay is uniform in 1...delayMaxMillis).
    public var delayMaxMillis = 20
    /// Probability that a packet is held back and sent after the next one.
    public var reorder = 0.0
    /// Probability that the connection is closed instead of sending the packet.
    public var cut = 0.0
    /// Only connections of these users (nil: everyone).
    public var users: Set<String>?
    /// Seeds the decisions (with the connection number); nil when the plan names none, and then
    /// ``seeded(default:)`` fills it in (1 if nothing does).
    public var seed: UInt64?

    /// No faults.
    public init() {}

    /// The plan with `seed` filled in, unless the plan already names one.
    public func seeded(default seed: UInt64) -> FaultPlan {
        var p = self
        if p.seed == nil { p.seed = seed }
        return p
    }

    /// Whether any fault is switched on.
    public var isActive: Bool { drop > 0 || duplicate > 0 || delay > 0 || reorder > 0 || cut > 0 }

    /// Parses `drop=P,dup=P,delay=P[:MAXms],reorder=P,cut=P[,users=a|b][,seed=N]`.
    public init(parsing text: String) throws(FaultPlanError) {
        for part in text.split(separator: ",") where !part.isEmpty {
            let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2 else { throw FaultPlanError(message: "`\(part)` is not NAME=VALUE") }
            let (key, value) = (kv[0].trimmingCharacters(in: " "), kv[1].trimmingCharacters(in: " "))
            func probability(_ v: String) throws(FaultPlanError) -> Double {
                guard let p = Double(v), (0...1).contains(p) else { throw FaultPlanError(message: "\(key) must be a probability 0...1, not \(v)") }
                return p
            }
            switch key {
            case "drop": drop = try probability(value)
            case "dup", "duplicate": duplicate = try probability(value)
            case "reorder": reorder = try probability(value)
            case "cut": cut = try probability(value)
            case "delay":
                let pieces = value.split(separator: ":", maxSplits: 1).map(String.init)
                delay = try probability(pieces[0])
                if pieces.count == 2 {
                    guard let d = try? PeerDuration(parsing: pieces[1]), d.milliseconds >= 1, d.milliseconds <= 60_000 else {
                        throw FaultPlanError(message: "delay maximum must be 1ms...60s, not \(pieces[1].prefix(40))")
                    }
                    delayMaxMillis = Int(d.milliseconds)
                }
            case "users": users = Set(value.split(separator: "|").map(String.init))
            case "seed":
                guard let s = UInt64(value) else { throw FaultPlanError(message: "seed must be an unsigned integer") }
                seed = s
            default: throw FaultPlanError(message: "unknown fault `\(key)` (drop, dup, delay, reorder, cut, users, seed)")
            }
        }
    }

    /// The plan in the form ``init(parsing:)`` reads (`none` when no fault is on).
    public var description: String {
        var parts: [String] = []
        if drop > 0 { parts.append("drop=\(drop)") }
        if duplicate > 0 { parts.append("dup=\(duplicate)") }
        if delay > 0 { parts.append("delay=\(delay):\(delayMaxMillis)ms") }
        if reorder > 0 { parts.append("reorder=\(reorder)") }
        if cut > 0 { parts.append("cut=\(cut)") }
        if let users { parts.append("users=\(users.sorted().joined(separator: "|"))") }
        if !parts.isEmpty, let seed { parts.append("seed=\(seed)") }
        return parts.isEmpty ? "none" : parts.joined(separator: ",")
    }

    /// Whether the plan applies to a user's connections.
    public func applies(to user: String?) -> Bool {
        guard isActive else { return false }
        guard let users else { return true }
        return user.map(users.contains) ?? false
    }
}

/// A fault specification that does not parse.
public struct FaultPlanError: Error, CustomStringConvertible, Sendable {
    /// What is wrong with the specification.
    public var message: String
    /// The message.
    public var description: String { message }
}

/// Counts of the faults injected, for /state and the load report.
public struct FaultCounts: Sendable, Hashable {
    /// Packets not sent.
    public var dropped = 0
    /// Packets sent twice.
    public var duplicated = 0
    /// Packets delayed.
    public var delayed = 0
    /// Packets held back behind the next one.
    public var reordered = 0
    /// Connections cut.
    public var cut = 0
}
