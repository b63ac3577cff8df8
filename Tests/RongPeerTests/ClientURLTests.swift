// Tests/RongPeerTests/ClientURLTests.swift - the client's --url: host, port and path, or a refusal

import Testing

@testable import RongPeer

@Suite("Client: the peer's URL")
struct ClientURLTests {
    @Test("host, port and path of a URL", arguments: [
        ("ws://127.0.0.1:8900/websocket", "127.0.0.1", 8900, "/websocket"),
        ("ws://127.0.0.1:8900", "127.0.0.1", 8900, "/websocket"),
        ("http://localhost:1/ws?appId=x", "localhost", 1, "/ws"),
        ("ws://[::1]:65535/", "::1", 65535, "/"),
        ("127.0.0.1:8900/?", "127.0.0.1", 8900, "/"),
    ])
    func endpoint(_ url: String, _ host: String, _ port: Int, _ path: String) throws {
        let e = try PeerClientOptions(url: url, token: "t").endpoint()
        #expect(e.host == host && e.port == port && e.path == path)
    }

    /// A port past 16 bits was cut by the socket (99999999 connected to 57599, 65536 to 0).
    @Test("refused: no port, a port outside 1...65535, a blank host", arguments: [
        "ws://127.0.0.1/websocket", "ws://127.0.0.1:", "ws://127.0.0.1:0", "ws://127.0.0.1:65536", "ws://127.0.0.1:99999999",
        "ws://127.0.0.1:-1", "ws://127.0.0.1:99999999999999999999", "ws://:8900", "ws://[]:8900", "", ":",
    ])
    func refused(_ url: String) {
        #expect(throws: PeerClientError.self) { try PeerClientOptions(url: url, token: "t").endpoint() }
    }
}
