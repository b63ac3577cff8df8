// Sources/RongEnvelope/Messages/InboundMessage+View.swift - typed messages from a borrowed frame

import RongCodec

extension InboundMessage {
    /// A message from a server PUBLISH read in place (``Packet/withDecoded(_:from:protocol:_:)-([UInt8],_,_,_)``):
    /// the body is decoded from the frame's bytes, not from a copy of the payload. The same
    /// values and errors as ``init(packet:currentUserId:registry:options:)`` for the same frame;
    /// the message owns everything it keeps, so it outlives the view.
    public init(
        view: borrowing PacketView,
        currentUserId: String = "",
        registry: ContentRegistry = .builtIn,
        options: DecodingOptions = .default
    ) throws(CodecError) {
        guard view.type == .publish, view.sender == .server, let payload = view.payload, let topic = view.topic,
            let targetId = view.targetId, let date = view.date
        else {
            throw CodecError(.notAMessage, "a \(view.type.name) from the \(view.bodySender?.description ?? "either side") does not carry a received message")
        }
        switch BodyType.serverPublish(topic: topic) {
        case .downStreamMessage:
            let m = try DownStreamMessage.decode(payload)
            try self.init(checked: m, currentUserId: currentUserId, registry: registry, options: options)
        case .upStreamMessage:
            let m = try UpStreamMessage.decode(payload)
            try self.init(echo: m, topic: topic, targetId: targetId.text, date: date, currentUserId: currentUserId, registry: registry, options: options)
        default:
            throw CodecError(.notAMessage, "topic \(topic.text) does not carry a message")
        }
        isSyncMessage = view.header.dup
    }

    /// The messages of a pull result read where the payload is (a QUERYACK
    /// ``PacketView/payload``): the same as ``pullResult(_:currentUserId:registry:options:)-([UInt8],_,_,_)``
    /// without a copy of the payload. The bytes are read during the call only.
    public static func pullResult(
        _ payload: UnsafeRawBufferPointer,
        currentUserId: String = "",
        registry: ContentRegistry = .builtIn,
        options: DecodingOptions = .default
    ) throws(CodecError) -> PullResult {
        PullResult(try DownStreamMessages.decode(payload), currentUserId: currentUserId, registry: registry, options: options)
    }
}

extension InboundMessage.PullResult {
    /// Each message of `list` decoded on its own (see ``InboundMessage/pullResult(_:currentUserId:registry:options:)-([UInt8],_,_,_)``).
    init(_ list: DownStreamMessages, currentUserId: String, registry: ContentRegistry, options: DecodingOptions) {
        messages = list.list.map { m in
            Result { () throws(CodecError) in
                try InboundMessage(checked: m, currentUserId: currentUserId, registry: registry, options: options)
            }
        }
        syncTime = list.syncTime
        // WEBv2 treats an absent `finished` as finished.
        isFinished = list.finished ?? true
        broadcastSyncTime = list.broadcastSyncTime
    }
}
