// Sources/RongPeer/Scenarios/ScenarioExecution+Expectations.swift - what a client must have received, and the counters nobody asked about

import RongCodec

extension ScenarioExecution {
    func expect(_ name: String, _ x: Scenario.ClientExpectation) async throws {
        let c = try client(name)
        if let want = x.receives {
            let seen = consumed[name] ?? 0
            _ = await c.waitForMessages(count: seen + want.count, timeoutMillis: timeoutMillis)
            // Give extra messages a moment to show up, so "exactly these" means it.
            try await Task.sleep(nanoseconds: want.isEmpty ? 300_000_000 : 150_000_000)
            let all = await c.messages()
            let new = Array(all[min(seen, all.count)...])
            consumed[name] = all.count
            let views = new.map { Self.view($0.message, content: $0.content, via: $0.via.rawValue) }
            let expected = want.map(resolve)
            if views.count != expected.count {
                throw fail("\(name) received \(views.count) message(s), expected \(expected.count): \(describe(views))")
            }
            if x.ordered {
                if let m = match(.array(expected), .array(views), path: name) { throw fail("\(m)\n    received: \(describe(views))") }
            } else if let m = matchAsSet(expected, views, path: name, { e, v in match(e, v, path: "") == nil }) {
                throw fail("\(m)\n    received: \(describe(views))")
            }
        }
        if let n = x.count {
            let seen = consumed[name] ?? 0
            _ = await c.waitForMessages(count: seen + n, timeoutMillis: timeoutMillis)
            try await Task.sleep(nanoseconds: 150_000_000)
            let all = await c.messages().count
            consumed[name] = all
            if all - seen != n { throw fail("\(name) received \(all - seen) message(s), expected \(n)") }
        }
        if let want = x.notices {
            let seen = consumedNotices[name] ?? 0
            _ = try await poll { await c.notices().count >= seen + want.count }
            try await Task.sleep(nanoseconds: want.isEmpty ? 300_000_000 : 150_000_000)
            let all = await c.notices()
            let views = all[min(seen, all.count)...].map(\.view)
            consumedNotices[name] = all.count
            let text = views.map { $0.compactText() }.joined(separator: ", ")
            if views.count != want.count { throw fail("\(name) got \(views.count) notice(s), expected \(want.count): \(text)") }
            if let m = match(.array(want.map(resolve)), .array(Array(views)), path: "\(name).notices") { throw fail("\(m)\n    notices: \(text)") }
        }
        try await checkCounters(name, c, x)
        if let status = x.disconnected {
            let ok = try await poll { await c.disconnectStatus() == status }
            if !ok { throw fail("\(name): DISCONNECT status \(String(describing: await c.disconnectStatus())), expected \(status)") }
        }
    }

    /// Duplicates, stray PUBACKs and PINGRESPs since the client's previous expectation: exactly
    /// what the expectation says, and no duplicate (nor, unless faults or resends make them
    /// legitimate, stray PUBACK) that it does not mention.
    func checkCounters(_ name: String, _ c: PeerClient, _ x: Scenario.ClientExpectation) async throws {
        var base = checked[name] ?? Counters()
        func settle(_ want: Int?, _ current: @escaping () async -> Int, _ since: Int) async throws -> Int {
            if let want, want > 0 {
                _ = try await poll { await current() - since >= want }
                // Long enough for one more copy to show, so "exactly" means it.
                try await Task.sleep(nanoseconds: 100_000_000)
            }
            return await current() - since
        }
        let dups = try await settle(x.duplicates, { await c.duplicatesSuppressed() }, base.duplicates)
        if dups != (x.duplicates ?? 0) {
            throw fail("\(name) dropped \(dups) duplicate cop\(dups == 1 ? "y" : "ies") by UID, expected \(x.duplicates ?? 0)"
                + (x.duplicates == nil ? " (the peer delivered a message twice; `duplicates: N` if the scenario means it)" : ""))
        }
        base.duplicates += dups
        let pongs = try await settle(x.pongs, { await c.pongs() }, base.pongs)
        if let want = x.pongs, pongs != want { throw fail("\(name) got \(pongs) PINGRESP(s), expected \(want)") }
        base.pongs += pongs
        let strays = try await settle(x.strayAcks, { await c.strayAcks() }, base.strayAcks)
        let wantStrays = x.strayAcks ?? (strictAcks(name) ? 0 : nil)
        if let want = wantStrays, strays != want {
            throw fail("\(name) got \(strays) PUBACK(s) that answered nothing pending, expected \(want): \(await c.strayAckLog().suffix(strays).joined(separator: "; "))")
        }
        base.strayAcks += strays
        checked[name] = base
    }

    func strictAcks(_ name: String) -> Bool { !faultsInjected && !resending.contains(name) }

    /// Duplicates (and stray PUBACKs) a client saw after its last expectation fail the
    /// scenario too: checked when it disconnects, is replaced, and at the end.
    func checkLeftovers(_ name: String) async throws {
        guard let c = clients[name] else { return }
        let base = checked[name] ?? Counters()
        let dups = await c.duplicatesSuppressed() - base.duplicates
        if dups > 0 {
            throw fail("\(name) dropped \(dups) duplicate cop\(dups == 1 ? "y" : "ies") by UID after its last expectation (the peer delivered a message twice)")
        }
        if strictAcks(name) {
            let strays = await c.strayAcks() - base.strayAcks
            if strays > 0 {
                throw fail("\(name) got \(strays) PUBACK(s) that answered nothing pending: \(await c.strayAckLog().suffix(strays).joined(separator: "; "))")
            }
        }
    }

    /// ``checkLeftovers(_:)`` for every client still connected.
    func checkLeftovers() async throws {
        for name in clients.keys.sorted() { try await checkLeftovers(name) }
    }
}
