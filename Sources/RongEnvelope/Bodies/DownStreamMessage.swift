// Sources/RongEnvelope/Bodies/DownStreamMessage.swift - the server's message body (DownStreamMessage)

import RongCodec

/// The DownStreamMessage body (spec/rongcloud.proto, envelope.md § 7.2): a message as the server
/// delivers it, pushed on `s_msg` or as an element of a pull or history list.
/// ``InboundMessage/init(_:currentUserId:registry:options:)`` reads one into a typed message; ``decode(_:)-([UInt8])``
/// and ``encoded()`` convert the payload bytes.
///
/// Fields are named as in the schema (and the body JSON form); optional fields are nil when
/// absent on the wire. Fields the schema does not define are not kept.
public struct DownStreamMessage: Hashable, Sendable {
    /// `fromUserId` (1, required): the sender.
    public var fromUserId: String
    /// `type` (2, required): the conversation type, a ChannelType number. ChannelType has no
    /// push-service (9), encrypted (11) or RTC (12) value, so ``encoded()`` refuses those.
    public var type: ConversationType
    /// `groupId` (3): the group, chatroom or ultragroup, or the receiver of a one-to-one message.
    public var groupId: String?
    /// `classname` (4, required): the content's objectName.
    public var classname: String
    /// `content` (5, required): the content JSON bytes.
    public var content: [UInt8]
    /// `dataTime` (6, required): the sent time, ms since the epoch.
    public var dataTime: Int64
    /// `status` (7, required): the receive-side flag bits (envelope.md § 8.3).
    public var status: StatusBits
    /// `extra` (8).
    public var extra: Int64?
    /// `msgId` (9): the server-assigned message UID.
    public var msgId: String?
    /// `direction` (10): 1 when this user sent it.
    public var direction: Int32?
    /// `plantform` (11, spelled so in the schema).
    public var plantform: Int32?
    /// `isRemoved` (12).
    public var isRemoved: Int32?
    /// `source` (13).
    public var source: String?
    /// `clientUniqueId` (14): the sending client's unique id.
    public var clientUniqueId: Int64?
    /// `extraContent` (15): the expansion as text (``MessageExpansion`` reads and writes it).
    public var extraContent: String?
    /// `pushContent` (16): the push notification text.
    public var pushContent: String?
    /// `configFlag` (17).
    public var configFlag: Int32?
    /// `pushExt` (18): push options.
    public var pushExt: PushExtra?
    /// `busChannel` (19): the ultragroup channel id.
    public var busChannel: String?
    /// `extStatus` (20).
    public var extStatus: Int64?
    /// `toUserId` (21): the directed recipients.
    public var toUserId: [String] = []
    /// `groupUnpush` (22).
    public var groupUnpush: Int32?

    /// A body with its required fields; the optional ones are absent until set.
    public init(
        fromUserId: String, type: ConversationType, classname: String, content: [UInt8], dataTime: Int64,
        status: StatusBits
    ) {
        self.fromUserId = fromUserId
        self.type = type
        self.classname = classname
        self.content = content
        self.dataTime = dataTime
        self.status = status
    }

    /// Decodes payload bytes: `CodecError.Code.protobufDecoding` for bytes that are not a
    /// DownStreamMessage, `CodecError.Code.missingRequiredField` (with the field) when a
    /// required field is absent; a `type` number ChannelType does not define counts as absent
    /// (spec ENV-BODY-006).
    public static func decode(_ payload: [UInt8]) throws(CodecError) -> DownStreamMessage {
        try wireDecoded(payload)
    }

    /// The payload bytes: canonical, fields in number order. `CodecError.Code.invalidValue`
    /// when ``type`` is not a ChannelType number.
    public func encoded() throws(CodecError) -> [UInt8] {
        try wireEncoded()
    }
}

// MARK: The generated type (the packet JSON form's codec, and the differential test's reference)

extension DownStreamMessage {
    init(_ m: Modules_DownStreamMessage) {
        fromUserId = m.fromUserID
        type = ConversationType(rawValue: m.type.rawValue)
        groupId = m.hasGroupID ? m.groupID : nil
        classname = m.classname
        content = [UInt8](m.content)
        dataTime = m.dataTime
        status = StatusBits(rawValue: m.status)
        extra = m.hasExtra ? m.extra : nil
        msgId = m.hasMsgID ? m.msgID : nil
        direction = m.hasDirection ? m.direction : nil
        plantform = m.hasPlantform ? m.plantform : nil
        isRemoved = m.hasIsRemoved ? m.isRemoved : nil
        source = m.hasSource ? m.source : nil
        clientUniqueId = m.hasClientUniqueID ? m.clientUniqueID : nil
        extraContent = m.hasExtraContent ? m.extraContent : nil
        pushContent = m.hasPushContent ? m.pushContent : nil
        configFlag = m.hasConfigFlag ? m.configFlag : nil
        pushExt = m.hasPushExt ? PushExtra(m.pushExt) : nil
        busChannel = m.hasBusChannel ? m.busChannel : nil
        extStatus = m.hasExtStatus ? m.extStatus : nil
        toUserId = m.toUserID
        groupUnpush = m.hasGroupUnpush ? m.groupUnpush : nil
    }

    /// The generated message; `path` is where the body sits in a JSON form, for the error.
    package func generated(path: String = "$") throws(CodecError) -> Modules_DownStreamMessage {
        guard let channelType = Modules_ChannelType(rawValue: type.rawValue) else {
            throw CodecError(.invalidValue, "ChannelType has no value \(type.rawValue) (\(type))", path: path + ".type")
        }
        var m = Modules_DownStreamMessage()
        m.fromUserID = fromUserId
        m.type = channelType
        if let groupId { m.groupID = groupId }
        m.classname = classname
        m.content = .init(content)
        m.dataTime = dataTime
        m.status = status.rawValue
        if let extra { m.extra = extra }
        if let msgId { m.msgID = msgId }
        if let direction { m.direction = direction }
        if let plantform { m.plantform = plantform }
        if let isRemoved { m.isRemoved = isRemoved }
        if let source { m.source = source }
        if let clientUniqueId { m.clientUniqueID = clientUniqueId }
        if let extraContent { m.extraContent = extraContent }
        if let pushContent { m.pushContent = pushContent }
        if let configFlag { m.configFlag = configFlag }
        if let pushExt { m.pushExt = pushExt.generated }
        if let busChannel { m.busChannel = busChannel }
        if let extStatus { m.extStatus = extStatus }
        m.toUserID = toUserId
        if let groupUnpush { m.groupUnpush = groupUnpush }
        return m
    }
}
