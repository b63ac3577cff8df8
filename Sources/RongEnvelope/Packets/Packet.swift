// Sources/RongEnvelope/Packets/Packet.swift - one RMTP packet: header flags and a typed body

/// One RMTP packet, as carried by one binary WebSocket message: the header byte, then a
/// type-specific body. There is no remaining-length field and no checksum (ENGINE `readWSBuffer`,
/// WEBv2 `MessageInputStream`); the frame boundary is the WebSocket message.
///
/// The packet type is the body's; the header's other bits are stored as they are, so any header
/// byte of a supported type round-trips:
///
/// ```swift
/// let ping = Packet(.pingReq)                       // 0xC0
/// let bytes = try Packet(.publish(.init(topic: .ppMsgP, targetId: "u2", messageId: 1,
///                                       payload: body)), qos: .atLeastOnce).encoded()
/// let back = try Packet.decode(bytes, from: .client)
/// ```
public struct Packet: Hashable, Sendable {
    /// Bit 3. On a server PUBLISH: a sync message (see ``PacketHeader/isSyncMessage``).
    public var dup: Bool
    /// Bits 2-1.
    public var qos: QoS
    /// Bit 0. Servers set it on their frames (VILLA header bytes 0x21, 0x31, 0x41, 0x61).
    public var retain: Bool
    /// The variable header and payload.
    public var body: Body

    /// A packet with `body`; the header flags default to zero (header byte = type << 4).
    public init(_ body: Body, dup: Bool = false, qos: QoS = .atMostOnce, retain: Bool = false) {
        self.body = body
        self.dup = dup
        self.qos = qos
        self.retain = retain
    }

    /// The header byte's fields (the type comes from the body).
    public var header: PacketHeader { PacketHeader(type: body.type, dup: dup, qos: qos, retain: retain) }

    /// The side that sends this kind of packet; nil when both sides send it with this body
    /// (DISCONNECT).
    public var sender: Side? { body.sender }
}

extension Packet {
    /// The body of each supported packet type. Cases that exist in both directions with different
    /// layouts have one case per direction.
    public enum Body: Hashable, Sendable {
        /// CONNECT (client → server; native TCP only).
        case connect(Connect)
        /// CONNACK (server → client).
        case connAck(ConnAck)
        /// PUBLISH client → server: topic, targetId, message id, payload.
        case publish(Publish)
        /// PUBLISH server → client: date, topic, targetId, message id, payload.
        case serverPublish(ServerPublish)
        /// PUBACK client → server: the message id of the server PUBLISH it acknowledges.
        case pubAck(messageId: UInt16)
        /// PUBACK server → client: the result of the client's PUBLISH.
        case serverPubAck(ServerPubAck)
        /// QUERY (client → server): same layout as an upward PUBLISH.
        case query(Publish)
        /// QUERYACK (server → client).
        case queryAck(QueryAck)
        /// QUERYCON (client → server): confirms a QUERYACK.
        case queryCon(messageId: UInt16)
        /// PINGREQ (client → server), header only.
        case pingReq
        /// PINGRESP (server → client), header only.
        case pingResp
        /// DISCONNECT (either side).
        case disconnect(Disconnect)

        /// The packet type of this body.
        public var type: PacketType {
            switch self {
            case .connect: .connect
            case .connAck: .connAck
            case .publish, .serverPublish: .publish
            case .pubAck, .serverPubAck: .pubAck
            case .query: .query
            case .queryAck: .queryAck
            case .queryCon: .queryCon
            case .pingReq: .pingReq
            case .pingResp: .pingResp
            case .disconnect: .disconnect
            }
        }

        /// The side that sends this body; nil for DISCONNECT (both).
        public var sender: Side? {
            switch self {
            case .connect, .publish, .pubAck, .query, .queryCon, .pingReq: .client
            case .connAck, .serverPublish, .serverPubAck, .queryAck, .pingResp: .server
            case .disconnect: nil
            }
        }

        /// The message id of the bodies that carry one.
        public var messageId: UInt16? {
            switch self {
            case .publish(let p), .query(let p): p.messageId
            case .serverPublish(let p): p.messageId
            case .pubAck(let id), .queryCon(let id): id
            case .serverPubAck(let a): a.messageId
            case .queryAck(let a): a.messageId
            case .connect, .connAck, .pingReq, .pingResp, .disconnect: nil
            }
        }
    }

