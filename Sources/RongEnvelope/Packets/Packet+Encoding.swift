// Sources/RongEnvelope/Packets/Packet+Encoding.swift - Packet → bytes of one frame

import RongCodec

extension Packet {
    /// The bytes of the packet: header byte, variable header, payload. Nothing else: no length
    /// field, no checksum. Throws `CodecError.Code.sizeLimit` for a header string longer than
    /// 65,535 bytes (its length must fit in a u16).
    public func encoded() throws(CodecError) -> [UInt8] {
        var w = ByteWriter(capacity: 64 + (body.payload?.count ?? 0))
        w.u8(header.byte)
        switch body {
        case .connect(let c):
            try w.string(c.protocolId, "protocolId")
            w.u8(c.protocolVersion)
            w.u8(c.flags)
            w.u16(c.keepAlive)
            try w.string(c.clientId, "clientId")
            if let will = c.will {
                try w.string(will.topic, "willTopic")
                try w.string(will.message, "will")
            }
            if let appId = c.appId { try w.string(appId, "appId") }
            if let token = c.token { try w.string(token, "token") }
        case .connAck(let a):
            w.u8(a.reserved)
            w.u8(a.status)
            if let s = a.session {
                try w.string(s.userId, "userId")
                try w.string(s.sessionId, "sessionId")
                w.u64(s.timestamp)
            }
        case .publish(let p), .query(let p):
            try w.string(p.topic, "topic")
            try w.string(p.targetId, "targetId")
            w.u16(p.messageId)
            w.append(p.payload)
        case .serverPublish(let p):
            w.u32(p.date)
            try w.string(p.topic, "topic")
            try w.string(p.targetId, "targetId")
            w.u16(p.messageId)
            w.append(p.payload)
        case .pubAck(let id), .queryCon(let id):
            w.u16(id)
        case .serverPubAck(let a):
            w.u16(a.messageId)
            w.u32(a.date)
            w.u16(a.status)
            w.u16(a.millisecond)
            try w.string(a.messageUId, "messageUId")
        case .queryAck(let a):
            w.u16(a.messageId)
            w.u32(a.date)
            w.u16(a.status)
            w.append(a.payload)
        case .pingReq, .pingResp:
            break
        case .disconnect(let d):
            w.u8(d.reserved)
            w.u8(d.status)
        }
        return w.bytes
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
    public var topic: String? {
        switch self {
        case .publish(let p), .query(let p): p.topic.text
        case .serverPublish(let p): p.topic.text
        default: nil
        }
    }
}
