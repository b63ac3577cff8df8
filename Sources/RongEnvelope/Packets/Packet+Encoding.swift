// Sources/RongEnvelope/Packets/Packet+Encoding.swift - Packet → bytes of one frame

import RongCodec

extension Packet {
    /// The bytes of the packet: header byte, variable header, payload. Nothing else: no length
    /// field, no checksum. Throws `CodecError.Code.sizeLimit` for a header string longer than
    /// 65,535 bytes (its length must fit in a u16).
    public func encoded() throws(CodecError) -> [UInt8] {
        guard let payload = body.payload else { return try frame(payloadCount: 0) { _ in } }
        return try frame(payloadCount: payload.count) { w in w.raw(payload) }
    }

    /// The bytes of the packet with `payload` as its protobuf payload in place of
    /// ``Body/payload``: the same bytes as ``encoded()`` after setting the payload to
    /// `payload.encoded()`, written into one array (the body in place, not copied from its own).
    /// `CodecError.Code.invalidValue` when the body carries no payload (PUBLISH, QUERY and
    /// QUERYACK do); otherwise the errors of ``encoded()``.
    public func encoded(payload: UpStreamMessage) throws(CodecError) -> [UInt8] {
        try frame(carrying: payload.wireSize) { w in payload.write(to: &w) }
    }

    /// The bytes of the packet with `payload` as its protobuf payload, written in place (see
    /// ``encoded(payload:)-(UpStreamMessage)``); also `CodecError.Code.invalidValue` when the
    /// message's ``DownStreamMessage/type`` is not a ChannelType number.
    public func encoded(payload: DownStreamMessage) throws(CodecError) -> [UInt8] {
        try payload.checkType(path: "$")
        return try frame(carrying: payload.wireSize) { w in payload.write(to: &w) }
    }

    /// The bytes of the packet with `payload` as its protobuf payload, written in place (see
    /// ``encoded(payload:)-(UpStreamMessage)``); also `CodecError.Code.invalidValue` when a
    /// message's ``DownStreamMessage/type`` is not a ChannelType number.
    public func encoded(payload: DownStreamMessages) throws(CodecError) -> [UInt8] {
        try frame(carrying: try payload.checkedWireSize()) { w in payload.write(to: &w) }
    }

    /// The bytes of the packet with `payload` as its protobuf payload, written in place (see
    /// ``encoded(payload:)-(UpStreamMessage)``).
    public func encoded(payload: NotifyMsg) throws(CodecError) -> [UInt8] {
        try frame(carrying: payload.wireSize) { w in payload.write(to: &w) }
    }

    /// The frame with a payload of `count` bytes that `write` writes in place.
    @inline(__always)
    private func frame(carrying count: Int, _ write: (inout WireWriter) -> Void) throws(CodecError) -> [UInt8] {
        guard body.carriesPayload else {
            throw CodecError(.invalidValue, "a \(body.type.name) packet carries no protobuf payload")
        }
        return try frame(payloadCount: count) { w in w.payload(count: count, write) }
    }

    /// Header byte, variable header, then what `payload` writes: `payloadCount` bytes.
    @inline(__always)
    private func frame(payloadCount: Int, _ payload: (inout FrameWriter) -> Void) throws(CodecError) -> [UInt8] {
        let size = 1 &+ (try body.variableHeaderSize()) &+ payloadCount
        let byte = header.byte
        return FrameWriter.bytes(size: size) { w in
            w.u8(byte)
            body.writeVariableHeader(to: &w)
            payload(&w)
        }
    }
}

extension Packet.Body {
    /// Whether the body ends with a protobuf payload (PUBLISH, QUERY, QUERYACK).
    var carriesPayload: Bool {
        switch self {
        case .publish, .query, .serverPublish, .queryAck: true
        default: false
        }
    }

