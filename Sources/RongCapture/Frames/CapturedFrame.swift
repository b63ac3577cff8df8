// Sources/RongCapture/Frames/CapturedFrame.swift - one WebSocket frame and one connection, as a capture holds them

import RongEnvelope

/// A WebSocket opcode (RFC 6455 § 5.2) as a capture records it: the proxy's log names it, a
/// HAR gives its number.
public struct CaptureOpcode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The opcode, 0-15.
    public let rawValue: UInt8

    /// The opcode `rawValue` (its low four bits).
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x0F }

    /// 0: the next fragment of a text or binary message.
    public static let continuation = CaptureOpcode(rawValue: 0)
    /// 1: UTF-8 text (no RMTP packet).
    public static let text = CaptureOpcode(rawValue: 1)
    /// 2: binary: one RMTP packet per message.
    public static let binary = CaptureOpcode(rawValue: 2)
    /// 8: close (a 2-byte code and a reason).
    public static let close = CaptureOpcode(rawValue: 8)
    /// 9: ping.
    public static let ping = CaptureOpcode(rawValue: 9)
    /// 10: pong.
    public static let pong = CaptureOpcode(rawValue: 10)

    private static let names: [UInt8: String] = [0: "continuation", 1: "text", 2: "binary", 8: "close", 9: "ping", 10: "pong"]

    /// The opcode's name in a log line: `binary`, `text`, `close`, `ping`, `pong`,
    /// `continuation`, or `opcode-N` for a reserved one.
    public var name: String { Self.names[rawValue] ?? "opcode-\(rawValue)" }

    /// The opcode a log line names (``name``); nil for any other text.
    public init?(name: String) {
        if let (code, _) = Self.names.first(where: { $0.value == name }) {
            self.init(rawValue: code)
        } else if name.hasPrefix("opcode-"), let n = UInt8(name.dropFirst(7)), n < 16 {
            self.init(rawValue: n)
        } else {
            return nil
        }
    }

    /// Close, ping and pong (RFC 6455 § 5.5).
    public var isControl: Bool { rawValue & 0x08 != 0 }

    public var description: String { name }
}

/// One WebSocket frame as it crossed the proxy, or one message a browser recorded: its time, its
/// connection, who sent it, and its payload unmasked. The proxy records every frame as relayed
/// (fragments one by one, control frames included); a browser's HAR has whole messages.
public struct CapturedFrame: Hashable, Sendable {
    /// Seconds since 1970-01-01 UTC (a HAR's `time`); the proxy's clock when it read the frame.
    public var time: Double
    /// The connection's number in the capture (the proxy counts from 1; a HAR's WebSocket
    /// entries in order).
    public var connection: Int
    /// Who sent it: the client (a HAR's `send`) or the server (`receive`).
    public var from: Side
    /// The opcode.
    public var opcode: CaptureOpcode
    /// The FIN bit: false on all but the last fragment of a message.
    public var fin: Bool
    /// The payload, unmasked.
    public var payload: [UInt8]

    /// A frame.
    public init(time: Double, connection: Int, from: Side, opcode: CaptureOpcode, fin: Bool = true, payload: [UInt8]) {
        self.time = time
        self.connection = connection
        self.from = from
        self.opcode = opcode
        self.fin = fin
        self.payload = payload
    }
}

/// One WebSocket connection of a capture: when it opened, the path and decoded query of its
/// upgrade request (where the SDK puts `appId`, `token`, `sdkVer`, `protocolVer`), and the
/// server it went to.
public struct CapturedConnection: Hashable, Sendable {
    /// The connection's number (``CapturedFrame/connection``).
    public var id: Int
    /// Seconds since 1970-01-01 UTC.
    public var time: Double
    /// The request path (`/websocket`).
    public var path: String
    /// The query parameters, decoded.
    public var query: [String: String]
    /// The server: `ws://HOST:PORT` or `wss://HOST:PORT` (the proxy's upstream, or a HAR URL's
    /// scheme and host); nil when unknown.
    public var upstream: String?

    /// A connection.
    public init(id: Int, time: Double, path: String, query: [String: String], upstream: String? = nil) {
        self.id = id
        self.time = time
        self.path = path
        self.query = query
        self.upstream = upstream
    }

    /// The RMTP version the client asked for: `protocolVer=4` in the URL (RongIMLib 5.x when
    /// navigation says `openAnti: 1`) is 4, anything else 3. Only a CONNACK's layout depends on it.
    public var protocolVersion: UInt8 { query["protocolVer"] == "4" ? 4 : 3 }

    /// Whether the URL is a RongCloud SDK's: it names both `appId` and `token` (ENGINE 0.1.0 and
    /// RongIMLib 5.x, `…/websocket?appId=…&token=…`). A HAR's other sockets are listed and skipped.
    public var isRongCloud: Bool { query["appId"] != nil && query["token"] != nil }
}
