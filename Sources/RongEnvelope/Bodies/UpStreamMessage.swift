// Sources/RongEnvelope/Bodies/UpStreamMessage.swift - the client's message body (UpStreamMessage)

import RongCodec

/// The UpStreamMessage body (spec/rongcloud.proto, envelope.md § 7.1): a message as a client
/// sends it in a PUBLISH on a publish topic, and as the server echoes it to the sender's other
/// devices. ``OutboundMessage`` builds one; ``decode(_:)-([UInt8])`` and ``encoded()`` convert the payload
/// bytes.
///
/// Fields are named as in the schema (and the body JSON form); optional fields are nil when
/// absent on the wire. Fields the schema does not define are not kept.
public struct UpStreamMessage: Hashable, Sendable {
    /// `sessionId` (1, required): the persistence and option bits (envelope.md § 8.2).
    public var sessionId: SessionIdBits
    /// `classname` (2, required): the content's objectName.
    public var classname: String
    /// `content` (3, required): the content JSON bytes.
    public var content: [UInt8]
    /// `pushText` (4): the push notification text.
    public var pushText: String?
    /// `appData` (5): the hidden push payload.
    public var appData: String?
    /// `userId` (6): the directed recipients within a group.
    public var userId: [String] = []
    /// `delMsgTime` (7).
    public var delMsgTime: Int64?
    /// `delMsgId` (8).
    public var delMsgId: String?
    /// `configFlag` (9): bit 0 is iOS VoIP push (envelope.md § 8.4).
    public var configFlag: Int32?
    /// `clientUniqueId` (10): the sending client's unique id.
    public var clientUniqueId: Int64?
    /// `extraContent` (11): the expansion as text (``MessageExpansion`` reads and writes it).
    public var extraContent: String?
    /// `pushExt` (12): push options.
    public var pushExt: PushExtra?
    /// `busChannel` (13): the ultragroup channel id.
    public var busChannel: String?

    /// A body with its required fields; the optional ones are absent until set.
    public init(sessionId: SessionIdBits, classname: String, content: [UInt8]) {
        self.sessionId = sessionId
        self.classname = classname
        self.content = content
    }

    /// Decodes payload bytes: `CodecError.Code.protobufDecoding` for bytes that are not an
    /// UpStreamMessage, `CodecError.Code.missingRequiredField` (with the field) when a required
    /// field is absent.
    public static func decode(_ payload: [UInt8]) throws(CodecError) -> UpStreamMessage {
        try wireDecoded(payload)
    }

    /// The payload bytes: canonical, fields in number order.
    public func encoded() throws(CodecError) -> [UInt8] {
        wireEncoded()
    }
}

// MARK: The generated type (the packet JSON form's codec, and the differential test's reference)

extension UpStreamMessage {
    package init(_ m: Modules_UpStreamMessage) {
        sessionId = SessionIdBits(rawValue: m.sessionID)
        classname = m.classname
        content = [UInt8](m.content)
        pushText = m.hasPushText ? m.pushText : nil
        appData = m.hasAppData ? m.appData : nil
        userId = m.userID
        delMsgTime = m.hasDelMsgTime ? m.delMsgTime : nil
        delMsgId = m.hasDelMsgID ? m.delMsgID : nil
        configFlag = m.hasConfigFlag ? m.configFlag : nil
        clientUniqueId = m.hasClientUniqueID ? m.clientUniqueID : nil
        extraContent = m.hasExtraContent ? m.extraContent : nil
        pushExt = m.hasPushExt ? PushExtra(m.pushExt) : nil
        busChannel = m.hasBusChannel ? m.busChannel : nil
    }

    var generated: Modules_UpStreamMessage {
        var m = Modules_UpStreamMessage()
        m.sessionID = sessionId.rawValue
        m.classname = classname
        m.content = .init(content)
        if let pushText { m.pushText = pushText }
        if let appData { m.appData = appData }
        m.userID = userId
        if let delMsgTime { m.delMsgTime = delMsgTime }
        if let delMsgId { m.delMsgID = delMsgId }
        if let configFlag { m.configFlag = configFlag }
        if let clientUniqueId { m.clientUniqueID = clientUniqueId }
        if let extraContent { m.extraContent = extraContent }
        if let pushExt { m.pushExt = pushExt.generated }
        if let busChannel { m.busChannel = busChannel }
        return m
    }
}
