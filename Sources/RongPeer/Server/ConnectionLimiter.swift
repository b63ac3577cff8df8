// Sources/RongPeer/Server/ConnectionLimiter.swift - at most N connections; idle sockets make room for new clients

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import Synchronization

#if canImport(Glibc)
private let resourceNOFILE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#else
private let resourceNOFILE = RLIMIT_NOFILE
#endif

/// Counts the peer's open connections and keeps them at or below a limit without locking out
/// real clients: at the limit, a new connection evicts the oldest connection that has not yet
/// finished a request (a socket that connected and sent nothing, or a request head or body that
/// trickles in), and only when every connection has finished one is the newcomer closed instead.
/// So sockets held open by an attacker cannot keep a client out, and the peer never runs into its
/// descriptor limit (where accepting fails and NIO backs off, so nobody gets in). The recording
/// proxy (RongProxy) bounds its connections with it too.
package final class ConnectionLimiter: Sendable {
    private struct Entry {
        let channel: Channel
        let order: UInt64
        var settled: Bool
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var unsettled = 0
        var nextOrder: UInt64 = 0
        var evicted = 0
        var refused = 0
    }

    /// The limit in force: the configured one, and 64 descriptors below `RLIMIT_NOFILE` (files,
    /// the event loops' own descriptors and the listening socket need some).
    package let limit: Int
    private let state = Mutex(State())

    package init(maxConnections: Int) {
        limit = max(1, min(maxConnections, Self.descriptorLimit() - 64))
    }

    /// The soft `RLIMIT_NOFILE` (Int.max when unlimited or unknown).
    static func descriptorLimit() -> Int {
        var r = rlimit()
        // RLIM_INFINITY is the largest value: it clamps to Int.max.
        guard getrlimit(resourceNOFILE, &r) == 0 else { return .max }
        return Int(clamping: r.rlim_cur)
    }

    /// Registers a new connection. Returns false when it must be closed at once (the peer is
    /// full of connections that all finished a request); otherwise the oldest unsettled
    /// connection may have been closed to make room.
    package func admit(_ channel: Channel) -> Bool {
        let victim: Channel? = state.withLock { s in
            var victim: Channel?
            if s.entries.count >= limit {
                guard s.unsettled > 0, let oldest = s.entries.values.filter({ !$0.settled }).min(by: { $0.order < $1.order }) else {
                    s.refused += 1
                    return nil
                }
                s.entries[ObjectIdentifier(oldest.channel)] = nil
                s.unsettled -= 1
                s.evicted += 1
                victim = oldest.channel
            }
            s.entries[ObjectIdentifier(channel)] = Entry(channel: channel, order: s.nextOrder, settled: false)
            s.nextOrder += 1
            s.unsettled += 1
            return victim ?? channel
        }
        guard let victim else { return false }
        if victim !== channel { victim.close(promise: nil) }
        let id = ObjectIdentifier(channel)
        channel.closeFuture.whenComplete { [self] _ in release(id) }
        return true
    }

    /// The connection finished a request (or its upgrade): it is no longer evicted for others.
    package func settle(_ channel: Channel) {
        state.withLock { s in
            let id = ObjectIdentifier(channel)
            guard let e = s.entries[id], !e.settled else { return }
            s.entries[id]!.settled = true
            s.unsettled -= 1
        }
    }

    private func release(_ id: ObjectIdentifier) {
        state.withLock { s in
            guard let e = s.entries.removeValue(forKey: id) else { return }
            if !e.settled { s.unsettled -= 1 }
        }
    }

    /// Open connections, connections evicted to make room, and connections refused at the limit.
    package var counts: (open: Int, evicted: Int, refused: Int) {
        state.withLock { ($0.entries.count, $0.evicted, $0.refused) }
    }
}
