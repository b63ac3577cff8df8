// Sources/RongEnvelope/Bodies/NotifyMsg.swift - the server's "pull now" notice (NotifyMsg)

import RongCodec

/// The NotifyMsg body (spec/rongcloud.proto, envelope.md § 7.3): the server's notice on `s_ntf`
/// that there is something to pull, and on `s_cmd` that something changed (a chatroom's KV, a
/// conversation's status). ``decode(_:)`` and ``encoded()`` convert the payload bytes.
///
/// Fields are named as in the schema (and the body JSON form); optional fields are nil when
/// absent on the wire. Fields the schema does not define are not kept.
public struct NotifyMsg: Hashable, Sendable {
    /// `type` (1, required): what to pull. On `s_ntf`, 2 names a chatroom (``chrmId``) and any
    /// other value the inbox; on `s_cmd`, 2 is a chatroom's KV and 3 conversation status.
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
