// Sources/RongEnvelope/Bodies/DownStreamMessages.swift - a pull result body (DownStreamMessages)

import RongCodec

/// The DownStreamMessages body (spec/rongcloud.proto, envelope.md § 7.3): the QUERYACK answer to
/// `pullMsg` and `chrmPull`. ``InboundMessage/pullResult(_:currentUserId:registry:options:)-([UInt8],_,_,_)`` reads one into
/// typed messages; ``decode(_:)-([UInt8])`` and ``encoded()`` convert the payload bytes.
///
/// Fields are named as in the schema (and the body JSON form); optional fields are nil when
/// absent on the wire. Fields the schema does not define are not kept.
public struct DownStreamMessages: Hashable, Sendable {
    /// `list` (1): the messages.
    public var list: [DownStreamMessage]
    /// `syncTime` (2, required): the inbox time to send with the next `pullMsg`.
    public var syncTime: Int64
    /// `finished` (3): no more pages; WEBv2 reads an absent value as true.
    public var finished: Bool?
    /// `broadcastSyncTime` (4).
    public var broadcastSyncTime: Int64?

    /// A body with its required field and messages; the optional fields are absent until set.
    public init(list: [DownStreamMessage] = [], syncTime: Int64) {
        self.list = list
        self.syncTime = syncTime
    }

    /// Decodes payload bytes: `CodecError.Code.protobufDecoding` for bytes that are not a
    /// DownStreamMessages, `CodecError.Code.missingRequiredField` (with the field's path) when
    /// a required field, its own or a message's, is absent.
    public static func decode(_ payload: [UInt8]) throws(CodecError) -> DownStreamMessages {
        try wireDecoded(payload)
    }

    /// The payload bytes: canonical, fields in number order. `CodecError.Code.invalidValue`
    /// when a message's ``DownStreamMessage/type`` is not a ChannelType number.
    public func encoded() throws(CodecError) -> [UInt8] {
        try wireEncoded()
    }
}

extension DownStreamMessages {
    /// The payload of a body whose messages are encoded already: each of `payloads` is one
    /// DownStreamMessage's payload (``DownStreamMessage/encoded()``), written in order as the
    /// `list` field, then `syncTime`, `finished` and `broadcastSyncTime`. The bytes equal
    /// ``encoded()`` of the same body, so a server that hands one message to many receivers
    /// (a live room's members pulling it) encodes the message once. The payloads are not
    /// checked: they are the caller's own encodings.
    public static func encoded(payloads: [[UInt8]], syncTime: Int64, finished: Bool?, broadcastSyncTime: Int64? = nil) -> [UInt8] {
        var size = 0
        for p in payloads { size += WireWriter.sizeOfDelimitedField(1, p.count) }
        size += WireWriter.sizeOfVarintField(2, syncTime)
        if finished != nil { size += 2 }
        if let broadcastSyncTime { size += WireWriter.sizeOfVarintField(4, broadcastSyncTime) }
        return WireWriter.bytes(size: size) { w in
            for p in payloads { w.bytesField(1, p) }
            w.varintField(2, syncTime)
            if let finished { w.varintField(3, finished ? 1 : 0) }
            if let broadcastSyncTime { w.varintField(4, broadcastSyncTime) }
        }
    }
}

// MARK: The generated type (the packet JSON form's codec, and the differential test's reference)

extension DownStreamMessages {
    init(_ m: Modules_DownStreamMessages) {
        list = m.list.map { DownStreamMessage($0) }
        syncTime = m.syncTime
        finished = m.hasFinished ? m.finished : nil
        broadcastSyncTime = m.hasBroadcastSyncTime ? m.broadcastSyncTime : nil
    }

    func generated() throws(CodecError) -> Modules_DownStreamMessages {
        var m = Modules_DownStreamMessages()
        m.list = try list.enumerated().map { (i, d) throws(CodecError) in try d.generated(path: JSONPath.element("$.list", i)) }
        m.syncTime = syncTime
        if let finished { m.finished = finished }
        if let broadcastSyncTime { m.broadcastSyncTime = broadcastSyncTime }
        return m
    }
}
