// Sources/RongEnvelope/Packets/Side.swift - who sent a packet

/// One end of a connection. Packet layouts depend on who sent the packet, so decoding and
/// encoding always name the sender: `Packet.decode(bytes, from: .server)`.
public enum Side: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The SDK (client → server packets).
    case client
    /// The IM server (server → client packets).
    case server

    public var description: String { rawValue }
}
