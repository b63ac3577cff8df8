// Sources/RongProxy/Server/ProxyCounters.swift - what the proxy relayed and refused, counted across event loops

import RongEnvelope
import Synchronization

/// What a running proxy has done so far (``ProxyServer/counts``).
public struct ProxyCounts: Sendable, Hashable {
    /// WebSocket connections relayed (both sides upgraded).
    public var connections = 0
    /// Frames relayed from clients to the upstream, and their payload bytes.
    public var clientFrames = 0
    /// Payload bytes of ``clientFrames``.
    public var clientBytes = 0
    /// Frames relayed from the upstream to clients.
    public var serverFrames = 0
    /// Payload bytes of ``serverFrames``.
    public var serverBytes = 0
    /// WebSocket upgrades refused because no upstream took the connection (HTTP 502).
    public var upstreamFailures = 0
    /// Navigation answers rewritten to name the proxy.
    public var navigationsRewritten = 0
    /// Navigation answers passed on unchanged (not 200, or no `server` in them).
    public var navigationsPassed = 0
    /// Connections ended by an error or a protocol violation.
    public var errors = 0
}

/// The counters behind ``ProxyCounts``; relaxed atomics, as they only count.
final class ProxyCounters: Sendable {
    let connections = Atomic<Int>(0)
    let clientFrames = Atomic<Int>(0)
    let clientBytes = Atomic<Int>(0)
    let serverFrames = Atomic<Int>(0)
    let serverBytes = Atomic<Int>(0)
    let upstreamFailures = Atomic<Int>(0)
    let navigationsRewritten = Atomic<Int>(0)
    let navigationsPassed = Atomic<Int>(0)
    let errors = Atomic<Int>(0)
    let nextConnection = Atomic<Int>(0)

    func count(frame bytes: Int, from side: Side) {
        if side == .client {
            clientFrames.add(1, ordering: .relaxed)
            clientBytes.add(bytes, ordering: .relaxed)
        } else {
            serverFrames.add(1, ordering: .relaxed)
            serverBytes.add(bytes, ordering: .relaxed)
        }
    }

    /// The next connection number (1, 2, …).
    func newConnectionId() -> Int { nextConnection.add(1, ordering: .relaxed).newValue }

    var snapshot: ProxyCounts {
        ProxyCounts(
            connections: connections.load(ordering: .relaxed), clientFrames: clientFrames.load(ordering: .relaxed),
            clientBytes: clientBytes.load(ordering: .relaxed), serverFrames: serverFrames.load(ordering: .relaxed),
            serverBytes: serverBytes.load(ordering: .relaxed), upstreamFailures: upstreamFailures.load(ordering: .relaxed),
            navigationsRewritten: navigationsRewritten.load(ordering: .relaxed), navigationsPassed: navigationsPassed.load(ordering: .relaxed),
            errors: errors.load(ordering: .relaxed))
    }
}
