// Tests/RongProxyTests/Support/ProxyHarness.swift - a peer, a proxy and a tap on each side of it, on loopback

import NIOCore
import NIOPosix
import NIOSSL
import RongCapture
import RongCodec
import RongEnvelope
import RongPeer
import RongSupport
import RongTestSupport
import Synchronization

@testable import RongProxy

/// Lines a log output received, kept in memory.
final class LogCollector: Sendable {
    private let bytes = Mutex<[UInt8]>([])
    /// Blocks each write until opened (a log that cannot keep up at all).
    let gate: Gate?

    init(gate: Gate? = nil) { self.gate = gate }

    var output: ProxyLogOutput {
        ProxyLogOutput(format: .json) { [self] b in
            gate?.wait()
            bytes.withLock { $0 += b }
        }
    }

    /// Every line as a JSON object.
    var lines: [JSONObject] {
        let all = bytes.withLock { $0 }
        return all.split(separator: 0x0A).compactMap { try? JSONValue(parsing: $0).objectValue }
    }

    var text: [UInt8] { bytes.withLock { $0 } }
}

/// A gate a thread waits at until a test opens it.
final class Gate: Sendable {
    private let open = Mutex(false)
    func wait() {
        while !open.withLock({ $0 }) { usleepShort() }
    }
    func openIt() { open.withLock { $0 = true } }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
private func usleepShort() { usleep(2_000) }

/// client → tap1 → proxy → tap2 → peer, all on loopback: ``clientURL`` is where a client
/// connects; the taps see the bytes at both of the proxy's hops.
struct ProxyHarness {
    let peer: PeerServer
    let tap1: TCPTap
    let tap2: TCPTap
    let proxy: ProxyServer
    let log: ProxyLog
    let collector: LogCollector
    let group: MultiThreadedEventLoopGroup

    var clientURL: String { "ws://127.0.0.1:\(tap1.port)/websocket" }

    static let fixtureYAML = """
        app: {appKey: test}
        users:
          - {id: alice, token: alice-token}
          - {id: bob, token: bob-token}
          - {id: carol, token: carol-token}
        groups:
          - {id: team, members: [alice, bob, carol]}
        """

    /// The package's test certificate folder.
    static var fixtures: String { packageRoot() + "/Tests/RongProxyTests/Fixtures" }

    static func start(
        peer configure: (inout PeerConfiguration) throws -> Void = { _ in }, tlsUpstream: Bool = false, trustTestCA: Bool = true,
        logBufferBytes: Int = 64 << 20, collector: LogCollector = LogCollector()
    ) async throws -> ProxyHarness {
        var pc = PeerConfiguration()
        pc.fixture = try PeerFixture.load(yaml: fixtureYAML)
        pc.threads = 1
        pc.logger = PeerLogHandler.logger(level: nil)
        try configure(&pc)
        let peer = try await PeerServer.start(pc)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var serverTLS: NIOSSLContext?
        if tlsUpstream {
            let chain = try NIOSSLCertificate.fromPEMFile(fixtures + "/localhost.pem").map { NIOSSLCertificateSource.certificate($0) }
            let key = try NIOSSLPrivateKey(file: fixtures + "/localhost-key.pem", format: .pem)
            serverTLS = try NIOSSLContext(configuration: .makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key)))
        }
        let tap2 = try await TCPTap.start(to: peer.port, tls: serverTLS, on: group)
        let upstream = tlsUpstream ? "wss://localhost:\(tap2.port)" : "ws://127.0.0.1:\(tap2.port)"
        var config = ProxyConfiguration(upstream: .webSocket(ProxyURL(upstream)!))
        config.threads = 1
        config.logger = PeerLogHandler.logger(level: nil)
        config.logBufferBytes = logBufferBytes
        if tlsUpstream && trustTestCA { config.extraTrustRoots = [fixtures + "/test-ca.pem"] }
        let log = ProxyLog(outputs: [collector.output], bufferBytes: logBufferBytes)
        let proxy = try await ProxyServer.start(config, log: log)
        let tap1 = try await TCPTap.start(to: proxy.port, on: group)
        return ProxyHarness(peer: peer, tap1: tap1, tap2: tap2, proxy: proxy, log: log, collector: collector, group: group)
    }

    func options(_ token: String) -> PeerClientOptions {
        PeerClientOptions(url: clientURL, token: token, appId: "test")
    }

    /// Stops everything; the log is finished (every line written) before this returns.
    func stop() async throws {
        try await proxy.stop()
        log.finish()
        await tap1.stop()
        await tap2.stop()
        try await peer.stop()
        try await group.shutdownGracefully()
    }

    /// Waits until every connection through the taps has ended (closes spread over a few turns
    /// of the event loops), at most `millis`. `clean`: each ended with a close frame both ways
    /// (false for a raw client that never sends one, once it has seen its connection closed).
    func waitForQuiet(connections: Int, clean: Bool = true, millis: Int = 5_000) async {
        for _ in 0..<(millis / 20) {
            if proxy.counts.connections >= connections, tap1.connections.count >= connections, tap2.connections.count >= connections,
                !clean || tap1.connections.allSatisfy({ $0.closedCleanly }) {
                break
            }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        try? await Task.sleep(nanoseconds: 100_000_000)
    }
}

/// The frames of a log's frame lines for one connection and sender, as the wire parser would
/// show them.
func loggedFrames(_ lines: [JSONObject], connection: Int, from: String) -> [WireFrame] {
    lines.filter { $0["event"] == nil && $0["connection"]?.numberValue?.int64Value == Int64(connection) && $0["from"]?.stringValue == from }
        .map { l in
            WireFrame(
                fin: l["fin"]?.boolValue ?? true, opcode: CaptureOpcode(name: l["opcode"]?.stringValue ?? "")?.rawValue ?? 99, masked: false,
                payload: Hex.decode(l["hex"]?.stringValue ?? "") ?? [])
        }
}

/// The log's `open` lines, in order.
func openLines(_ lines: [JSONObject]) -> [JSONObject] {
    lines.filter { $0["event"]?.stringValue == "open" }
}
