// Sources/RongPeer/Server/PeerConfiguration.swift - how to run a peer

import Logging
import NIOCore
import RongCodec

/// How to run a peer.
public struct PeerConfiguration: Sendable {
    /// Address to bind; loopback by default.
    public var host = "127.0.0.1"
    /// Port to bind; 0 picks a free one.
    public var port = 0
    /// Users, tokens, groups, chatrooms, app settings.
    public var fixture = PeerFixture()
    /// The clock; a ``ManualClock`` lets `POST /control/advance` move time.
    public var clock: any PeerClock = SystemClock()
    /// Largest WebSocket message (one RMTP packet) accepted from a client. A content may be
    /// 131,072 bytes; the rest leaves room for the envelope.
    public var maxFrameSize = 131_072 + 8_192
    /// Packets written to one connection and not yet sent before the peer cuts it.
    public var maxQueued = 8_192
    /// Bytes written to one connection and not yet sent before the peer cuts it as a slow
    /// consumer (a single packet is always sent when nothing else is queued). Pull and history
    /// replies are cut into pages of at most a quarter of this (and at most 2 MB), so a client that
    /// asks again and again without reading hits this limit after a few replies.
    public var maxQueuedBytes = 16 << 20
    /// Faults on the server's packets (seeded by ``seed`` unless the plan names its own).
    public var faults = FaultPlan()
    /// Seed of the UID allocator, and of the faults when their plan names no seed.
    public var seed: UInt64 = 0
    /// Event loop threads.
    public var threads = System.coreCount
    /// Where connections, violations and faults are reported.
    public var logger = PeerLogHandler.logger(level: .warning)

    /// Loopback, a free port, an empty fixture, the system clock, no faults.
    public init() {}
}
