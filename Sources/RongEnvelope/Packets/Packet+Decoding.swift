// Sources/RongEnvelope/Packets/Packet+Decoding.swift - bytes of one frame → Packet

import RongCodec

extension Packet {
    /// Decodes one packet: the whole content of one binary WebSocket message, sent by `sender`
    /// on a connection of protocol `version` (only a CONNACK's layout depends on it; version 3
    /// unless the client asked for 4, ``ProtocolVersion``).
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
    ///
    /// The packet owns a copy of the payload. To read the payload where the frame is, without
    /// that copy, use ``withDecoded(_:from:protocol:_:)-([UInt8],_,_,_)`` or ``PacketView``.
    public static func decode(
        _ bytes: some Collection<UInt8>, from sender: Side, protocol version: ProtocolVersion = .v3
    ) throws(CodecError) -> Packet {
        // Read where the bytes are when they are contiguous; copied into an array otherwise.
        let inPlace: Result<Packet, CodecError>? = bytes.withContiguousStorageIfAvailable { b in
            Result { () throws(CodecError) in try decode(UnsafeRawBufferPointer(b), from: sender, protocol: version) }
        }
        if let inPlace { return try inPlace.get() }
        return try decode(Array(bytes), from: sender, protocol: version)
    }

    /// Decodes one packet from an array: the same as the generic version, concrete so that
    /// callers in other modules do not run unspecialized generic code.
    public static func decode(_ bytes: [UInt8], from sender: Side, protocol version: ProtocolVersion = .v3) throws(CodecError) -> Packet {
        try bytes.withUnsafeBufferPointer { (b) throws(CodecError) in
            try decode(UnsafeRawBufferPointer(b), from: sender, protocol: version)
        }
    }

    /// The owned decode over the frame's memory: ``PacketView``'s reads, with the payload copied
    /// out (built here directly rather than through a view, which would copy every field twice).
    @inline(__always)
    static func decode(_ frame: UnsafeRawBufferPointer, from sender: Side, protocol version: ProtocolVersion) throws(CodecError) -> Packet {
        var r = ByteReader(frame)
        let header = try readHeader(&r, from: sender)
        let body: Body
        switch header.type {
        case .query,  // always from the client (checkDecodable)
            .publish where sender == .client:
            let f = try readAddressed(&r) { (r, field) throws(CodecError) in try r.string(field) }
            let p = Publish(topic: Topic(wire: f.topic), targetId: f.targetId, messageId: f.messageId, payload: r.rest().copiedBytes)
            body = header.type == .query ? .query(p) : .publish(p)
        case .publish:
            let f = try readServerPublish(&r) { (r, field) throws(CodecError) in try r.string(field) }
            body = .serverPublish(
                ServerPublish(date: f.date, topic: Topic(wire: f.topic), targetId: f.targetId, messageId: f.messageId, payload: r.rest().copiedBytes))
        case .queryAck:
            let f = try readQueryAck(&r)
            body = .queryAck(QueryAck(messageId: f.messageId, date: f.date, status: f.status, payload: r.rest().copiedBytes))
        default:
            body = try decodeFixedBody(header.type, from: sender, protocol: version, &r)
        }
        return Packet(body, dup: header.dup, qos: header.qos, retain: header.retain)
    }

    /// The header byte, checked for a type `sender` sends and RongWire decodes.
    @inline(__always)
    static func readHeader(_ r: inout ByteReader, from sender: Side) throws(CodecError) -> PacketHeader {
        guard !r.isAtEnd else { throw CodecError(.truncated, "empty frame: no header byte", offset: 0) }
        let header = PacketHeader(byte: try r.u8("the header byte"))
        try checkDecodable(header.type, from: sender)
        return header
    }