    /// The size of the fields before the payload (all of them for a body without one);
    /// `CodecError.Code.sizeLimit` for a header string longer than 65,535 bytes.
    func variableHeaderSize() throws(CodecError) -> Int {
        switch self {
        case .connect(let c):
            var n = try FrameWriter.sizeOfString(c.protocolId, "protocolId") + 4
            n += try FrameWriter.sizeOfString(c.clientId, "clientId")
            if let will = c.will {
                n += try FrameWriter.sizeOfString(will.topic, "willTopic")
                n += try FrameWriter.sizeOfString(will.message, "will")
            }
            if let appId = c.appId { n += try FrameWriter.sizeOfString(appId, "appId") }
            if let token = c.token { n += try FrameWriter.sizeOfString(token, "token") }
            return n
        case .connAck(let a):
            switch a.tail {
            case .none:
                return 2
            case .version3(let s):
                return 2 + (try FrameWriter.sizeOfString(s.userId, "userId")) + (try FrameWriter.sizeOfString(s.sessionId, "sessionId")) + 8
            case .version4(let f):
                var n = 3
                if let u = f.userId { n += try FrameWriter.sizeOfString(u, "userId") }
                if let s = f.sessionId { n += try FrameWriter.sizeOfString(s, "sessionId") }
                if f.timestamp != nil { n += 8 }
                if f.messageId != nil { n += 2 }
                return n
            }
        case .publish(let p), .query(let p):
            return (try FrameWriter.sizeOfString(p.topic.wire, "topic")) + (try FrameWriter.sizeOfString(p.targetId, "targetId")) + 2
        case .serverPublish(let p):
            return 4 + (try FrameWriter.sizeOfString(p.topic.wire, "topic")) + (try FrameWriter.sizeOfString(p.targetId, "targetId")) + 2
        case .pubAck, .queryCon:
            return 2
        case .serverPubAck(let a):
            return 10 + (try FrameWriter.sizeOfString(a.messageUId, "messageUId"))
        case .queryAck:
            return 8
        case .pingReq, .pingResp:
            return 0
        case .disconnect:
            return 2
        }
    }

    /// Writes the fields before the payload; ``variableHeaderSize()`` has passed.
    func writeVariableHeader(to w: inout FrameWriter) {
        switch self {
        case .connect(let c):
            w.string(c.protocolId)
            w.u8(c.protocolVersion)
            w.u8(c.flags)
            w.u16(c.keepAlive)
            w.string(c.clientId)
            if let will = c.will {
                w.string(will.topic)
                w.string(will.message)
            }
            if let appId = c.appId { w.string(appId) }
            if let token = c.token { w.string(token) }
        case .connAck(let a):
            w.u8(a.reserved)
            w.u8(a.status)
            switch a.tail {
            case .none:
                break
            case .version3(let s):
                w.string(s.userId)
                w.string(s.sessionId)
                w.u64(s.timestamp)
            case .version4(let f):
                w.u8(f.flags)
                if let u = f.userId { w.string(u) }
                if let s = f.sessionId { w.string(s) }
                if let t = f.timestamp { w.u64(t) }
                if let m = f.messageId { w.u16(m) }
            }
        case .publish(let p), .query(let p):
            w.string(p.topic.wire)
            w.string(p.targetId)
            w.u16(p.messageId)
        case .serverPublish(let p):
            w.u32(p.date)
            w.string(p.topic.wire)
            w.string(p.targetId)
            w.u16(p.messageId)
        case .pubAck(let id), .queryCon(let id):
            w.u16(id)
        case .serverPubAck(let a):
            w.u16(a.messageId)
            w.u32(a.date)
            w.u16(a.status)
            w.u16(a.millisecond)
            w.string(a.messageUId)
        case .queryAck(let a):
            w.u16(a.messageId)
            w.u32(a.date)
            w.u16(a.status)
        case .pingReq, .pingResp:
            break
        case .disconnect(let d):
            w.u8(d.reserved)
            w.u8(d.status)
        }
    }
}

extension Packet.Body {
    /// The protobuf payload of the bodies that carry one (PUBLISH, QUERY, QUERYACK).
    public var payload: [UInt8]? {
        switch self {
        case .publish(let p), .query(let p): p.payload
        case .serverPublish(let p): p.payload
        case .queryAck(let a): a.payload
        default: nil
        }
    }

    /// The topic of the bodies that carry one (PUBLISH, QUERY).
    public var topic: Topic? {
        switch self {
        case .publish(let p), .query(let p): p.topic
        case .serverPublish(let p): p.topic
        default: nil
        }
    }
}
