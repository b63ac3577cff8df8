// Sources/RongEnvelope/Messages/InboundMessage.swift - server PUBLISH / pull results → typed messages

import RongCodec

/// A message received from the server: pushed on `s_msg`, returned by `pullMsg`/`chrmPull` or a
/// history query, or the user's own message echoed from another device (a server PUBLISH on a
/// publish topic, dup bit set). The content is decoded through a `ContentRegistry`; the wire
/// flags are decoded into ``status`` and the `is…` properties.
public struct InboundMessage: Hashable, Sendable {
    /// Who sent it relative to this user.
    public enum Direction: String, Hashable, Sendable {
        /// Sent by someone else.
        case received
        /// Sent by this user (from this or another device).
        case sent
    }

    /// The DownStreamMessage `type` (ChannelType), or for an echoed message the one its topic
    /// names (for a `recallMsg` echo, the one its RC:RcCmd content names).
    public var conversationType: ConversationType
    /// The conversation: the peer for one-to-one types, the group, chatroom or ultragroup id
    /// otherwise; for an echoed message the PUBLISH targetId (for a `recallMsg` echo, the RC:RcCmd
    /// `targetId`).
    public var targetId: String
    /// `fromUserId`, or for an echoed message the `currentUserId` given to the initializer.
    public var senderUserId: String
    /// The ultragroup channel (`busChannel`).
    public var channelId: String?
    /// The objectName as received (`classname`); the content may be typed under its canonical
    /// name when this is an alias.
    public var objectName: String
    /// The content, decoded by ``objectName`` through the registry; an objectName no type claims
    /// keeps its bytes.
    public var content: DecodedContent
    /// The server-assigned id (`msgId`); nil until the PUBACK for an echoed message.
    public var messageUId: String?
    /// Milliseconds since the epoch: `dataTime`, or for an echoed message the packet date until
    /// ``apply(_:)`` refines it from the PUBACK.
    public var sentTime: Int64
    /// ``Direction/sent`` when DownStreamMessage `direction` is 1 or the message is an echo.
    public var direction: Direction
    /// The receive-side flag bits (DownStreamMessage `status`); for echoed messages translated
    /// from the `sessionId` bits.
    public var status: StatusBits
    /// The flag the message was sent with, as far as the envelope tells: STATUS on a status
    /// topic, otherwise from the bits (counted → ISCOUNTED, persisted → ISPERSISTED, else NONE).
    public var persistence: PersistenceFlag
    /// The expansion (`extraContent`), nil when absent.
    public var expansion: [String: String]?
    /// The push notification text (`pushContent`; `pushText` on echoed messages).
    public var pushContent: String?
    /// The hidden push payload; only echoed messages carry it (`appData`).
    public var pushData: String?
    /// Directed recipients (`toUserId`, or `userId` on echoed messages).
    public var directedUserIds: [String]
    /// The sending client's unique id (`clientUniqueId`), nil when absent.
    public var clientUniqueId: Int64?
    /// The header's dup bit: the user's own message from another device. ENGINE surfaces it only
    /// after the server's PUBACK with the same message id (see ``apply(_:)``).
    public var isSyncMessage = false

    /// Status 0x10.
    public var isPersisted: Bool { status.contains(.persisted) }
    /// Status 0x20.
    public var isCounted: Bool { status.contains(.counted) }
    /// Status 0x40: mentions this user.
    public var isMentioned: Bool { status.contains(.mentioned) }
    /// Status 0x100: no notification.
    public var isSilent: Bool { status.contains(.disableNotification) }
    /// Status 0x400.
    public var canIncludeExpansion: Bool { status.contains(.canIncludeExpansion) }
    /// Status 0x02: already pulled by another device.
    public var isRetrieved: Bool { status.contains(.retrieved) }

    /// Whether a DownStreamMessage's conversation is named by the peer rather than by `groupId`.
    /// ChannelType has no push-service (9), encrypted (11) or RTC (12) value in any known schema
    /// (envelope.md § 7.4), so those types cannot arrive here (spec ENV-MSG-002).
    /// PERSON, CUSTOMERSERVICE, NOTIFY, MC and MP; the others (PERSONS, GROUP, TEMPGROUP,
    /// ULTRAGROUP) are named by `groupId`. Only ChannelType numbers get here.
    private static func isOneToOne(_ type: ConversationType) -> Bool {
        [1, 5, 6, 7, 8].contains(type.rawValue)
    }