    /// A client PUBLISH's or a QUERY's fields before the payload.
    @inline(__always)
    static func readAddressed<S>(
        _ r: inout ByteReader, _ string: (inout ByteReader, StaticString) throws(CodecError) -> S
    ) throws(CodecError) -> (topic: S, targetId: S, messageId: UInt16) {
        let topic = try string(&r, "the topic")
        let targetId = try string(&r, "the targetId")
        return (topic, targetId, try r.u16("the message id"))
    }

    /// A server PUBLISH's fields before the payload.
    @inline(__always)
    static func readServerPublish<S>(
        _ r: inout ByteReader, _ string: (inout ByteReader, StaticString) throws(CodecError) -> S
    ) throws(CodecError) -> (date: UInt32, topic: S, targetId: S, messageId: UInt16) {
        let date = try r.u32("the PUBLISH date")
        let topic = try string(&r, "the PUBLISH topic")
        let targetId = try string(&r, "the PUBLISH targetId")
        return (date, topic, targetId, try r.u16("the PUBLISH message id"))
    }

    /// A QUERYACK's fields before the payload.
    @inline(__always)
    static func readQueryAck(_ r: inout ByteReader) throws(CodecError) -> (messageId: UInt16, date: UInt32, status: UInt16) {
        let messageId = try r.u16("the QUERYACK message id")
        let date = try r.u32("the QUERYACK date")
        return (messageId, date, try r.u16("the QUERYACK status"))
    }

    /// The body of a packet type without a protobuf payload (all but PUBLISH, QUERY and
    /// QUERYACK), read from after the header byte to the end of the frame.
    static func decodeFixedBody(
        _ type: PacketType, from sender: Side, protocol version: ProtocolVersion, _ r: inout ByteReader
    ) throws(CodecError) -> Body {
        let body: Body
        switch type {
        case .connect: body = .connect(try decodeConnect(&r))
        case .connAck:
            body = .connAck(try decodeConnAck(&r, protocol: version))
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
        case .publish, .query, .queryAck, .symmetric, .subscribe, .subAck, .unsubscribe, .unsubAck, .reserved:
            // PacketView reads the payload bodies; checkDecodable has thrown for the others.
            preconditionFailure("\(type) passed to decodeFixedBody")
        }
        return body
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

    /// A CONNACK body in the layout of `version` (ENV-PKT-002, ENV-PKT-013).
    static func decodeConnAck(_ r: inout ByteReader, protocol version: ProtocolVersion) throws(CodecError) -> ConnAck {
        var ack = ConnAck(reserved: try r.u8("the CONNACK reserved byte"), status: try r.u8("the CONNACK status"))
        // Both versions read the tail only when the body is longer than its two fixed bytes
        // (ENGINE `ConnAckReader`, 5.7.2 `MESSAGE_LENGTH`).
        if !r.isAtEnd {
            switch version {
            case .v3:
                ack.tail = .version3(
                    ConnAck.Session(
                        userId: try r.string("the CONNACK userId"),
                        sessionId: try r.string("the CONNACK sessionId"),
                        timestamp: try r.u64("the CONNACK timestamp")))
            case .v4:
                typealias F = ConnAck.Version4Fields
                let flags = try r.u8("the CONNACK flags")
                let userId: RMTPString? = if flags & F.userIdBit != 0 { try r.string("the CONNACK userId") } else { nil }
                let sessionId: RMTPString? = if flags & F.sessionIdBit != 0 { try r.string("the CONNACK sessionId") } else { nil }
                let timestamp: UInt64? = if flags & F.timestampBit != 0 { try r.u64("the CONNACK timestamp") } else { nil }
                let messageId: UInt16? = if flags & F.messageIdBit != 0 { try r.u16("the CONNACK messageId") } else { nil }
                ack.tail = .version4(F(userId: userId, sessionId: sessionId, timestamp: timestamp, messageId: messageId, otherFlags: flags))
            }
        }
        try r.expectEnd("CONNACK")
        return ack
    }

    static func decodeConnect(_ r: inout ByteReader) throws(CodecError) -> Connect {
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
