// Sources/RongEnvelope/Messages/OutboundMessage.swift - a message to send → UpStreamMessage → PUBLISH

import RongCodec

/// A message an SDK sends, with the options that shape its envelope. ``encoded(messageId:)``
/// gives the bytes of the PUBLISH packet:
///
/// ```swift
/// var m = OutboundMessage(.group, targetId: "g1", content: TextMessage(content: "hi"))
/// m.pushContent = "Ann: hi"
/// let bytes = try m.encoded(messageId: ids.next())
/// ```
///
/// The envelope follows ENGINE's send path (envelope.md § 5, § 8; spec FLAG-*): topic from the
/// conversation type and the persistence flag (`…S` for STATUS, otherwise `…P`, `chatMsg` or
/// `ugMsg`), header QoS 1, `sessionId` bits from the flag and the options, `configFlag` always
/// written.
public struct OutboundMessage: Hashable, Sendable {
    /// The conversation type; picks the topic family.
    public var conversationType: ConversationType
    /// The conversation target (user, group, chatroom or ultragroup id): the PUBLISH targetId.
    public var targetId: String
    /// The ultragroup channel id (`busChannel`); nil for none.
    public var channelId: String?
    /// The content: a registered type, or raw bytes under an unregistered objectName.
    public var content: DecodedContent
    /// The persistence flag to send with. nil: the content type's own flag; for unregistered
    /// content ISCOUNTED, as ENGINE registers custom types by default (kit choice, FLAG-006).
    public var persistence: PersistenceFlag?
    /// The message @-mentions someone (sessionId 0x04). Defaults to whether the content has
    /// `mentionedInfo`.
    public var isMentioned: Bool
    /// Push text (`pushText`).
    public var pushContent: String?
    /// Hidden push payload (`appData`).
    public var pushData: String?
    /// No push notification for this message (sessionId 0x20; the topic stays `…P`).
    public var disableNotification = false
    /// The message may receive an expansion later (sessionId 0x40). Implied by ``expansion``.
    public var canIncludeExpansion = false
    /// An initial expansion (`extraContent`).
    public var expansion: [String: String]?
    /// Directed message recipients within a group (`userId`).
    public var directedUserIds: [String] = []
    /// A client-side unique id (`clientUniqueId`).
    public var clientUniqueId: Int64?
    /// iOS VoIP push (`configFlag` bit 0).
    public var isVoIPPush = false
    /// The push shows no title (`configFlag` bit 2; RongIMLib 5.x `pushConfig.disablePushTitle`).
    public var disablePushTitle = false
    /// The push shows the content even where the receiver hides details (`configFlag` bit 3;
    /// RongIMLib 5.x `pushConfig.forceShowDetailContent`).
    public var forceShowDetailContent = false
    /// Publish on this topic instead of the derived one (``Topic/recallMsg``, ``Topic/pcuMsgP``,
    /// ``Topic/ppMsgN``).
    public var topic: Topic?

    /// A message with typed content.
    public init(_ conversationType: ConversationType, targetId: String, content: some MessageContent) {
        self.conversationType = conversationType
        self.targetId = targetId
        self.content = .typed(AnyMessageContent(content))
        self.isMentioned = content.mentionedInfo != nil
    }

    /// A message with content bytes under an objectName the registry may not know.
    public init(_ conversationType: ConversationType, targetId: String, objectName: String, contentBytes: [UInt8], persistence: PersistenceFlag? = nil) {
        self.conversationType = conversationType
        self.targetId = targetId
        self.content = .unknown(UnknownContent(objectName: objectName, bytes: contentBytes))
        self.persistence = persistence
        self.isMentioned = false
    }

    /// The flag the message is sent with (see ``persistence``).
    public var effectivePersistence: PersistenceFlag { persistence ?? content.persistence ?? .isCounted }

    /// The `sessionId` bits: the flag's (none for STATUS and NONE), then 0x04, 0x20, 0x40.
    public var sessionIdBits: SessionIdBits {
        var bits = SessionIdBits(flag: effectivePersistence)
        if isMentioned { bits.insert(.mentioned) }
        if disableNotification { bits.insert(.disableNotification) }
        if canIncludeExpansion || expansion != nil { bits.insert(.canIncludeExpansion) }
        return bits
    }

    /// Whether the server answers with a PUBACK: not for STATUS messages (ENGINE `sendMessage`).
    public var expectsAck: Bool { !effectivePersistence.isStatus }

    /// The PUBLISH topic; `CodecError.Code.noPublishTopic` when the conversation type has none
    /// for the flag (a STATUS message to a discussion, anything to the system conversation).
    public func publishTopic() throws(CodecError) -> Topic {
        if let topic { return topic }
        guard let t = conversationType.publishTopic(TopicFamily(flag: effectivePersistence)) else {
            throw CodecError(.noPublishTopic, "no publish topic for a \(effectivePersistence) message in a \(conversationType) conversation")
        }
        return t
    }

    /// The UpStreamMessage body. Content above 131,072 bytes is `CodecError.Code.sizeLimit`.
    public func upStreamMessage() throws(CodecError) -> UpStreamMessage {
        let bytes = try content.jsonBytes()
        if bytes.count > DecodingOptions.protocolContentLimit {
            throw CodecError(.sizeLimit, "content is \(bytes.count) bytes, above the limit of \(DecodingOptions.protocolContentLimit)")
        }
        var m = UpStreamMessage(sessionId: sessionIdBits, classname: content.objectName, content: bytes)
        m.pushText = pushContent
        m.appData = pushData
        m.userId = directedUserIds
        m.configFlag = (isVoIPPush ? 0x01 : 0) | (disablePushTitle ? 0x04 : 0) | (forceShowDetailContent ? 0x08 : 0)
        m.clientUniqueId = clientUniqueId
        if let expansion { m.extraContent = try MessageExpansion.encode(expansion) }
        m.busChannel = channelId
        return m
    }

    /// The PUBLISH packet (client → server, QoS 1).
    public func packet(messageId: UInt16) throws(CodecError) -> Packet {
        let payload = try upStreamMessage().encoded()
        let publish = Packet.Publish(
            topic: try publishTopic(), targetId: RMTPString(targetId), messageId: messageId, payload: payload)
        return Packet(.publish(publish), qos: .atLeastOnce)
    }

    /// The bytes of the PUBLISH packet.
    public func encoded(messageId: UInt16) throws(CodecError) -> [UInt8] {
        // The packet's bytes, with the body written into the frame in place (not copied).
        let body = try upStreamMessage()
        let publish = Packet.Publish(topic: try publishTopic(), targetId: RMTPString(targetId), messageId: messageId)
        return try Packet(.publish(publish), qos: .atLeastOnce).encoded(payload: body)
    }
}
