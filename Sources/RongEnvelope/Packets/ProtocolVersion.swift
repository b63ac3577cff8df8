// Sources/RongEnvelope/Packets/ProtocolVersion.swift - the RMTP version a connection negotiated

/// The protocol version of a connection: the `protocolVer` a Web SDK puts in its WebSocket URL
/// (`…/websocket?…&protocolVer=4`). RongIMLib 5.x asks for 4 when navigation says `openAnti: 1`
/// and for 3 otherwise; engine 0.1.0 sends no `protocolVer` and speaks 3.
///
/// Only the CONNACK's layout depends on it (spec/envelope.md ENV-PKT-002, ENV-PKT-013): nothing
/// in the packet says which layout it has, so whoever decodes a server's frames must be told the
/// connection's version. Every other packet reads the same in both.
///
/// ```swift
/// let ack = try Packet.decode(frame, from: .server, protocol: .v4)
/// ```
public enum ProtocolVersion: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Version 3: a CONNACK's tail is userId, sessionId and timestamp, all three (engine 0.1.0,
    /// RongIMLib 5.x without `openAnti`).
    case v3 = 3
    /// Version 4: a CONNACK's tail is a flags byte, then the fields it names (RongIMLib 5.x with
    /// `openAnti: 1`; `readMessage` of its CONNACK class, offset 236523 of RongIMLib-5.7.2.prod.js).
    case v4 = 4

    /// `3` or `4`.
    public var description: String { String(rawValue) }
}