    /// A message from a DownStreamMessage (an `s_msg` body or an element of a pull or history
    /// list). `currentUserId` (empty: unknown) makes a message whose sender is the current user
    /// ``Direction/sent`` even without `direction` 1: a chatroom pull leaves `direction` empty
    /// for the user's own messages (ENGINE `_formatReceivedMessage`, lines 2839-2843; WEBv2
    /// treats any message from the current user as sent). Content errors are thrown as they are
    /// (`typeMismatch`, ...); a malformed `extraContent`, or a `type` that is not a ChannelType
    /// number, is `CodecError.Code.invalidValue`.
    public init(
        _ m: DownStreamMessage,
        currentUserId: String = "",
        registry: ContentRegistry = .builtIn,
        options: DecodingOptions = .default
    ) throws(CodecError) {
        try m.checkType(path: "$")
        try self.init(checked: m, currentUserId: currentUserId, registry: registry, options: options)
    }

    /// The same from the generated type (the peer's and the client's path).
    package init(
        _ m: Modules_DownStreamMessage,
        currentUserId: String = "",
        registry: ContentRegistry = .builtIn,
        options: DecodingOptions = .default
    ) throws(CodecError) {
        try self.init(checked: DownStreamMessage(m), currentUserId: currentUserId, registry: registry, options: options)
    }

    /// The same, `type` known to be a ChannelType number: the path of frames and pull results,
    /// which the wire reader reads into DownStreamMessage values.
    init(
        checked m: DownStreamMessage,
        currentUserId: String,
        registry: ContentRegistry,
        options: DecodingOptions
    ) throws(CodecError) {
        conversationType = m.type
        senderUserId = m.fromUserId
        let own = !currentUserId.isEmpty && m.fromUserId == currentUserId
        direction = m.direction == 1 || own ? .sent : .received
        // One-to-one conversations name the peer: the sender when received, `groupId` (the
        // receiver) when this user sent it (WEBv2; ENGINE 0.1.0 names the current user, line
        // 2833, spec ENV-MSG-002). Other conversations are named by `groupId` (WEBv2 for a
        // discussion too; ENGINE takes a discussion's from `fromUserId`).
        if Self.isOneToOne(m.type) {
            targetId = direction == .sent ? m.groupId ?? m.fromUserId : m.fromUserId
        } else {
            targetId = m.groupId ?? ""
        }
        channelId = m.busChannel
        objectName = m.classname
        content = try registry.decode(objectName: m.classname, bytes: m.content, options: options)
        messageUId = m.msgId
        sentTime = m.dataTime
        status = m.status
        persistence = status.flag
        expansion = try m.extraContent.map { e throws(CodecError) in try MessageExpansion.decode(e) }
        pushContent = m.pushContent
        pushData = nil
        directedUserIds = m.toUserId
        clientUniqueId = m.clientUniqueId
    }

    /// A message from a server PUBLISH: `s_msg` (a DownStreamMessage), or a publish topic (the
    /// user's own message from another device, an UpStreamMessage; `currentUserId` is its
    /// sender, and on `s_msg` makes the current user's own messages ``Direction/sent``). Other topics are `CodecError.Code.notAMessage`; payload errors are
    /// `CodecError.Code.protobufDecoding` or `CodecError.Code.missingRequiredField`, as is a
    /// `recallMsg` echo whose RC:RcCmd content does not name the conversation.
    public init(
        packet: Packet,
        currentUserId: String = "",
        registry: ContentRegistry = .builtIn,
        options: DecodingOptions = .default
    ) throws(CodecError) {
        guard case .serverPublish(let p) = packet.body else {
            throw CodecError(.notAMessage, "a \(packet.body.type.name) from the \(packet.sender?.description ?? "either side") does not carry a received message")
        }
        switch BodyType.serverPublish(topic: p.topic) {
        case .downStreamMessage:
            let m = try DownStreamMessage.decode(p.payload)
            try self.init(checked: m, currentUserId: currentUserId, registry: registry, options: options)
        case .upStreamMessage:
            let m = try UpStreamMessage.decode(p.payload)
            try self.init(echo: m, topic: p.topic, targetId: p.targetId.text, date: p.date, currentUserId: currentUserId, registry: registry, options: options)
        default:
            throw CodecError(.notAMessage, "topic \(p.topic.text) does not carry a message")
        }
        isSyncMessage = packet.dup
    }

