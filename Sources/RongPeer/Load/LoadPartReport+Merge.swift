// Sources/RongPeer/Load/LoadPartReport+Merge.swift - the parts of a load run added up and checked

extension LoadPartReport {
    /// Why parts cannot be added up; each names the part as ``merged(_:names:)`` was told.
    public enum MergeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// No part was given.
        case noParts
        /// A part is of another run id.
        case differentRun(first: String, other: String, part: String)
        /// A part has other clients, messages, seed, part count or clock than the first.
        case differentRunShape(part: String, member: String)
        /// Two files are the same part (or parts of overlapping splits).
        case partTwice(part: LoadPart, first: String, second: String)
        /// Parts are missing.
        case missingParts([Int], of: Int)
        /// A message is in two parts' sends, or a part sent for a user outside its slice.
        case sentOutsidePart(sender: Int, seq: Int, part: String)
        /// A part's receiver is outside its slice (or, in a chatroom run, listed twice).
        case receivedOutsidePart(receiver: Int, part: String)
        /// A chatroom run's part does not list every member (or sender) of its slice.
        case incompletePart(part: String, missing: String)

        /// A stable code for the error.
        public var code: String {
            switch self {
            case .noParts: "noParts"
            case .differentRun: "differentRun"
            case .differentRunShape: "differentRunShape"
            case .partTwice: "partTwice"
            case .missingParts: "missingParts"
            case .sentOutsidePart, .receivedOutsidePart: "overlappingParts"
            case .incompletePart: "incompletePart"
            }
        }

