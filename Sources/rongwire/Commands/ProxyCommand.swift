// Sources/rongwire/Commands/ProxyCommand.swift - `rongwire proxy`: the recording WebSocket proxy

import ArgumentParser
import Dispatch
import RongCapture
import RongPeer
import RongProxy
import RongSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ProxyLogOutput.Format: ExpressibleByArgument {}

struct ProxyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proxy",
        abstract: "Run a recording WebSocket proxy between an app and the IM service (or the mock peer), logging every frame decoded.",
        discussion: """
            Point an app at the proxy instead of the service, in one of two ways:

            --navigator URL: set the app's navigator (the Web SDKs' `navigators`, a native SDK's \
            navigation server) to the proxy's http://HOST:PORT. The proxy asks URL (the service's \
            navigator, or a peer's http://127.0.0.1:8900) with the app's own query (app key, \
            token), answers with every field as it came except `server` and `backupServer`, which \
            name the proxy, and relays the WebSocket that follows to the servers the navigator \
            named (wss:// when URL is https://).

            --upstream-ws URL: no navigation; every WebSocket goes to URL (ws:// or wss://) with \
            the client's own path and query: the mock peer (ws://127.0.0.1:8900) or any server.

            Every frame is relayed byte for byte both ways (ping, pong and close too; the proxy \
            answers none itself) and decoded for the log: one JSON line per frame (time, \
            connection, from, user, opcode, the packet in the packet JSON form, each message's \
            decoded content, or a typed error for a frame that does not decode, which is relayed \
            all the same), with `open`, `close` and `dropped` lines around them. The log goes to \
            --log FILE, or to standard output; --format text shows one readable line per frame \
            on standard output (also next to --log FILE). A slow log never holds up the relay: \
            past --log-buffer bytes frames are relayed and not logged, and counted. TLS upstreams \
            are verified against the system's trust store; --insecure-ca FILE adds a test CA.

            Examples:
              rongwire proxy --upstream-ws ws://127.0.0.1:8900 --port 8901 --format text
              rongwire peer-client --url ws://127.0.0.1:8901/websocket --token alice-token --to bob --text hi
              rongwire proxy --navigator https://nav.cn.ronghub.com --log session.jsonl --format text

            Runs until interrupted (Ctrl-C), then writes what the log holds and prints the counts.
            """
    )

    @Option(help: ArgumentHelp("Relay every WebSocket to this server (ws:// or wss://); no navigation.", valueName: "URL"))
    var upstreamWs: String?

    @Option(help: ArgumentHelp("Serve navigation from this navigator (http:// or https://) and relay to the servers it names.", valueName: "URL"))
    var navigator: String?

    @Option(help: "Address to bind.")
    var host = "127.0.0.1"

    @Option(help: "Port to bind (0 picks a free one and prints it).")
    var port = 8901

    @Option(help: ArgumentHelp("Write the JSON Lines log to FILE (replaced) instead of standard output.", valueName: "FILE"))
    var log: String?

    @Option(help: "What standard output shows: json (the log's lines) or text (one readable line per frame). Default: json without --log, nothing with it.")
    var format: ProxyLogOutput.Format?

    @Option(help: ArgumentHelp("Also trust the CA certificates in FILE (PEM) for the upstream's TLS: a test CA. Verification stays on. Repeatable.", valueName: "FILE"))
    var insecureCa: [String] = []

    @Option(help: ArgumentHelp("Largest WebSocket frame relayed either way, in bytes.", valueName: "BYTES"))
    var maxFrameSize = 16 << 20

    @Option(help: ArgumentHelp("Connections open at once (the peer's eviction rule at the limit).", valueName: "N"))
    var maxConnections = 1_024

    @Option(help: ArgumentHelp("Bytes of frames the log may hold before it drops (and counts) frames.", valueName: "BYTES"))
    var logBuffer = 64 << 20

    @Option(help: ArgumentHelp("Time to a complete request head (default 10s).", valueName: "DURATION"), transform: PeerDuration.argument(.seconds))
    var headerTimeout = PeerDuration(milliseconds: 10_000)!

    @Option(help: ArgumentHelp("Time to reach the upstream: its WebSocket upgrade or a navigation answer (default 10s).", valueName: "DURATION"),
            transform: PeerDuration.argument(.seconds))
    var upstreamTimeout = PeerDuration(milliseconds: 10_000)!

    @Option(help: ArgumentHelp("Time a connection may carry no frame either way before both ends are closed (default 10m; 0: never).", valueName: "DURATION"),
            transform: PeerDuration.argument(.seconds))
    var idleTimeout = PeerDuration(milliseconds: 600_000)!

    @Option(help: "Log level of the proxy's own messages (on standard error).")
    var logLevel = LogLevelOption(.warning)

    @Option(help: "Event loop threads (default: one per core).")
    var threads: Int?

    func validate() throws {
        guard (upstreamWs == nil) != (navigator == nil) else { throw ValidationError("give exactly one of --upstream-ws URL and --navigator URL") }
        if let upstreamWs {
            guard let u = ProxyURL(upstreamWs), u.scheme == "ws" || u.scheme == "wss" else {
                throw ValidationError("--upstream-ws must be a ws:// or wss:// URL with a host (and a port): \(upstreamWs)")
            }
        }
        if let navigator {
            guard let u = ProxyURL(navigator), u.scheme == "http" || u.scheme == "https" else {
                throw ValidationError("--navigator must be an http:// or https:// URL with a host (and a port): \(navigator)")
            }
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535") }
        guard (1_024...(256 << 20)).contains(maxFrameSize) else { throw ValidationError("--max-frame-size must be 1024...268435456") }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1") }
        guard logBuffer >= 0 else { throw ValidationError("--log-buffer must not be negative") }
        guard headerTimeout > .zero, upstreamTimeout > .zero else { throw ValidationError("--header-timeout and --upstream-timeout must be more than 0") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be 1...256") }
        for file in insecureCa where !FileIO.exists(file) { throw ValidationError("--insecure-ca: no file \(file)") }
    }

    func run() async throws {
        let upstream: ProxyConfiguration.Upstream = if let upstreamWs { .webSocket(ProxyURL(upstreamWs)!) } else { .navigator(ProxyURL(navigator!)!) }
        var config = ProxyConfiguration(upstream: upstream)
        config.host = host
        config.port = port
        config.extraTrustRoots = insecureCa
        config.maxFrameSize = maxFrameSize
        config.maxConnections = maxConnections
        config.logBufferBytes = logBuffer
        config.headerTimeout = headerTimeout
        config.upstreamTimeout = upstreamTimeout
        config.idleTimeout = idleTimeout
        config.logger = logLevel.logger
        if let threads { config.threads = threads }

        var outputs: [ProxyLogOutput] = []
        var logFD: Int32 = -1
        if let log {
            do throws(FileError) {
                logFD = try FileIO.openForWriting(log)
            } catch {
                CLIIO.printStderr("error[ioError]: cannot write \(log)")
                throw ExitCode(2)
            }
            outputs.append(.fileDescriptor(logFD, format: .json))
        }
        if let shown = format ?? (log == nil ? .json : nil) { outputs.append(.fileDescriptor(1, format: shown)) }
        let proxyLog = ProxyLog(outputs: outputs, bufferBytes: logBuffer)
        let proxy: ProxyServer
        do {
            proxy = try await ProxyServer.start(config, log: proxyLog)
        } catch {
            proxyLog.finish()
            CLIIO.printStderr("error: cannot start the proxy on \(host):\(port): \(error)")
            throw ExitCode(2)
        }
        switch upstream {
        case .webSocket(let u):
            CLIIO.printStderr("rongwire proxy listening on \(proxy.url), relaying to \(u.scheme)://\(u.authority)")
        case .navigator(let u):
            CLIIO.printStderr("rongwire proxy listening on \(proxy.navigatorURL): set the app's navigator to it (navigation from \(u))")
        }
        CLIIO.printStderr("  log: \(log ?? "standard output")\(format.map { ", standard output: \($0.rawValue)" } ?? "")")
        let stop = Self.stopOnSignals { Task { try? await proxy.stop() } }
        try? await proxy.waitUntilClosed()
        try? await proxy.stop()
        proxyLog.finish()
        if logFD >= 0 { FileIO.closeDescriptor(logFD) }
        let c = proxy.counts
        let l = proxyLog.counts
        CLIIO.printStderr("relayed \(c.connections) connections: \(c.clientFrames) frames from clients (\(c.clientBytes) bytes), "
            + "\(c.serverFrames) from the upstream (\(c.serverBytes) bytes); \(c.upstreamFailures) upgrades refused for want of an upstream, "
            + "\(c.errors) connections ended by an error; navigation: \(c.navigationsRewritten) rewritten, \(c.navigationsPassed) passed on")
        CLIIO.printStderr("log: \(l.written) frames written, \(l.dropped) dropped (\(l.droppedBytes) bytes)")
        withExtendedLifetime(stop) {}
    }

    /// Runs `handler` on the first SIGINT or SIGTERM (the signals' default action is off while
    /// the sources live).
    static func stopOnSignals(_ handler: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { s in
            signal(s, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: s, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }
}
