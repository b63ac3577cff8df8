// Sources/RongEnvelope/Packets/Packet+Decoding.swift - bytes of one frame → Packet

import RongCodec

extension Packet {
    /// Decodes one packet: the whole content of one binary WebSocket message, sent by `sender`.
    ///
    /// The buffer must hold exactly one packet. Errors, with the byte offset where the problem
    /// was found: `CodecError.Code.truncated` (empty buffer, or it ends inside a field),
    /// `CodecError.Code.trailingGarbage` (bytes after a fixed-layout body),
    /// `CodecError.Code.unknownPacketType` (type 15), `CodecError.Code.unsupportedPacketType`
    /// (types 0 and 8-11), `CodecError.Code.wrongDirection` (a type `sender` never sends),
    /// `CodecError.Code.invalidString` (a header string that is neither CESU-8 nor UTF-8) and
    /// `CodecError.Code.invalidValue` (CONNECT flags with the reserved bit, or will bits without
    /// a will). The protobuf payload is not looked at here; ``jsonValue(options:)``,
    /// ``BodyJSON`` and ``InboundMessage`` decode it.
    public static func decode(_ bytes: some Collection<UInt8>, from sender: Side) throws(CodecError) -> Packet {
        try decode(Array(bytes), from: sender)
    }

    /// Decodes one packet from an array: the same as the generic version, concrete so that
    /// callers in other modules do not run unspecialized generic code.
    public static func decode(_ bytes: [UInt8], from sender: Side) throws(CodecError) -> Packet {
        var r = ByteReader(bytes)
        guard !r.isAtEnd else { throw CodecError(.truncated, "empty frame: no header byte", offset: 0) }
        let header = PacketHeader(byte: try r.u8("the header byte"))
        try checkDecodable(header.type, from: sender)
        let body: Body
        switch header.type {
        case .connect: body = .connect(try decodeConnect(&r))
        case .connAck:
            var ack = ConnAck(reserved: try r.u8("the CONNACK reserved byte"), status: try r.u8("the CONNACK status"))
            // ENGINE reads the tail only when the body is longer than its two fixed bytes.
            if !r.isAtEnd {
                ack.session = ConnAck.Session(
                    userId: try r.string("the CONNACK userId"),
                    sessionId: try r.string("the CONNACK sessionId"),
                    timestamp: try r.u64("the CONNACK timestamp"))
            }
            try r.expectEnd("CONNACK")
            body = .connAck(ack)
        case .publish where sender == .client:
            body = .publish(try decodeAddressed(&r))
        case .publish:
            let date = try r.u32("the PUBLISH date")
            let topic = try r.string("the PUBLISH topic")
            let targetId = try r.string("the PUBLISH targetId")
            let messageId = try r.u16("the PUBLISH message id")
            body = .serverPublish(ServerPublish(date: date, topic: topic, targetId: targetId, messageId: messageId, payload: r.rest()))
        case .pubAck where sender == .client:
            body = .pubAck(messageId: try r.u16("the PUBACK message id"))
            try r.expectEnd("PUBACK")
        case .pubAck:
            let ack = ServerPubAck(
                messageId: try r.u16("the PUBACK message id"),
                date: try r.u32("the PUBACK date"),
                status: try r.u16("the PUBACK status"),
                millisecond: try r.u16("the PUBACK millisecond"),
                messageUId: try r.string("the PUBACK messageUId"))
            try r.expectEnd("PUBACK")
            body = .serverPubAck(ack)
        case .query:
            body = .query(try decodeAddressed(&r))
        case .queryAck:
            let messageId = try r.u16("the QUERYACK message id")
            let date = try r.u32("the QUERYACK date")
            let status = try r.u16("the QUERYACK status")
            body = .queryAck(QueryAck(messageId: messageId, date: date, status: status, payload: r.rest()))
        case .queryCon:
            body = .queryCon(messageId: try r.u16("the QUERYCON message id"))
            try r.expectEnd("QUERYCON")
        case .pingReq:
            try r.expectEnd("PINGREQ")
            body = .pingReq
        case .pingResp:
            try r.expectEnd("PINGRESP")
            body = .pingResp
        case .disconnect:
            body = .disconnect(Disconnect(reserved: try r.u8("the DISCONNECT reserved byte"), status: try r.u8("the DISCONNECT status")))
            try r.expectEnd("DISCONNECT")
        case .symmetric, .subscribe, .subAck, .unsubscribe, .unsubAck, .reserved:
            // checkDecodable has thrown for these.
            preconditionFailure("unsupported type \(header.type) passed the check")
        }
        return Packet(body, dup: header.dup, qos: header.qos, retain: header.retain)
    }

    /// Rejects types RongWire does not decode and types the sender never sends.
    static func checkDecodable(_ type: PacketType, from sender: Side) throws(CodecError) {
        if type == .reserved {
            throw CodecError(.unknownPacketType, "packet type 15 is reserved", offset: 0)
        }
        guard type.isSupported else {
            throw CodecError(
                .unsupportedPacketType,
                "packet type \(type.rawValue) (\(type.name)) is not used by RongCloud and not decoded", offset: 0)
        }
        guard type.isSent(by: sender) else {
            throw CodecError(.wrongDirection, "a \(sender) does not send \(type.name)", offset: 0)
        }
    }

    private static func decodeAddressed(_ r: inout ByteReader) throws(CodecError) -> Publish {
        let topic = try r.string("the topic")
        let targetId = try r.string("the targetId")
        let messageId = try r.u16("the message id")
        return Publish(topic: topic, targetId: targetId, messageId: messageId, payload: r.rest())
    }

    private static func decodeConnect(_ r: inout ByteReader) throws(CodecError) -> Connect {
        let protocolId = try r.string("the CONNECT protocolId")
        let version = try r.u8("the CONNECT protocolVersion")
        let flagsOffset = r.offset
        let flags = try r.u8("the CONNECT flags")
        let hasWill = flags & 0x04 != 0
        // Strict on bits that cannot be represented otherwise, so decode → encode is exact.
        if flags & 0x01 != 0 {
            throw CodecError(.invalidValue, "CONNECT flags bit 0 is reserved and must be zero", offset: flagsOffset)
        }
        if !hasWill && flags & 0x38 != 0 {
            throw CodecError(.invalidValue, "CONNECT will QoS or retain bits set without the will flag", offset: flagsOffset)
        }
        let keepAlive = try r.u16("the CONNECT keepAlive")
        let clientId = try r.string("the CONNECT clientId")
        var will: Connect.Will?
        if hasWill {
            will = Connect.Will(
                topic: try r.string("the CONNECT willTopic"), message: try r.string("the CONNECT will"),
                qos: QoS(rawValue: (flags >> 3) & 0x03)!, retain: flags & 0x20 != 0)
        }
        let appId: RMTPString? = if flags & 0x80 != 0 { try r.string("the CONNECT appId") } else { nil }
        let token: RMTPString? = if flags & 0x40 != 0 { try r.string("the CONNECT token") } else { nil }
        try r.expectEnd("CONNECT")
        return Connect(
            protocolId: protocolId, protocolVersion: version, cleanSession: flags & 0x02 != 0, keepAlive: keepAlive,
            clientId: clientId, will: will, appId: appId, token: token)
    }
}
