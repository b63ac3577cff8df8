// Sources/RongProxy/Server/ProxyConfiguration.swift - how to run the recording proxy

import Logging
import NIOCore
import RongCapture
import RongPeer

/// How to run a ``ProxyServer``.
public struct ProxyConfiguration: Sendable {
    /// Where the proxy sends what its clients send.
    public enum Upstream: Sendable, Hashable {
        /// Every WebSocket goes to this server (`ws://` or `wss://`), with the client's own path
        /// and query; navigation is not served.
        case webSocket(ProxyURL)
        /// Navigation requests (`/navi.js`, `/cometnavi.js`, `/navi.json`) go to this navigator
        /// (`http://` or `https://`) with the app's own query; the answer's servers become the
        /// WebSocket upstreams (`wss://` for an `https://` navigator, `ws://` otherwise), and the
        /// app is told to connect to the proxy.
        case navigator(ProxyURL)
    }

    /// Address to bind; loopback by default.
    public var host = "127.0.0.1"
    /// Port to bind; 0 picks a free one.
    public var port = 0
    /// Where traffic goes.
    public var upstream: Upstream
    /// PEM files of CA certificates to trust besides the system's, for a test server's
    /// certificate (`--insecure-ca`). Verification stays on: the certificate must chain to a
    /// trusted CA and name the host.
    public var extraTrustRoots: [String] = []
    /// The largest WebSocket frame relayed, either way (a larger one ends the connection with
    /// close 1009 to the client). The peer takes 139,264-byte packets; pull replies are larger.
    public var maxFrameSize = 16 << 20
    /// Connections open at once (the peer's rule: at the limit the oldest connection that has
    /// not finished its request is evicted, else the new one is closed).
    public var maxConnections = 1_024
    /// Largest request head, in bytes (431 above it).
    public var maxRequestHeadBytes = 16_384
    /// Time from accepting a connection to the end of its request head (408 after it).
    public var headerTimeout = PeerDuration(milliseconds: 10_000)!
    /// Time to reach the upstream: TCP, TLS and its WebSocket upgrade, or a navigation answer
    /// (502 or 504 after it).
    public var upstreamTimeout = PeerDuration(milliseconds: 10_000)!
    /// Time a relayed connection may carry no frame in either direction before the proxy closes
    /// both ends; ``PeerDuration/zero``: never (the SDKs ping every 15 to 30 s).
    public var idleTimeout = PeerDuration(milliseconds: 600_000)!
    /// Bytes of frames the log may hold before it drops (and counts) what comes next; the relay
    /// never waits for the log.
    public var logBufferBytes = 64 << 20
    /// Event loop threads.
    public var threads = System.coreCount
    /// Where connections, refusals and errors are reported.
    public var logger = PeerLogHandler.logger(level: .warning)

    /// A proxy on loopback (a free port) to `upstream`.
    public init(upstream: Upstream) {
        self.upstream = upstream
    }
}

/// An upstream URL: `ws://`, `wss://`, `http://` or `https://`, a host, an optional port and an
/// optional path (`wss://ws.example.com:443/websocket`, `https://nav.example.com`).
public struct ProxyURL: Sendable, Hashable, CustomStringConvertible {
    /// `ws`, `wss`, `http` or `https`.
    public var scheme: String
    /// The host (an IPv6 address without brackets).
    public var host: String
    /// The port (the scheme's when the URL has none: 80 or 443).
    public var port: Int
    /// The path, without a trailing `/` (`""` for none).
    public var path: String

    /// Whether the scheme is `wss` or `https`.
    public var isTLS: Bool { scheme == "wss" || scheme == "https" }

    /// Reads a URL; nil for another scheme, a query, a fragment, credentials, a bad host or port.
    public init?(_ text: String) {
        guard let mark = text.firstRange(of: "://") else { return nil }
        let scheme = text[..<mark.lowerBound].lowercased()
        guard ["ws", "wss", "http", "https"].contains(scheme) else { return nil }
        let rest = text[mark.upperBound...]
        guard !rest.contains("?"), !rest.contains("#"), !rest.contains("@") else { return nil }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        guard let server = NavigationServer(String(rest[..<slash])) else { return nil }
        self.scheme = scheme
        host = server.host
        port = server.port ?? (scheme == "wss" || scheme == "https" ? 443 : 80)
        var path = String(rest[slash...])
        while path.hasSuffix("/") { path.removeLast() }
        guard path.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        self.path = path
    }

    /// A URL from its parts.
    public init(scheme: String, host: String, port: Int, path: String = "") {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path
    }

    /// `HOST:PORT` (brackets around an IPv6 address).
    public var authority: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }

    public var description: String { "\(scheme)://\(authority)\(path)" }
}
