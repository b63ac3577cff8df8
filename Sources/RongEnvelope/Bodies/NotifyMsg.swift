// Sources/RongEnvelope/Bodies/NotifyMsg.swift - the server's "pull now" notice (NotifyMsg)

import RongCodec

/// The NotifyMsg body (spec/rongcloud.proto, envelope.md § 7.3): the server's notice on `s_ntf`
/// that there is something to pull, and on `s_cmd` that something changed (a chatroom's KV, a
/// conversation's status, a destroyed chatroom, ultra-group messages and their changes; the
/// values are ``Kind``'s, spec/envelope.md ENV-NTF-001). ``decode(_:)`` and ``encoded()``
/// convert the payload bytes.
///
/// ```swift
/// let notice = try NotifyMsg.decode(publish.payload)
/// if publish.topic == .s_cmd && notice.kind == .ultraGroupMessages { /* QUERY pullUgMsg */ }
/// ```
///
/// Fields are named as in the schema (and the body JSON form); optional fields are nil when
/// absent on the wire. Fields the schema does not define are not kept.
public struct NotifyMsg: Hashable, Sendable {
    /// `type` (1, required): what to pull (``kind`` names it). On `s_ntf`, 2 names a chatroom
    /// (``chrmId``) and any other value the inbox; on `s_cmd`, 2 is a chatroom's KV, 3
    /// conversation status, 4 a destroyed chatroom, 6 ultra-group messages, 7 their changes.
    public var type: Int32
    /// `time` (2): the time of the change, ms since the epoch (the inbox time on `s_ntf`).
    public var time: Int64?
    /// `chrmId` (3): the chatroom a type 2 notice is about.
    public var chrmId: String?

    /// A notice of `type`; the optional fields are absent unless given.
    public init(type: Int32, time: Int64? = nil, chrmId: String? = nil) {
        self.type = type
        self.time = time
        self.chrmId = chrmId
    }

    /// A notice of `kind`; the optional fields are absent unless given.
    public init(kind: Kind, time: Int64? = nil, chrmId: String? = nil) {
        self.init(type: kind.rawValue, time: time, chrmId: chrmId)
    }

    /// ``type`` as a named value.
    public var kind: Kind { Kind(rawValue: type) }

    /// The named values of ``type`` (spec/envelope.md ENV-NTF-001). The same number means
    /// different things on the two topics: 2 on `s_ntf` is ``chatroomMessages``, on `s_cmd`
    /// ``chatroomKV``. Any other value is a kind too (an `s_ntf` of another value pulls the
    /// inbox; an `s_cmd` of another value is ignored by 5.7.2).
    public struct Kind: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// `s_ntf` 1 (or any value but 2): pull the inbox with `pullMsg` (ENGINE lines 5977-5988).
        public static let inbox = Kind(rawValue: 1)
        /// `s_ntf` 2: pull the chatroom ``chrmId`` names with `chrmPull` (ENGINE lines 5977-5988).
        public static let chatroomMessages = Kind(rawValue: 2)
        /// `s_cmd` 2: the chatroom's KV changed, pull it with `pullKV` (ENGINE lines 5895-5907).
        public static let chatroomKV = Kind(rawValue: 2)
        /// `s_cmd` 3: conversation status changed, pull it with `pullSeAtts` (ENGINE lines
        /// 5895-5907).
        public static let conversationStatus = Kind(rawValue: 3)
        /// `s_cmd` 4: the chatroom was destroyed; 5.7.2 raises CHATROOM `{chatroomDestroyed}`
        /// (`_receiveStateNotify`, offset 352443).
        public static let chatroomDestroyed = Kind(rawValue: 4)
        /// `s_cmd` 6: new ultra-group messages, pull them with `pullUgMsg` (5.7.2 `case 6:`,
        /// offset 352799).
        public static let ultraGroupMessages = Kind(rawValue: 6)
        /// `s_cmd` 7: ultra-group messages changed (modified, expansion, recalled, channel),
        /// pull the changes with `qryMsgChange` (5.7.2 `case 7:`, offset 352896).
        public static let ultraGroupMessageChanges = Kind(rawValue: 7)
    }

    /// Decodes payload bytes: `CodecError.Code.protobufDecoding` for bytes that are not a
    /// NotifyMsg, `CodecError.Code.missingRequiredField` (with the field) when `type` is absent.
    public static func decode(_ payload: [UInt8]) throws(CodecError) -> NotifyMsg {
        try wireDecoded(payload)
    }

    /// The payload bytes: canonical, fields in number order. Every value has one, so unlike the
    /// message bodies' this does not throw.
    public func encoded() -> [UInt8] {
        wireEncoded()
    }
}

// MARK: The generated type (the packet JSON form's codec, and the differential test's reference)

extension NotifyMsg {
    init(_ m: Modules_NotifyMsg) {
        type = m.type
        time = m.hasTime ? m.time : nil
        chrmId = m.hasChrmID ? m.chrmID : nil
    }

    var generated: Modules_NotifyMsg {
        var m = Modules_NotifyMsg()
        m.type = type
        if let time { m.time = time }
        if let chrmId { m.chrmID = chrmId }
        return m
    }
}