        public var description: String {
            switch self {
            case .noParts: "no part reports to merge"
            case let .differentRun(first, other, part): "\(part) is of run \(other), not \(first)"
            case let .differentRunShape(part, member): "\(part) has another \(member) than the first part: parts of one run share clients, messages, seed, part count and clock"
            case let .partTwice(p, a, b): "\(a) and \(b) are both part \(p)"
            case let .missingParts(missing, n): "part\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) of \(n) missing"
            case let .sentOutsidePart(s, q, part): "\(part) sent message \(q) of load\(s), a user outside its slice or a message another part sent"
            case let .receivedOutsidePart(r, part): "\(part) reports deliveries at load\(r), a user outside its slice"
            case let .incompletePart(part, what): "\(part) does not list all the \(what) of its slice"
            }
        }
    }

    /// The report of the whole run whose parts these are (in any order): every part present once,
    /// of one run, the same shape. Lost: a message some part sent that never surfaced at its
    /// receiver in any part; duplicated: surfaced there more than once; misdelivered: surfaced at
    /// another user, or a message of the run no part sent. Throughput and send time run from the
    /// earliest first send to the latest delivery (PUBACK); the latency histograms are added.
    /// `names` name the parts in errors (default `part file 1`, …).
    public static func merged(_ parts: [LoadPartReport], names: [String] = []) throws(MergeError) -> LoadReport {
        func name(_ i: Int) -> String { i < names.count ? names[i] : "part file \(i + 1)" }
        guard let first = parts.first else { throw .noParts }
        _ = try indexParts(
            parts.count, run: { parts[$0].run }, part: { parts[$0].part }, name: name,
            differingMember: { i in
                let p = parts[i]
                return [("part count", p.part.count == first.part.count), ("clients", p.clients == first.clients),
                        ("messages", p.messages == first.messages), ("seed", p.seed == first.seed), ("clock", p.wallClock == first.wallClock)]
                    .first { !$0.1 }?.0
            })

        // What was sent, to whom: the union of the parts' sends, each from the part's own users.
        var expected: [UInt64: Int] = [:]
        expected.reserveCapacity(first.messages)
        for (i, p) in parts.enumerated() {
            let slice = p.part.clients(of: p.clients)
            for s in p.sent {
                guard slice.contains(s.sender), expected.updateValue(s.receiver, forKey: LoadGenerator.key(s.sender, s.seq)) == nil else {
                    throw .sentOutsidePart(sender: s.sender, seq: s.seq, part: name(i))
                }
            }
        }
        var report = LoadReport(clients: first.clients, messages: first.messages)
        report.run = first.run
        var delivered = Set<UInt64>()
        delivered.reserveCapacity(expected.count)
        var latency = LatencyHistogram(), ack = LatencyHistogram()
        var start = UInt64.max, lastDelivery: UInt64 = 0, lastAck: UInt64 = 0
        for (i, p) in parts.enumerated() {
            let slice = p.part.clients(of: p.clients)
            for r in p.received {
                guard slice.contains(r.receiver) else { throw .receivedOutsidePart(receiver: r.receiver, part: name(i)) }
                let k = LoadGenerator.key(r.sender, r.seq)
                if expected[k] != r.receiver {
                    report.misdelivered += r.count
                } else if delivered.insert(k).inserted {
                    report.duplicated += r.count - 1
                } else {
                    // Two entries for one message at its receiver: only a malformed part has that.
                    report.duplicated += r.count
                }
            }
            report.acked += p.acked
            report.failedSends += p.failedSends
            report.copiesDeduplicated += p.copiesDeduplicated
            report.reconnects += p.reconnects
            report.otherRuns += p.otherRuns
            report.faultsInjected = report.faultsInjected || p.faultsInjected
            report.generatorCPUSeconds += p.generatorCPUSeconds
            latency.add(p.latency)
            ack.add(p.ack)
            if p.firstSend > 0 { start = min(start, p.firstSend) }
            lastDelivery = max(lastDelivery, p.lastDelivery)
            lastAck = max(lastAck, p.lastAck)
        }
        report.delivered = delivered.count
        report.lost = expected.count - delivered.count
        if start == .max { start = 0 }
        report.seconds = Double(max(lastDelivery, start) - start) / 1e9
        report.sendSeconds = Double(max(lastAck, start) - start) / 1e9
        report.latency = latency.percentiles
        report.ack = ack.percentiles
        report.latencyP50 = report.latency.p50
        report.latencyP99 = report.latency.p99
        report.latencyMax = report.latency.max
        report.ackP50 = report.ack.p50
        report.ackP99 = report.ack.p99
        // The peer's counters: the latest end less the earliest start, when every part read them.
        if let spans = all(parts.map(\.peerCPUSeconds)) {
            report.peerCPUSeconds = max(0, spans.map(\.end).max()! - spans.map(\.start).min()!)
        }
        if let spans = all(parts.map(\.peerFaults)) {
            func field(_ k: WritableKeyPath<FaultCounts, Int>) -> Int { max(0, spans.map { $0.end[keyPath: k] }.max()! - spans.map { $0.start[keyPath: k] }.min()!) }
            var f = FaultCounts()
            for k in [\FaultCounts.dropped, \.duplicated, \.delayed, \.reordered, \.cut] { f[keyPath: k] = field(k) }
            report.faults = f
        }
        if let spans = all(parts.map(\.resendsDeduplicated)) {
            report.resendsDeduplicated = max(0, spans.map(\.end).max()! - spans.map(\.start).min()!)
        }
        return report
    }

    private static func all<T>(_ values: [T?]) -> [T]? {
        let present = values.compactMap { $0 }
        return present.count == values.count && !present.isEmpty ? present : nil
    }
}

extension LoadPartReport {
    /// Where each part number is among `count` parts, once they are all of one run (`run`), of
    /// one shape (`differingMember` names what differs from the first part, or nil) and each
    /// there exactly once; `name` names a part in errors. Private and live-room merges share it.
    static func indexParts(
        _ count: Int, run: (Int) -> String, part: (Int) -> LoadPart, name: (Int) -> String, differingMember: (Int) -> String?
    ) throws(MergeError) -> [Int: Int] {
        var byIndex: [Int: Int] = [:]
        for i in 0..<count {
            guard run(i) == run(0) else { throw .differentRun(first: run(0), other: run(i), part: name(i)) }
            if let member = differingMember(i) { throw .differentRunShape(part: name(i), member: member) }
            let p = part(i)
            if let earlier = byIndex[p.index] { throw .partTwice(part: p, first: name(earlier), second: name(i)) }
            byIndex[p.index] = i
        }
        let total = part(0).count
        let missing = (1...total).filter { byIndex[$0] == nil }
        guard missing.isEmpty else { throw .missingParts(missing, of: total) }
        return byIndex
    }
}
