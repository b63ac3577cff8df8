// Sources/RongPeer/Load/ChatroomPartReport+Merge.swift - the parts of a live-room run added up and
// checked as one run

extension ChatroomPartReport {
    /// The report of the whole live-room run whose parts these are (in any order): every part
    /// present once, of one run and one shape (room, senders, rate, low share included), each part
    /// listing every member of its slice and every sender in it. The single run's checks run
    /// across all members: a protected message (high priority, or the host's when
    /// ``hostProtected``) missing at any member but its sender is lost, a like some member got and
    /// another did not is lost after dispatch, a like no member got was discarded; members cut off
    /// by faults are left out. Times run from the earliest part start to the latest delivery
    /// (PUBACK); the lag histograms are added; the worst member's p99 is the largest of any part.
    /// `names` name the parts in errors (default `part file 1`, …).
    public static func merged(_ parts: [ChatroomPartReport], names: [String] = []) throws(LoadPartReport.MergeError) -> ChatroomLoadReport {
        func name(_ i: Int) -> String { i < names.count ? names[i] : "part file \(i + 1)" }
        guard let first = parts.first else { throw .noParts }
        _ = try LoadPartReport.indexParts(
            parts.count, run: { parts[$0].run }, part: { parts[$0].part }, name: name,
            differingMember: { i in
                let p = parts[i]
                return [("part count", p.part.count == first.part.count), ("clients", p.clients == first.clients),
                        ("messages", p.messages == first.messages), ("seed", p.seed == first.seed), ("clock", p.wallClock == first.wallClock),
                        ("room", p.room == first.room), ("senders", p.senders == first.senders), ("rate", p.rate == first.rate),
                        ("low share", p.lowShare == first.lowShare), ("host protection", p.hostProtected == first.hostProtected)]
                    .first { !$0.1 }?.0
            })

        let total = first.messages, senders = first.senders, clients = first.clients
        // Each message's class, from the part that sent it; every sender in exactly one part.
        var low = [Bool](repeating: false, count: total)
        var senderSeen = [Bool](repeating: false, count: senders)
        var memberSeen = [Bool](repeating: false, count: clients)
        var isCut = [Bool](repeating: false, count: clients)
        var report = ChatroomLoadReport(members: clients, messages: total)
        report.run = first.run
        var lag = LatencyHistogram()
        var start = UInt64.max, lastDelivery: UInt64 = 0, lastAck: UInt64 = 0
        var worst: UInt64 = 0
        for (i, p) in parts.enumerated() {
            let slice = p.part.clients(of: clients)
            for s in p.sends {
                guard slice.contains(s.sender), s.sender < senders, !senderSeen[s.sender],
                      s.low.count == count(of: s.sender, messages: total, senders: senders)
                else { throw .sentOutsidePart(sender: s.sender, seq: s.sender, part: name(i)) }
                senderSeen[s.sender] = true
                for (k, l) in s.low.enumerated() { low[s.sender + k * senders] = l }
            }
            let ownSenders = slice.clamped(to: 0..<senders).count
            guard p.sends.count == ownSenders else { throw .incompletePart(part: name(i), missing: "senders") }
            for m in p.members {
                guard slice.contains(m.member), !memberSeen[m.member], m.seen.count == (total + 7) / 8 else {
                    throw .receivedOutsidePart(receiver: m.member, part: name(i))
                }
                memberSeen[m.member] = true
                isCut[m.member] = m.cutOff
                report.deliveries += m.deliveries
                report.duplicated += m.repeats.reduce(0) { $0 + $1.count - 1 }
                worst = max(worst, m.lagP99)
            }
            guard p.members.count == slice.count else { throw .incompletePart(part: name(i), missing: "members") }
            report.acked += p.acked
            report.failedSends += p.failedSends
            report.reconnects += p.reconnects
            report.otherRuns += p.otherRuns
            report.faultsInjected = report.faultsInjected || p.faultsInjected
            report.generatorCPUSeconds += p.generatorCPUSeconds
            lag.add(p.lag)
            start = min(start, p.firstSend)
            lastDelivery = max(lastDelivery, p.lastDelivery)
            lastAck = max(lastAck, p.lastAck)
        }

        // How many checked members got each message, its sender left out (as the single run).
        var got = [Int](repeating: 0, count: total)
        for p in parts {
            for m in p.members where !m.cutOff {
                for (b, byte) in m.seen.enumerated() where byte != 0 {
                    var bits = byte
                    while bits != 0 {
                        let n = b << 3 + bits.trailingZeroBitCount
                        bits &= bits - 1
                        if n < total && n % senders != m.member { got[n] += 1 }
                    }
                }
            }
        }
        let cutCount = isCut.reduce(0) { $0 + ($1 ? 1 : 0) }
        for n in 0..<total {
            let sender = n % senders
            let expected = clients - cutCount - (isCut[sender] ? 0 : 1)
            let short = max(0, expected - got[n])
            if !low[n] || (sender == 0 && first.hostProtected) {
                report.protectedLost += short
                if short > 0 { report.protectedMessagesLost += 1 }
            } else if got[n] == 0 {
                report.lowDiscarded += 1
            } else {
                report.lowLost += short
            }
        }
        report.membersCutOff = cutCount
        report.highSent = low.reduce(0) { $0 + ($1 ? 0 : 1) }
        report.lowSent = total - report.highSent
        report.hostSent = count(of: 0, messages: total, senders: senders)
        report.lag = lag.percentiles
        report.lagP50 = report.lag.p50
        report.lagP99 = report.lag.p99
        report.lagMax = report.lag.max
        report.worstMemberLagP99 = Double(worst) / 1e6
        report.seconds = Double(max(lastDelivery, start) - start) / 1e9
        report.sendSeconds = Double(max(lastAck, start) - start) / 1e9
        // The peer's counters: the latest end less the earliest start, when every part read them.
        let cpu = parts.compactMap(\.peerCPUSeconds)
        if cpu.count == parts.count {
            report.peerCPUSeconds = max(0, cpu.map(\.end).max()! - cpu.map(\.start).min()!)
        }
        let faults = parts.compactMap(\.peerFaults)
        if faults.count == parts.count {
            func field(_ k: WritableKeyPath<FaultCounts, Int>) -> Int { max(0, faults.map { $0.end[keyPath: k] }.max()! - faults.map { $0.start[keyPath: k] }.min()!) }
            var f = FaultCounts()
            for k in [\FaultCounts.dropped, \.duplicated, \.delayed, \.reordered, \.cut] { f[keyPath: k] = field(k) }
            report.faults = f
        }
        return report
    }
}
