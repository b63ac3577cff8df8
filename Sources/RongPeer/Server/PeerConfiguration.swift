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
    /// Navigation says `openAnti: 1` whatever a fixture says, also one a `POST /control/reset`
    /// brings (`rongwire peer --open-anti`; PEER-NAVI-003).
    public var openAnti = false
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
    /// Time from accepting a connection to the end of its request head (the HTTP request or
    /// the WebSocket upgrade); a connection still without one is answered 408 and closed.
    public var headerTimeout = PeerDuration(milliseconds: 10_000)!
    /// Time from the request head to the end of its body; 408 and closed after it.
    public var bodyTimeout = PeerDuration(milliseconds: 30_000)!
    /// Time a WebSocket connection may go without sending a frame before it is closed (close
    /// code 1001). RongIMLib 5.x pings every 15 s (engine 0.1.0 every 30 s);
    /// ``PeerDuration/zero`` never closes an idle one.
    public var idleTimeout = PeerDuration(milliseconds: 300_000)!
    /// Connections open at once. At the limit, a new connection first evicts the oldest one that
    /// has not finished a request (an idle or slow socket); when every connection has, the new one
    /// is closed at once. The peer also keeps 64 descriptors below its `RLIMIT_NOFILE`.
    public var maxConnections = 4_096
    /// Largest request head (request line and header fields), in bytes: 431 and closed above it
    /// (NIO's HTTP decoder counts).
    public var maxRequestHeadBytes = 16_384
    /// Largest request body (`POST /control/reset` fixture YAML), in bytes: 413 above it.
    public var maxRequestBodyBytes = 4 << 20
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
