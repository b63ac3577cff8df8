// Sources/RongPeer/Load/LoadConfiguration.swift - what a load run does

import NIOCore

/// What a load run does.
public struct LoadConfiguration: Sendable {
    /// Concurrent clients (users `load0` …).
    public var clients = 100
    /// Messages in total, spread evenly over the clients.
    public var messages = 10_000
    /// PUBLISHes each client keeps in flight.
    public var window = 16
    /// Faults on the (in-process) peer's packets.
    public var faults = FaultPlan()
    /// Seeds who sends to whom, and the faults unless their plan names a seed.
    public var seed: UInt64 = 1
    /// A running peer (`ws://…/websocket`) whose fixture has users `load0` … with tokens equal
    /// to their ids (`generatedUsers`); nil starts one in-process.
    public var url: String?
    /// The App Key for ``url``.
    public var appId: String?
    /// How long to wait for the last messages after the last PUBACK.
    public var drainMillis: Int64 = 30_000
    /// Event loop threads of the in-process peer and of the clients.
    public var peerThreads = System.coreCount
    /// Event loop threads of the clients.
    public var clientThreads = System.coreCount

    /// The run's id, in every message's marker (``LoadRunID``): the parts of a distributed run
    /// share it, and their receivers take messages of this id from any part; with it the markers'
    /// times are wall-clock nanoseconds. nil: a random id, monotonic times.
    public var runId: String?
    /// Which part of a distributed run this process drives (its slice of the users); nil: all.
    public var part: LoadPart?

    /// Chatroom mode (``ChatroomLoad``): every client joins this room and ``senders`` of them
    /// send ``messages`` in all to it; nil for private messages between the clients.
    public var chatroom: String?
    /// Chatroom mode: how many of the clients send (`load0` … ; `load0` is the host).
    public var senders = 3
    /// Chatroom mode: the share of low-priority messages (`Live:LikeMsg`), 0...1.
    public var lowShare = 0.5
    /// Chatroom mode: the room's capacity in messages a second (the in-process peer's fixture,
    /// with the host `load0` on the whitelist); nil: no limit.
    public var capacity: Int?
    /// Chatroom mode: messages a second the senders send in all (paced).
    public var rate = 100

    /// The defaults (100 clients, 10,000 messages, window 16, in-process peer, no faults).
    public init() {}
}