    /// CONNECT body (WEBv2 `ConnectMessage`; used only by native TCP clients, whose framing is
    /// not public). Flags byte: bit 7 appId present, bit 6 token present, bit 5 will retain,
    /// bits 4-3 will QoS, bit 2 will present, bit 1 clean session, bit 0 reserved (zero).
    public struct Connect: Hashable, Sendable {
        /// The protocol name, `"RCloud"`.
        public var protocolId: RMTPString
        /// The protocol version, 3.
        public var protocolVersion: UInt8
        /// Flags bit 1 (the bit WEBv2 writes; its reader checks bit 5 by mistake).
        public var cleanSession: Bool
        /// Keep-alive interval in seconds.
        public var keepAlive: UInt16
        /// Client id; WEBv2 allows at most 64 characters.
        public var clientId: RMTPString
        /// Will topic and message (flags bit 2) with their QoS and retain bits.
        public var will: Will?
        /// App key (flags bit 7).
        public var appId: RMTPString?
        /// Token (flags bit 6).
        public var token: RMTPString?

        /// A CONNECT; the defaults are WEBv2's protocol name and version (`"RCloud"`, 3).
        public init(
            protocolId: RMTPString = "RCloud", protocolVersion: UInt8 = 3, cleanSession: Bool = false,
            keepAlive: UInt16 = 0, clientId: RMTPString, will: Will? = nil, appId: RMTPString? = nil,
            token: RMTPString? = nil
        ) {
            self.protocolId = protocolId
            self.protocolVersion = protocolVersion
            self.cleanSession = cleanSession
            self.keepAlive = keepAlive
            self.clientId = clientId
            self.will = will
            self.appId = appId
            self.token = token
        }

        /// A CONNECT will.
        public struct Will: Hashable, Sendable {
            /// The will topic.
            public var topic: RMTPString
            /// The will message.
            public var message: RMTPString
            /// Flags bits 4-3.
            public var qos: QoS
            /// Flags bit 5.
            public var retain: Bool

            /// A will from its fields.
            public init(topic: RMTPString, message: RMTPString, qos: QoS = .atMostOnce, retain: Bool = false) {
                self.topic = topic
                self.message = message
                self.qos = qos
                self.retain = retain
            }
        }

        /// The flags byte these fields produce.
        public var flags: UInt8 {
            var f: UInt8 = cleanSession ? 0x02 : 0
            if let will {
                f |= 0x04 | will.qos.rawValue << 3 | (will.retain ? 0x20 : 0)
            }
            if token != nil { f |= 0x40 }
            if appId != nil { f |= 0x80 }
            return f
        }
    }

    /// CONNACK body: a reserved byte, the status, and, when the body is longer than two bytes,
    /// the user id, a session id and the server time (ENGINE `ConnAckReader`).
    public struct ConnAck: Hashable, Sendable {
        /// The first body byte; ENGINE and WEBv2 skip it (WEBv2's writer puts 128 there).
        public var reserved: UInt8
        /// The result code, ``ConnectResult``. Any value decodes (spec: decision 21).
        public var status: UInt8
        /// Present on success when the server sends the longer form.
        public var session: Session?

        /// A CONNACK from its fields; the short form when `session` is nil.
        public init(reserved: UInt8 = 0, status: UInt8, session: Session? = nil) {
            self.reserved = reserved
            self.status = status
            self.session = session
        }

        /// The status as a named result code.
        public var result: ConnectResult { ConnectResult(rawValue: status) }

        /// The optional tail of a CONNACK.
        public struct Session: Hashable, Sendable {
            /// The connected user's id.
            public var userId: RMTPString
            /// A session id string (ENGINE reads and drops it).
            public var sessionId: RMTPString
            /// Server time in milliseconds.
            public var timestamp: UInt64

            /// A CONNACK tail from its fields.
            public init(userId: RMTPString, sessionId: RMTPString, timestamp: UInt64) {
                self.userId = userId
                self.sessionId = sessionId
                self.timestamp = timestamp
            }
        }
    }

