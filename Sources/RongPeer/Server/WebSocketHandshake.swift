// Sources/RongPeer/Server/WebSocketHandshake.swift - the server's opening-handshake checks (RFC 6455 § 4.2.1) and its refusals

import NIOHTTP1
import RongSupport

/// What the peer requires of a WebSocket opening handshake beyond what NIO's upgrader checks
/// (one `Sec-WebSocket-Key`, `Sec-WebSocket-Version: 13`), and how it refuses one: RFC 6455
/// § 4.2.1 asks for a GET, `Upgrade: websocket`, `Connection: Upgrade`, and a key that is 16
/// bytes in base64; § 4.2.2 answers a version it does not speak with 426 and the versions it
/// does (`Sec-WebSocket-Version: 13`), anything else wrong with 400.
///
/// The same check runs twice: in the upgrader's `shouldUpgrade` (so a bad handshake is never
/// upgraded) and in ``PeerHTTPHandler`` (which then receives the request as plain HTTP and
/// answers it with the refusal). The recording proxy (RongProxy) checks its clients the same way.
package enum WebSocketHandshake {
    /// An answer to a request that is not a valid opening handshake.
    package struct Refusal: Equatable {
        package var status: HTTPResponseStatus
        package var message: String
        /// Extra response header fields (426 names the supported version).
        package var headers: [(String, String)] = []

        package static func == (a: Refusal, b: Refusal) -> Bool {
            a.status == b.status && a.message == b.message && a.headers.map { "\($0.0): \($0.1)" } == b.headers.map { "\($0.0): \($0.1)" }
        }
    }

    /// Whether the request asks for a WebSocket (`Upgrade` names `websocket`).
    package static func isUpgrade(_ head: HTTPRequestHead) -> Bool {
        head.headers[canonicalForm: "upgrade"].contains { $0.lowercased() == "websocket" }
    }

    /// The refusal for an upgrade request the peer does not accept, or nil for a valid one.
    package static func refusal(for head: HTTPRequestHead) -> Refusal? {
        let versionHeaders = [("Sec-WebSocket-Version", "13")]
        guard head.method == .GET else {
            return Refusal(status: .badRequest, message: "a WebSocket upgrade must be a GET, not \(head.method) (RFC 6455 § 4.1)")
        }
        guard head.version == .http1_1 else {
            return Refusal(status: .badRequest, message: "a WebSocket upgrade needs HTTP/1.1 (RFC 6455 § 4.1)")
        }
        let connection = head.headers[canonicalForm: "connection"].map { $0.lowercased() }
        guard connection.contains("upgrade") else {
            return Refusal(status: .badRequest, message: "a WebSocket upgrade needs `Connection: Upgrade` (RFC 6455 § 4.1)")
        }
        let versions = head.headers[canonicalForm: "sec-websocket-version"]
        guard versions.count == 1, versions[0] == "13" else {
            let given = versions.isEmpty ? "none" : versions.joined(separator: ", ")
            return Refusal(
                status: .upgradeRequired, message: "Sec-WebSocket-Version \(given) is not supported; the peer speaks 13 (RFC 6455 § 4.4)",
                headers: versionHeaders)
        }
        let keys = head.headers[canonicalForm: "sec-websocket-key"]
        guard keys.count == 1 else {
            return Refusal(status: .badRequest, message: "a WebSocket upgrade needs exactly one Sec-WebSocket-Key, not \(keys.count)")
        }
        guard isValidKey(String(keys[0])) else {
            return Refusal(status: .badRequest, message: "Sec-WebSocket-Key must be 16 bytes in base64 (24 characters), not `\(keys[0].prefix(40))` (RFC 6455 § 4.1)")
        }
        return nil
    }

    /// A plain request for the WebSocket endpoint (no `Upgrade`): 426 with what to send.
    package static func upgradeRequired(path: String) -> Refusal {
        Refusal(
            status: .upgradeRequired, message: "\(path) is the WebSocket endpoint: send a WebSocket upgrade (GET, Upgrade: websocket, Sec-WebSocket-Version: 13)",
            headers: [("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13")])
    }

    /// Whether `key` is the base64 form of exactly 16 bytes: 24 characters, the last two `==`.
    package static func isValidKey(_ key: String) -> Bool {
        // 24 characters without whitespace (ByteText skips whitespace, a header value must not have any).
        guard key.utf8.count == 24, key.utf8.allSatisfy({ $0 > 0x20 }), let bytes = ByteText.bytes(base64: key) else { return false }
        return bytes.count == 16
    }
}