    /// An echoed own message: the conversation comes from the topic and the targetId (WEBv2
    /// `connect_client.ts` derives the type from the topic prefix), the flags from `sessionId`.
    /// A `recallMsg` echo's targetId is the recaller's own id (envelope.md § 6.4), so its
    /// conversation is the one its RC:RcCmd names (`conversationType`, `targetId`).
    init(
        echo m: UpStreamMessage, topic: Topic, targetId: String, date: UInt32, currentUserId: String,
        registry: ContentRegistry, options: DecodingOptions
    ) throws(CodecError) {
        content = try registry.decode(objectName: m.classname, bytes: m.content, options: options)
        if let type = ConversationType(topic: topic) {
            conversationType = type
            self.targetId = targetId
        } else {
            // BodyType.publishTopics holds only topics ConversationType(topic:) maps, recallMsg and pcuMsgP.
            guard case .typed(let c) = content, let command = c.base as? RecallCommandMessage,
                let type = command.conversationType, let target = command.targetId
            else {
                throw CodecError(
                    .missingRequiredField,
                    "a \(topic) echo names its conversation in an RC:RcCmd content with conversationType and targetId")
            }
            conversationType = ConversationType(rawValue: type)
            self.targetId = target
        }
        senderUserId = currentUserId
        direction = .sent
        channelId = m.busChannel
        objectName = m.classname
        messageUId = nil
        sentTime = Int64(date) * 1000
        status = Self.statusBits(sessionId: m.sessionId)
        persistence = TopicFamily(topic: topic) == .status ? .status : status.flag
        expansion = try m.extraContent.map { e throws(CodecError) in try MessageExpansion.decode(e) }
        pushContent = m.pushText
        pushData = m.appData
        directedUserIds = m.userId
        clientUniqueId = m.clientUniqueId
    }

    /// Send-side bits in receive-side positions. Either disable-notification bit counts: ENGINE
    /// writes 0x20 but reads 0x10 back from echoed messages (decision 19, FLAG-004).
    public static func statusBits(sessionId: SessionIdBits) -> StatusBits {
        var s: StatusBits = []
        if sessionId.contains(.persisted) { s.insert(.persisted) }
        if sessionId.contains(.counted) { s.insert(.counted) }
        if sessionId.contains(.mentioned) { s.insert(.mentioned) }
        if sessionId.disablesNotification { s.insert(.disableNotification) }
        if sessionId.contains(.canIncludeExpansion) { s.insert(.canIncludeExpansion) }
        return s
    }

    /// Completes an echoed message with the server's PUBACK of the same message id: the
    /// messageUId and the exact sent time (date × 1000 + millisecond).
    public mutating func apply(_ ack: Packet.ServerPubAck) {
        messageUId = ack.messageUId.text
        sentTime = ack.sentTime
    }

    /// The messages of a `pullMsg` or `chrmPull` result (a QUERYACK payload holding
    /// DownStreamMessages), each decoded on its own so one bad content does not hide the others.
    /// `currentUserId` as for a single message: in a chatroom pull the user's own messages have
    /// no `direction`.
    public static func pullResult(
        _ payload: [UInt8],
        currentUserId: String = "",
        registry: ContentRegistry = .builtIn,
        options: DecodingOptions = .default
    ) throws(CodecError) -> PullResult {
        PullResult(try DownStreamMessages.decode(payload), currentUserId: currentUserId, registry: registry, options: options)
    }

    /// One page of pulled messages.
    public struct PullResult: Sendable {
        /// Each message, or the error its content gave.
        public var messages: [Result<InboundMessage, CodecError>]
        /// The inbox time to send with the next `pullMsg`.
        public var syncTime: Int64
        /// No more pages.
        public var isFinished: Bool
        /// `broadcastSyncTime` (ENGINE-LATE schemas), nil when absent; `pullMsg` requests carry a field
        /// of the same name.
        public var broadcastSyncTime: Int64?
    }
}
