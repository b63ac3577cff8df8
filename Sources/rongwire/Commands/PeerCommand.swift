// Sources/rongwire/Commands/PeerCommand.swift - `rongwire peer`: run the mock peer

import ArgumentParser
import RongCodec
import RongPeer

struct PeerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peer",
        abstract: "Run the mock peer: a loopback server that speaks RMTP over WebSocket like the IM service.",
        discussion: """
            Clients connect to ws://HOST:PORT/websocket?appId=APPKEY&token=TOKEN (exactly one RMTP \
            packet per binary WebSocket message; the server speaks first with CONNACK). The same \
            port serves GET /state (JSON: unread counts, offline queues, history sizes, push log) \
            and the control endpoints of spec/peer.md. Users, tokens, groups and chatrooms come \
            from --fixture (format in spec/peer.md; default: the demo fixture of \
            tools/peer/fixture.yaml). Runs until interrupted.

            Examples:
              rongwire peer --port 0
              rongwire peer --fixture tools/peer/fixture.yaml --manual-clock
              rongwire peer --faults drop=0.01,dup=0.01,delay=0.05:20ms,reorder=0.01,cut=0.0005 --seed 7

            With --port 0, give clients the printed URL: rongwire peer-client --url URL …
            """
    )

    @Option(help: "Address to bind. Not loopback: a warning, since /state and /control/… have no authentication.")
    var host = "127.0.0.1"

    @Option(help: "Port to bind (0 picks a free one and prints it).")
    var port = 8900

    @Option(help: ArgumentHelp("Fixture YAML (users, tokens, groups, chatrooms, app settings).", valueName: "FILE"))
    var fixture: String?

    @Option(help: "Flag semantics: current (seed 000, the default) or legacy2021 (seed 001); overrides the fixture.")
    var profile: PersistenceProfile?

    @Flag(help: "Use a clock that POST /control/advance?by=8d moves forward.")
    var manualClock = false

    @Flag(help: "Navigation says openAnti: 1, so RongIMLib 5.x connects with protocol version 4; also after POST /control/reset (otherwise the fixture's app.navigation.openAnti).")
    var openAnti = false

    @Option(help: ArgumentHelp("Faults on server packets: drop=P,dup=P,delay=P:MAXms,reorder=P,cut=P[,users=a|b][,seed=N].", valueName: "SPEC"), transform: FaultPlan.argument)
    var faults: FaultPlan?

    @Option(help: "Seed for UIDs, and for fault decisions unless --faults names its own seed=N.")
    var seed: UInt64 = 1

    @Option(help: "Largest packet (WebSocket message) accepted from a client, in bytes.")
    var maxFrameSize = 131_072 + 8_192

    @Option(help: "Packets queued to one connection before it is cut as a slow consumer.")
    var maxQueued = 8_192

    @Option(help: ArgumentHelp(
        "Bytes queued to one connection before it is cut as a slow consumer (pull and history replies are pages of at most a quarter of this, 2 MB at most).",
        valueName: "BYTES"))
    var maxQueuedBytes = 16 << 20

    @Option(help: ArgumentHelp(
        "Time from accepting a connection to the end of its request head (HTTP request or WebSocket upgrade): seconds, or 500ms, 1m, …; then 408 and closed (default 10s).",
        valueName: "DURATION"), transform: PeerDuration.argument(.seconds))
    var headerTimeout = PeerConfiguration().headerTimeout

    @Option(help: ArgumentHelp("Time from a request head to the end of its body; then 408 and closed (default 30s).", valueName: "DURATION"),
            transform: PeerDuration.argument(.seconds))
    var bodyTimeout = PeerConfiguration().bodyTimeout

    @Option(help: ArgumentHelp("Time a WebSocket connection may send no frame (RongIMLib 5.x pings every 15 s, engine 0.1.0 every 30 s); then close 1001 (default 5m; 0: never).", valueName: "DURATION"),
            transform: PeerDuration.argument(.seconds))
    var idleTimeout = PeerConfiguration().idleTimeout

    @Option(help: ArgumentHelp(
        "Connections open at once; at the limit a new one evicts the oldest that has not finished a request, or is closed (also kept 64 below the descriptor limit; default 4096).",
        valueName: "N"))
    var maxConnections = PeerConfiguration().maxConnections

    @Option(help: ArgumentHelp("Largest HTTP request head (request line and header fields, also the WebSocket upgrade); 431 and closed above it.", valueName: "BYTES"))
    var maxRequestHeadBytes = PeerConfiguration().maxRequestHeadBytes

    @Option(help: ArgumentHelp("Largest HTTP request body (the fixture YAML of POST /control/reset); 413 and closed above it.", valueName: "BYTES"))
    var maxRequestBodyBytes = PeerConfiguration().maxRequestBodyBytes

    @Option(help: ArgumentHelp("Messages one connection may send per second, all types (the service allows 5; error 20604); 0: no limit. Overrides the fixture's app.sendRate.", valueName: "N"))
    var sendRate: Int?

    @Option(help: "Log level.")
    var logLevel: LogLevelOption = .info

    @Option(help: ArgumentHelp("Add users load0 … loadN-1 (token = id) for rongwire peer-load --url.", valueName: "N"))
    var generateUsers: Int?

    @Option(help: "Event loop threads (default: one per core).")
    var threads: Int?

    func run() async throws {
        var config = PeerConfiguration()
        config.host = host
        config.port = port
        do throws(PeerFileError) {
            config.fixture = try fixture.map { f throws(PeerFileError) in try PeerFixture.load(file: f) } ?? PeerFixture.demo
        } catch {
            CLIIO.printStderr(error.description)
            throw ExitCode(2)
        }
        if let generateUsers {
            guard (0...10_000_000).contains(generateUsers) else { throw ValidationError("--generate-users must be 0...10000000") }
            config.fixture.generateUsers(prefix: "load", count: generateUsers)
        }
        if let profile { config.fixture.app.profile = profile }
        config.openAnti = openAnti
        if let sendRate {
            guard sendRate >= 0 else { throw ValidationError("--send-rate must be 0 (no limit) or more") }
            config.fixture.app.sendRate = sendRate
        }
        if manualClock { config.clock = ManualClock() }
        if let faults { config.faults = faults }
        // A seed= inside --faults wins; --seed seeds the faults only when the plan has none.
        config.faults = config.faults.seeded(default: seed)
        config.seed = seed
        guard (256...(64 << 20)).contains(maxFrameSize) else { throw ValidationError("--max-frame-size must be 256...67108864 bytes") }
        config.maxFrameSize = maxFrameSize
        config.maxQueued = maxQueued
        guard maxQueuedBytes >= 65_536, maxQueued >= 1 else { throw ValidationError("--max-queued-bytes must be at least 65536 and --max-queued at least 1") }
        config.maxQueuedBytes = maxQueuedBytes
        guard headerTimeout > .zero, bodyTimeout > .zero else { throw ValidationError("--header-timeout and --body-timeout must be more than 0") }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1") }
        config.headerTimeout = headerTimeout
        config.bodyTimeout = bodyTimeout
        config.idleTimeout = idleTimeout
        config.maxConnections = maxConnections
        guard (1_024...(1 << 20)).contains(maxRequestHeadBytes) else { throw ValidationError("--max-request-head-bytes must be 1024...1048576") }
        guard (1_024...(256 << 20)).contains(maxRequestBodyBytes) else { throw ValidationError("--max-request-body-bytes must be 1024...268435456") }
        config.maxRequestHeadBytes = maxRequestHeadBytes
        config.maxRequestBodyBytes = maxRequestBodyBytes
        config.logger = PeerLogHandler.logger(level: logLevel.level)
        if let threads {
            guard (1...256).contains(threads) else { throw ValidationError("--threads must be 1...256") }
            config.threads = threads
        }
        if !Self.isLoopback(host) {
            CLIIO.printStderr("warning: --host \(host) is not a loopback address: GET /state and POST /control/reset, /control/faults "
                + "and /control/advance have no authentication, so anyone who reaches the port can read the state (push texts included), reset the peer "
                + "or inject faults. Bind 127.0.0.1 unless the peer runs on a network only tests can reach.")
        }
        let peer = try await PeerServer.start(config)
        let f = config.fixture
        CLIIO.printStdout("rongwire peer listening on \(peer.url)")
        CLIIO.printStdout("  state:    \(peer.httpURL)/state")
        CLIIO.printStdout("  app key:  \(f.app.appKey ?? "(any)")   profile: \(f.app.profile.rawValue)   faults: \(config.faults)\(manualClock ? "   clock: manual" : "")")
        let shown = f.users.values.sorted { $0.id < $1.id }.prefix(12)
        CLIIO.printStdout("  users:    " + shown.map { "\($0.id) (\($0.tokens.first ?? "-"))" }.joined(separator: ", ")
            + (f.users.count > shown.count ? ", … (\(f.users.count) in all)" : ""))
        if !f.groups.isEmpty { CLIIO.printStdout("  groups:   " + f.groups.keys.sorted().joined(separator: ", ")) }
        if !f.chatrooms.isEmpty { CLIIO.printStdout("  chatrooms: " + f.chatrooms.sorted().joined(separator: ", ")) }
        if !f.ultragroups.isEmpty { CLIIO.printStdout("  ultragroups: " + f.ultragroups.keys.sorted().joined(separator: ", ")) }
        try await peer.waitUntilClosed()
    }

    /// Whether `host` names a loopback address (127.0.0.0/8, ::1, localhost).
    static func isLoopback(_ host: String) -> Bool {
        let h = host.lowercased()
        return h == "localhost" || h == "::1" || h == "[::1]" || h.hasPrefix("127.")
    }
}
