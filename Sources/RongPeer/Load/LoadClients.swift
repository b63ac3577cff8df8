// Sources/RongPeer/Load/LoadClients.swift - the load runs' clients: connected in parallel, in order

import NIOCore
import RongCodec

enum LoadClients {
    /// Connects clients `load0` ... `load<count-1>`, 16 at a time, and returns them in that order.
    /// They keep no messages and do not pull their own sends; with `faulty` they have the
    /// defences of PEER-FAULT-002 (resend, re-pull and poll, reconnect), with a resend delay well
    /// above the PUBACK latency under full load, so resends are for lost packets. `setUp` runs on
    /// each client before it counts as connected (a message handler, a chatroom join).
    static func connect(
        count: Int, url: String, appId: String?, faulty: Bool, on group: any EventLoopGroup,
        setUp: @escaping @Sendable (Int, PeerClient) async throws -> Void
    ) async throws -> [PeerClient] {
        try await connect(users: 0..<count, url: url, appId: appId, faulty: faulty, on: group, setUp: setUp)
    }

    /// Connects the clients of `users` (`load<lowerBound>` …, one part of a distributed run), as
    /// above; `setUp` gets each client's position in the returned array.
    static func connect(
        users: Range<Int>, url: String, appId: String?, faulty: Bool, on group: any EventLoopGroup,
        setUp: @escaping @Sendable (Int, PeerClient) async throws -> Void
    ) async throws -> [PeerClient] {
        let count = users.count
        let first = users.lowerBound
        var slots = [PeerClient?](repeating: nil, count: count)
        try await withThrowingTaskGroup(of: (Int, PeerClient).self) { g in
            var next = 0
            func launch() {
                let i = next
                next += 1
                g.addTask {
                    var o = PeerClientOptions(url: url, token: "load\(first + i)", appId: appId)
                    o.keepMessages = false
                    o.pullSent = false
                    if faulty {
                        o.retryMillis = 2_000
                        o.pollMillis = 1_000
                        o.autoReconnect = true
                        // Resends after 2 s and polls every second need no 20 ms timer; a
                        // thousand clients' timers showed as a sixth of the generator's CPU.
                        o.tickMillis = 100
                    }
                    let c = try await PeerClient.connect(o, on: group.next())
                    try await setUp(i, c)
                    return (i, c)
                }
            }
            while next < min(16, count) { launch() }
            while let (i, c) = try await g.next() {
                slots[i] = c
                if next < count { launch() }
            }
        }
        return slots.map { $0! }
    }
}
