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

    /// CONNACK body: a reserved byte, the status, and, when the body is longer than two bytes, a
    /// tail whose layout is the connection's ``ProtocolVersion``'s (spec/envelope.md ENV-PKT-002,
    /// ENV-PKT-013): version 3 (ENGINE `ConnAckReader`) the user id, a session id and the server
    /// time; version 4 (RongIMLib 5.x) a flags byte, then only the fields it names, among them a
    /// message id that seeds the client's counter.
    ///
    /// A server builds the CONNACK for the version the client asked for:
    ///
    /// ```swift
    /// let ack = Packet.ConnAck.accepted(userId: "alice", sessionId: "s1", timestamp: now, messageId: 1000, protocol: .v4)
    /// let frame = try Packet(.connAck(ack), retain: true).encoded()   // 20 00 00 0f 0005 616c696365 …
    /// ```
    ///
    /// and a client reads the fields whatever the layout: ``userId``, ``timestamp``,
    /// ``messageId``. Encoding writes the layout of ``tail``; decoding needs the version
    /// (``Packet/decode(_:from:protocol:)-([UInt8],_,_)``), which nothing in the bytes says.
    public struct ConnAck: Hashable, Sendable {
        /// The first body byte; ENGINE and WEBv2 skip it (WEBv2's writer puts 128 there).
        public var reserved: UInt8
        /// The result code, ``ConnectResult``. Any value decodes (spec: decision 21).
        public var status: UInt8
        /// What follows the status: nothing, or the tail of one version's layout.
        public var tail: Tail

        /// A CONNACK with `tail`.
        public init(reserved: UInt8 = 0, status: UInt8, tail: Tail) {
            self.reserved = reserved
            self.status = status
            self.tail = tail
        }

        /// A CONNACK in version 3's layout: the short form when `session` is nil.
        public init(reserved: UInt8 = 0, status: UInt8, session: Session? = nil) {
            self.init(reserved: reserved, status: status, tail: session.map { .version3($0) } ?? .none)
        }

        /// A CONNACK in version 4's layout: the flags byte, then the fields `fields` holds.
        public init(reserved: UInt8 = 0, status: UInt8, fields: Version4Fields) {
            self.init(reserved: reserved, status: status, tail: .version4(fields))
        }

        /// An accepted connection (status 0) in the layout of `version`: version 3 carries the
        /// user id, session id and time (`messageId` has no place there and is dropped);
        /// version 4 carries all four, so the client's first request uses `messageId` + 1, or
        /// three when `messageId` is nil (the client then counts from 1).
        public static func accepted(
            userId: RMTPString, sessionId: RMTPString, timestamp: UInt64, messageId: UInt16? = nil,
            protocol version: ProtocolVersion
        ) -> ConnAck {
            switch version {
            case .v3:
                ConnAck(status: 0, session: Session(userId: userId, sessionId: sessionId, timestamp: timestamp))
            case .v4:
                ConnAck(status: 0, fields: Version4Fields(userId: userId, sessionId: sessionId, timestamp: timestamp, messageId: messageId))
            }
        }

        /// The status as a named result code.
        public var result: ConnectResult { ConnectResult(rawValue: status) }

        /// What can follow the status byte.
        public enum Tail: Hashable, Sendable {
            /// Nothing: the body is the reserved byte and the status (both versions read it so).
            case none
            /// Version 3: userId, sessionId, timestamp, all three.
            case version3(Session)
            /// Version 4: the flags byte, then the fields it names.
            case version4(Version4Fields)
        }

        /// The version-3 tail, nil when there is none or the CONNACK has version 4's layout.
        /// Setting it gives the CONNACK version 3's layout (nil: no tail).
        public var session: Session? {
            get {
                if case .version3(let s) = tail { return s }
                return nil
            }
            set { tail = newValue.map { .version3($0) } ?? .none }
        }

        /// The version-4 fields, nil when the CONNACK has no tail or version 3's layout.
        public var version4Fields: Version4Fields? {
            if case .version4(let f) = tail { return f }
            return nil
        }

        /// The version whose layout the tail has; nil when there is no tail.
        public var layout: ProtocolVersion? {
            switch tail {
            case .none: nil
            case .version3: .v3
            case .version4: .v4
            }
        }

        /// The connected user's id, in either layout (nil when absent: the SDK then sends its
        /// requests with an empty target).
        public var userId: RMTPString? {
            switch tail {
            case .none: nil
            case .version3(let s): s.userId
            case .version4(let f): f.userId
            }
        }

        /// The session id, in either layout (the SDKs read it and drop it).
        public var sessionId: RMTPString? {
            switch tail {
            case .none: nil
            case .version3(let s): s.sessionId
            case .version4(let f): f.sessionId
            }
        }

        /// The server time in milliseconds, in either layout.
        public var timestamp: UInt64? {
            switch tail {
            case .none: nil
            case .version3(let s): s.timestamp
            case .version4(let f): f.timestamp
            }
        }

        /// Version 4's message id: the client's first request uses it + 1 (its counter wraps
        /// from 65535 to 1). Nil otherwise; a client then counts from 1.
        public var messageId: UInt16? { version4Fields?.messageId }

        /// Version 3's tail of a CONNACK.
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

        /// Version 4's tail of a CONNACK: a flags byte, then each field whose bit is set, in
        /// this order: bit 0 userId (UTF), bit 1 sessionId (UTF), bit 2 timestamp (u64 ms),
        /// bit 3 messageId (u16). RongIMLib 5.7.2's reader (offset 236523).
        public struct Version4Fields: Hashable, Sendable {
            /// Flags bit 0.
            public var userId: RMTPString?
            /// Flags bit 1 (the SDK reads it and drops it).
            public var sessionId: RMTPString?
            /// Flags bit 2: server time in milliseconds.
            public var timestamp: UInt64?
            /// Flags bit 3: the seed of the client's message ids.
            public var messageId: UInt16?
            /// Flags bits 4-7, kept as read: no field follows them and the SDK ignores them.
            /// Bits 0-3 of a value set here are dropped (the fields above decide them).
            public var otherFlags: UInt8 {
                get { highFlags }
                set { highFlags = newValue & 0xF0 }
            }
            private var highFlags: UInt8

            /// Version 4's fields; nil ones are left out and their flag bit is clear.
            public init(
                userId: RMTPString? = nil, sessionId: RMTPString? = nil, timestamp: UInt64? = nil, messageId: UInt16? = nil,
                otherFlags: UInt8 = 0
            ) {
                self.userId = userId
                self.sessionId = sessionId
                self.timestamp = timestamp
                self.messageId = messageId
                highFlags = otherFlags & 0xF0
            }

            /// The flags byte these fields give.
            public var flags: UInt8 {
                var f = highFlags
                if userId != nil { f |= Self.userIdBit }
                if sessionId != nil { f |= Self.sessionIdBit }
                if timestamp != nil { f |= Self.timestampBit }
                if messageId != nil { f |= Self.messageIdBit }
                return f
            }

            /// The flag of ``userId``.
            public static let userIdBit: UInt8 = 0x01
            /// The flag of ``sessionId``.
            public static let sessionIdBit: UInt8 = 0x02
            /// The flag of ``timestamp``.
            public static let timestampBit: UInt8 = 0x04
            /// The flag of ``messageId``.
            public static let messageIdBit: UInt8 = 0x08
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

        /// The status as a named reason.
        public var reason: DisconnectReason { DisconnectReason(rawValue: status) }

        /// A DISCONNECT body from its fields.
        public init(reserved: UInt8 = 0, status: UInt8) {
            self.reserved = reserved
            self.status = status
        }
    }
}
