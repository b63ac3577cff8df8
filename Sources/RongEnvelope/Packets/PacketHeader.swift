// Sources/RongEnvelope/Packets/PacketHeader.swift - the fixed header byte

/// The operation type in bits 7-4 of the header byte (ENGINE `OPERATE_TYPE`, WEBv2 `enum Type`).
/// All sixteen values have a name; which ones RongWire decodes is ``isSupported``.
public enum PacketType: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// 0: private-cloud encryption negotiation (ENGINE only; layout unpublished). Not decoded.
    case symmetric = 0
    /// 1: connect (native TCP only; WebSocket clients authenticate in the URL).
    case connect = 1
    /// 2: the server's answer to the connection.
    case connAck = 2
    /// 3: a message: client → server (send) or server → client (push).
    case publish = 3
    /// 4: acknowledges a PUBLISH; the body differs by direction.
    case pubAck = 4
    /// 5: a request (client → server).
    case query = 5
    /// 6: the answer to a QUERY.
    case queryAck = 6
    /// 7: the client confirms a QUERYACK.
    case queryCon = 7
    /// 8: MQTT SUBSCRIBE, unused. Not decoded.
    case subscribe = 8
    /// 9: MQTT SUBACK, unused. Not decoded.
    case subAck = 9
    /// 10: MQTT UNSUBSCRIBE, unused. Not decoded.
    case unsubscribe = 10
    /// 11: MQTT UNSUBACK, unused. Not decoded.
    case unsubAck = 11
    /// 12: keep-alive request (client → server), header only.
    case pingReq = 12
    /// 13: keep-alive answer (server → client), header only.
    case pingResp = 13
    /// 14: the connection ends.
    case disconnect = 14
    /// 15: reserved. Not decoded.
    case reserved = 15

    /// The upper-case name used in the packet JSON form (`"PUBLISH"`).
    public var name: String {
        switch self {
        case .symmetric: "SYMMETRIC"
        case .connect: "CONNECT"
        case .connAck: "CONNACK"
        case .publish: "PUBLISH"
        case .pubAck: "PUBACK"
        case .query: "QUERY"
        case .queryAck: "QUERYACK"
        case .queryCon: "QUERYCON"
        case .subscribe: "SUBSCRIBE"
        case .subAck: "SUBACK"
        case .unsubscribe: "UNSUBSCRIBE"
        case .unsubAck: "UNSUBACK"
        case .pingReq: "PINGREQ"
        case .pingResp: "PINGRESP"
        case .disconnect: "DISCONNECT"
        case .reserved: "RESERVED"
        }
    }

    /// The type with this ``name``.
    public init?(name: String) {
        guard let t = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = t
    }

    public var description: String { name }

    /// Whether RongWire decodes and encodes packets of this type (not 0, 8-11 or 15).
    public var isSupported: Bool {
        switch self {
        case .symmetric, .subscribe, .subAck, .unsubscribe, .unsubAck, .reserved: false
        default: true
        }
    }

    /// Whether `side` ever sends this type. PUBLISH and PUBACK travel both ways with different
    /// bodies; DISCONNECT both ways with the same body (WEBv2 has a writer, ENGINE a reader).
    public func isSent(by side: Side) -> Bool {
        switch self {
        case .publish, .pubAck, .disconnect: true
        case .connect, .query, .queryCon, .pingReq: side == .client
        case .connAck, .queryAck, .pingResp: side == .server
        default: false
        }
    }
}

/// The QoS field (bits 2-1). All four values occur; 3 is ENGINE's `DEFAULT`.
public enum QoS: UInt8, Hashable, Sendable, CaseIterable {
    /// 0.
    case atMostOnce = 0
    /// 1: what a client PUBLISH uses (ENV-QOS-001).
    case atLeastOnce = 1
    /// 2.
    case exactlyOnce = 2
    /// 3: ENGINE's `DEFAULT`.
    case `default` = 3
}

/// The fixed header byte: type (bits 7-4), dup (bit 3), QoS (bits 2-1), retain (bit 0).
///
/// Every one of the 256 byte values decodes to a header, and encoding gives the byte back; whether
/// the type is supported is decided when the packet body is decoded. On a server PUBLISH the dup
/// bit means "sync message": the user's own message, sent from another device (ENGINE `syncMsg`).
public struct PacketHeader: Hashable, Sendable, CustomStringConvertible {
    /// Bits 7-4.
    public var type: PacketType
    /// Bit 3; on a server PUBLISH, the sync-message bit (``isSyncMessage``).
    public var dup: Bool
    /// Bits 2-1.
    public var qos: QoS
    /// Bit 0.
    public var retain: Bool

    /// A header from its fields; the flags default to zero.
    public init(type: PacketType, dup: Bool = false, qos: QoS = .atMostOnce, retain: Bool = false) {
        self.type = type
        self.dup = dup
        self.qos = qos
        self.retain = retain
    }

    /// Splits a header byte into its fields.
    public init(byte: UInt8) {
        // A 4-bit value always names a case and a 2-bit value always names a QoS.
        type = PacketType(rawValue: byte >> 4)!
        dup = byte & 0x08 != 0
        qos = QoS(rawValue: (byte >> 1) & 0x03)!
        retain = byte & 0x01 != 0
    }

    /// The header byte.
    public var byte: UInt8 {
        type.rawValue << 4 | (dup ? 0x08 : 0) | qos.rawValue << 1 | (retain ? 0x01 : 0)
    }

    /// The dup bit read as ENGINE reads it on a server PUBLISH: the user's own message from
    /// another device, surfaced after the server's PUBACK.
    public var isSyncMessage: Bool { dup }

    public var description: String {
        "\(type.name)(dup: \(dup), qos: \(qos.rawValue), retain: \(retain))"
    }
}
