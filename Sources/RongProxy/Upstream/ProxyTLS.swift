// Sources/RongProxy/Upstream/ProxyTLS.swift - TLS to the upstream: the system's trust store, and a named test CA if asked

import NIOCore
import NIOSSL

/// The proxy's TLS client side (swift-nio-ssl): full verification against the system's trust
/// store, plus the CA certificates of ``ProxyConfiguration/extraTrustRoots`` when given (a test
/// server's CA; `--insecure-ca`). There is no way to turn verification off.
struct ProxyTLS: Sendable {
    let context: NIOSSLContext

    init(extraTrustRoots: [String]) throws {
        var c = TLSConfiguration.makeClientConfiguration()
        c.additionalTrustRoots = extraTrustRoots.map { .file($0) }
        context = try NIOSSLContext(configuration: c)
    }

    /// The handler for a connection to `host`: SNI and the name checked are `host`, unless it is
    /// an IP address (SNI takes names only; the address is checked against the certificate's).
    func handler(host: String) throws -> NIOSSLClientHandler {
        try NIOSSLClientHandler(context: context, serverHostname: Self.isAddress(host) ? nil : host)
    }

    static func isAddress(_ host: String) -> Bool {
        host.contains(":") || host.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
    }
}
