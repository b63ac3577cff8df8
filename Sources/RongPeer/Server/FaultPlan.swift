// Sources/RongPeer/Server/FaultPlan.swift - seeded, reproducible faults on the server's packets

import RongSupport

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

    /// Parses `drop=P,dup=P,delay=P[:MAXms],reorder=P,cut=P[,users=a|b][,seed=N]`: each part
    /// at most once, in any order, spaces around names and values ignored. A blank text or `none`
    /// is no faults. Refused, with the part named (``FaultPlanError/part``): a blank part, one
    /// that is not NAME=VALUE, an unknown name, a name given twice (`dup` and `duplicate` are one
    /// name), more parts than names, a blank value, a probability outside 0...1, a blank or
    /// out-of-range delay maximum (1ms...60s), a seed that is not an unsigned 64-bit integer, a
    /// blank, repeated or over-long user id (1-64 bytes, as a fixture's), more than 100,000 users.
    ///
    /// The text is cut into at most 8 parts and 100,001 users however long it is, so a large plan
    /// (a 4 MiB request body) costs its own size, not a piece per separator.
    public init(parsing text: String) throws(FaultPlanError) {
        let whole = TextFields.trim(text[...], " ")
        if whole.isEmpty || whole == "none" { return }
        var given: Set<String> = []
        for (i, part) in TextFields(whole, separator: ",", maxSplits: Self.keys.count, trimming: " ").all.enumerated() {
            guard i < Self.keys.count else {
                throw FaultPlanError(.tooManyParts, "part \(i + 1)", "part \(i + 1): a fault plan has at most \(Self.keys.count) parts (\(Self.names), each at most once)")
            }
            guard !part.isEmpty else { throw FaultPlanError(.blankPart, "part \(i + 1)", "part \(i + 1) of the fault plan is blank (parts are NAME=VALUE, separated by commas)") }
            let (name, rawValue) = TextFields.cut(part, at: "=", trimming: " ")
            guard let rawValue, !name.isEmpty else {
                throw FaultPlanError(.notNameValue, String(part.prefix(40)), "`\(part.prefix(40))` is not NAME=VALUE (\(Self.names))")
            }
            let key = name == "duplicate" ? "dup" : String(name)
            guard Self.keys.contains(key) else { throw FaultPlanError(.unknownName, String(name.prefix(40)), "unknown fault `\(name.prefix(40))` (\(Self.names))") }
            guard given.insert(key).inserted else { throw FaultPlanError(.repeated, key, "`\(key)` is given twice\(key == "dup" ? " (dup and duplicate are one)" : "")") }
            guard !rawValue.isEmpty else { throw FaultPlanError(.blankValue, key, "`\(key)` has no value") }
            let value = String(rawValue)
            func probability(_ v: Substring, _ part: String) throws(FaultPlanError) -> Double {
                guard !v.isEmpty else { throw FaultPlanError(.blankValue, part, "`\(part)` has no probability") }
                guard let p = Double(v), (0...1).contains(p) else {
                    throw FaultPlanError(.notAProbability, part, "`\(part)` must be a probability 0...1, not `\(v.prefix(40))`")
                }
                return p
            }
            switch key {
            case "drop": drop = try probability(rawValue, key)
            case "dup": duplicate = try probability(rawValue, key)
            case "reorder": reorder = try probability(rawValue, key)
            case "cut": cut = try probability(rawValue, key)
            case "delay":
                let (p, maximum) = TextFields.cut(rawValue, at: ":", trimming: " ")
                delay = try probability(p, key)
                if let maximum {
                    let part = "delay maximum"
                    guard !maximum.isEmpty else { throw FaultPlanError(.blankValue, part, "`\(part)` is blank after `:` (1ms...60s, e.g. delay=0.05:20ms)") }
                    guard let d = try? PeerDuration(parsing: String(maximum)), d.milliseconds >= 1, d.milliseconds <= 60_000 else {
                        throw FaultPlanError(.delayMaximum, part, "`\(part)` must be 1ms...60s, not `\(maximum.prefix(40))`")
                    }
                    delayMaxMillis = Int(d.milliseconds)
                }
            case "users":
                var names: Set<String> = []
                for user in TextFields(rawValue, separator: "|", maxSplits: Self.maxUsers, trimming: " ").all {
                    guard names.count < Self.maxUsers else { throw FaultPlanError(.tooManyUsers, key, "`users` names more than \(Self.maxUsers) users") }
                    guard !user.isEmpty else { throw FaultPlanError(.blankUser, key, "`users` names a blank user in `\(value.prefix(40))` (users=a|b)") }
                    guard user.utf8.count <= 64 else { throw FaultPlanError(.userTooLong, key, "`users` names `\(user.prefix(40))…`, longer than a user id (at most 64 bytes, 000:606)") }
                    guard names.insert(String(user)).inserted else { throw FaultPlanError(.repeatedUser, key, "`users` names `\(user.prefix(40))` twice") }
                }
                users = names
            default:
                guard let s = UInt64(value) else { throw FaultPlanError(.notASeed, key, "`seed` must be an unsigned integer, not `\(value.prefix(40))`") }
                seed = s
            }
        }
    }

    /// The names a plan may give, as messages list them.
    static let names = "drop, dup, delay, reorder, cut, users, seed"
    static let keys: Set<String> = ["drop", "dup", "delay", "reorder", "cut", "users", "seed"]
    /// The most users a plan names: as many as a fixture may generate.
    static let maxUsers = 100_000

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

/// A fault specification that does not parse, with the part it is about.
public struct FaultPlanError: Error, CustomStringConvertible, Sendable, Hashable {
    /// What is wrong (a stable code).
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// A part between commas is blank (`drop=0.1,,cut=0.1`, a comma at the end).
        case blankPart
        /// A part is not NAME=VALUE (`drop`, `=0.5`, `=,=`).
        case notNameValue
        /// A name the plan does not know.
        case unknownName
        /// A name given twice (`dup` and `duplicate` are one name).
        case repeated
        /// More parts than there are names (8 or more).
        case tooManyParts
        /// A name with a blank value (`delay= `, `seed=`), or a delay with `:` and nothing on
        /// one side of it (`delay=:5ms`, `delay=0.1:`).
        case blankValue
        /// A probability that is not a number in 0...1.
        case notAProbability
        /// A delay maximum that is not a duration of 1ms...60s.
        case delayMaximum
        /// A seed that is not an unsigned 64-bit integer.
        case notASeed
        /// `users` with a blank name (`users=a||b`, `users=|`).
        case blankUser
        /// `users` naming one user twice.
        case repeatedUser
        /// `users` naming an id longer than 64 bytes (a user id's most, 000:606).
        case userTooLong
        /// `users` naming more than 100,000 users.
        case tooManyUsers
    }

    /// What is wrong.
    public var reason: Reason
    /// The part of the plan it is about: a name (`delay`, `seed`, `users`), `delay maximum`,
    /// `part N` for a blank part or one too many, or the text of a part that is not NAME=VALUE (at most 40
    /// characters).
    public var part: String
    /// What is wrong, naming the part.
    public var message: String
    /// The message.
    public var description: String { message }

    init(_ reason: Reason, _ part: String, _ message: String) {
        self.reason = reason
        self.part = part
        self.message = message
    }
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
