// Sources/RongPeer/Client/PeerClientError.swift - why a client operation failed

import RongEnvelope

/// Why a client operation failed.
public enum PeerClientError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The URL is not `ws://HOST:PORT[/PATH]` (the URL as given).
    case badURL(String)
    /// The server answered CONNACK with this status.
    case refused(UInt8)
    /// The WebSocket upgrade was declined.
    case notUpgraded
    /// The connection is closed (DISCONNECT status, if one came).
    case disconnected(UInt8?)
    /// No answer came in time (what was awaited: `CONNACK`, `PUBACK of ppMsgP`, …).
    case timeout(String)
    /// An answer arrived but its payload is not the protobuf it should be (why).
    case invalidPayload(String)

    /// One line for people.
    public var description: String {
        switch self {
        case .badURL(let u): "bad URL \(u) (ws://HOST:PORT/websocket)"
        case .refused(let s): "connection refused: CONNACK \(s) \(ConnectResult(rawValue: s))"
        case .notUpgraded: "the server did not upgrade to WebSocket"
        case .disconnected(let s): "disconnected" + (s.map { " (DISCONNECT \($0))" } ?? "")
        case .timeout(let what): "timed out waiting for \(what)"
        case .invalidPayload(let why): "invalid payload: \(why)"
        }
    }
}
