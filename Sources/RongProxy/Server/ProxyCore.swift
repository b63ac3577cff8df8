// Sources/RongProxy/Server/ProxyCore.swift - what every connection of a proxy shares: configuration, TLS, limits, log, counters, navigation

import NIOCore
import NIOHTTP1
import RongCapture
import RongPeer

/// The state a proxy's connections share (safe from any event loop).
final class ProxyCore: Sendable {
    let configuration: ProxyConfiguration
    let tls: ProxyTLS?
    let limiter: ConnectionLimiter
    let log: ProxyLog
    let counters = ProxyCounters()
    let navigation = NavigationMemory()

    init(configuration: ProxyConfiguration, log: ProxyLog) throws {
        self.configuration = configuration
        self.log = log
        // One TLS context for every upstream connection and navigation request.
        tls = try ProxyTLS(extraTrustRoots: configuration.extraTrustRoots)
        limiter = ConnectionLimiter(maxConnections: configuration.maxConnections)
    }

    /// `ws://127.0.0.1:8900` or `the servers navigation names`, for messages.
    var upstreamDescription: String {
        switch configuration.upstream {
        case .webSocket(let url): "\(url.scheme)://\(url.authority)"
        case .navigator(let url): "the servers \(url) names"
        }
    }

    /// Where a WebSocket with this query goes, in the order to try: the fixed upstream, or the
    /// servers navigation named for its app and token (`wss://` when the navigator is HTTPS).
    func upstreams(query: [String: String]) -> [ProxyURL] {
        switch configuration.upstream {
        case .webSocket(let url):
            return [url]
        case .navigator(let navigator):
            let scheme = navigator.isTLS ? "wss" : "ws"
            return navigation.servers(appId: query["appId"], token: query["token"]).map {
                ProxyURL(scheme: scheme, host: $0.host, port: $0.port ?? (navigator.isTLS ? 443 : 80))
            }
        }
    }

    /// The answer the app gets for a navigator's answer: a 200 that names servers, with the
    /// proxy in their place (the servers remembered for the app and token); anything else as it
    /// came.
    func rewrite(_ answer: FetchedAnswer, proxyAddress: String, appId: String?, token: String?) -> ProxyHTTPHandler.Response {
        let cors = [("Access-Control-Allow-Origin", "*")]
        if answer.status == .ok, let parsed = try? NavigationAnswer(parsing: answer.body) {
            let servers = parsed.servers.compactMap(NavigationServer.init)
            if !servers.isEmpty {
                navigation.remember(servers, appId: appId, token: token)
                counters.navigationsRewritten.add(1, ordering: .relaxed)
                configuration.logger.info("navigation for appId \(appId ?? "-"): \(servers.map(\.description).joined(separator: ", ")) → \(proxyAddress)")
                return ProxyHTTPHandler.Response(
                    status: .ok, contentType: answer.contentType ?? "application/javascript", body: parsed.rewritten(server: proxyAddress), headers: cors)
            }
        }
        counters.navigationsPassed.add(1, ordering: .relaxed)
        configuration.logger.info("navigation answer passed on unchanged: HTTP \(answer.status.code)")
        return ProxyHTTPHandler.Response(status: answer.status, contentType: answer.contentType ?? "text/plain", body: answer.body, headers: cors)
    }
}

/// One accepted connection's state, on its event loop: an upgrade waiting for its upstream,
/// why none took it, and the relayed session once one did.
final class ProxyConnectionState {
    /// The upgrade is waiting for the upstream (the header timeout does not apply).
    var upgrading = false
    /// Why the upgrade was refused (the 502's message).
    var upstreamFailure: String?
    var session: RelaySession?
    var upstream: ProxyURL?
    /// When the client's upgrade request came.
    var requestTime = 0.0
}