    /// Body of an upward PUBLISH and of a QUERY: topic, targetId, message id, protobuf payload.
    public struct Publish: Hashable, Sendable {
        /// The method: a publish topic (``Topic/ppMsgP``) or a query topic (``Topic/pullMsg``).
        public var topic: Topic
        /// The conversation target; for queries the user id or chatroom id; for `recallMsg` the
        /// sender's own id.
        public var targetId: RMTPString
        /// The per-connection message id (``MessageIDAllocator``).
        public var messageId: UInt16
        /// The protobuf body, to the end of the frame.
        public var payload: [UInt8]

        /// A PUBLISH or QUERY body from its fields.
        public init(topic: Topic, targetId: RMTPString, messageId: UInt16, payload: [UInt8] = []) {
            self.topic = topic
            self.targetId = targetId
            self.messageId = messageId
            self.payload = payload
        }
    }

    /// Body of a server PUBLISH: like ``Publish`` with a leading u32 date (seconds).
    public struct ServerPublish: Hashable, Sendable {
        /// Server time in seconds.
        public var date: UInt32
        /// ``Topic/s_msg``, ``Topic/s_ntf``, ``Topic/s_cmd``, ``Topic/s_stat``, ``Topic/s_us``,
        /// ``Topic/rtc_ntf``, or a publish topic for sync messages.
        public var topic: Topic
        /// VILLA calls it the sender id; for sync messages WEBv2 reads it as the conversation target.
        public var targetId: RMTPString
        /// The server's message id; a client acknowledges it with a PUBACK when QoS ≠ 0.
        public var messageId: UInt16
        /// The protobuf body, to the end of the frame (``BodyType/serverPublish(topic:)-(Topic)``).
        public var payload: [UInt8]

        /// A server PUBLISH body from its fields.
        public init(date: UInt32, topic: Topic, targetId: RMTPString, messageId: UInt16, payload: [UInt8] = []) {
            self.date = date
            self.topic = topic
            self.targetId = targetId
            self.messageId = messageId
            self.payload = payload
        }
    }

    /// Body of the server's PUBACK: the outcome of the client's PUBLISH.
    public struct ServerPubAck: Hashable, Sendable {
        /// The id of the client PUBLISH being acknowledged.
        public var messageId: UInt16
        /// Server time, seconds.
        public var date: UInt32
        /// 0 on success, otherwise an error status.
        public var status: UInt16
        /// Milliseconds to add to `date`.
        public var millisecond: UInt16
        /// The server-assigned message UId (`XXXX-XXXX-XXXX-XXXX`).
        public var messageUId: RMTPString

        /// A server PUBACK body from its fields.
        public init(messageId: UInt16, date: UInt32, status: UInt16 = 0, millisecond: UInt16 = 0, messageUId: RMTPString) {
            self.messageId = messageId
            self.date = date
            self.status = status
            self.millisecond = millisecond
            self.messageUId = messageUId
        }

        /// The message's sent time in milliseconds: date × 1000 + millisecond (ENGINE `PubAckReader`).
        public var sentTime: Int64 { Int64(date) * 1000 + Int64(millisecond) }
    }

    /// Body of a QUERYACK: message id, date, status, protobuf payload (the response type depends
    /// on the QUERY's topic, which the QUERYACK does not repeat).
    public struct QueryAck: Hashable, Sendable {
        /// The id of the QUERY being answered.
        public var messageId: UInt16
        /// Server time, seconds.
        public var date: UInt32
        /// 0 on success.
        public var status: UInt16
        /// The protobuf response, to the end of the frame; empty = no body (as with an error status).
        public var payload: [UInt8]

        /// A QUERYACK body from its fields.
        public init(messageId: UInt16, date: UInt32, status: UInt16 = 0, payload: [UInt8] = []) {
            self.messageId = messageId
            self.date = date
            self.status = status
            self.payload = payload
        }
    }

    /// Body of a DISCONNECT: a reserved byte and a status.
    public struct Disconnect: Hashable, Sendable {
        /// The first body byte, kept as read.
        public var reserved: UInt8
        /// Any value decodes (WEBv2 accepted 0-5 only; spec: decision 21).
        public var status: UInt8

        /// A DISCONNECT body from its fields.
        public init(reserved: UInt8 = 0, status: UInt8) {
            self.reserved = reserved
            self.status = status
        }
    }
}
