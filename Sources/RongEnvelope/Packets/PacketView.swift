// Sources/RongEnvelope/Packets/PacketView.swift - one decoded frame that borrows the frame's bytes

import RongCodec

/// One packet decoded in place: the header fields as values, the protobuf payload as a view of
/// the frame's bytes.
///
/// ``Packet/decode(_:from:protocol:)-([UInt8],_,_)`` gives an owned ``Packet``: its payload is an array of its own, so
/// the packet outlives the frame (to queue it, store it, send it to another task). A
/// `PacketView` copies nothing: ``payload`` points into the frame, and the body decoders
/// (``DownStreamMessage/decode(_:)-(UnsafeRawBufferPointer)``,
/// ``InboundMessage/init(view:currentUserId:registry:options:)``, …) read it there. Use it on a
/// receive path that turns each frame into a body value or a message and drops the frame.
///
/// Ownership: the caller owns the frame's bytes and keeps them; the view borrows them.
/// ``payload`` is valid only while the memory it points into stays allocated and unchanged: in
/// ``Packet/withDecoded(_:from:protocol:_:)-([UInt8],_,_,_)`` until the closure returns, with
/// ``init(decoding:from:protocol:)`` as long as the caller keeps the buffer it passed. The view is
/// non-copyable so it is not passed around by accident; do not keep ``payload`` (or the view)
/// past that point. ``owned()`` copies the payload into an owned ``Packet`` where one is needed.
///
/// ```swift
/// let message = try Packet.withDecoded(frame, from: .server) { view throws(CodecError) in
///     try InboundMessage(view: view)
/// }
/// ```
///
/// Decoding checks exactly what ``Packet/decode(_:from:protocol:)-([UInt8],_,_)`` checks and throws the same
/// errors: both read the header with the same functions.
public struct PacketView: ~Copyable {
    /// The header byte's fields.
    public let header: PacketHeader
    /// The side the frame was decoded as coming from (the `from` argument).
    public let sender: Side
    /// Server time in seconds: server PUBLISH and QUERYACK; nil for the other packets (the
    /// server PUBACK's date is in ``owned()``).
    public let date: UInt32?
    /// The topic of a PUBLISH (either direction) or QUERY; nil for the other packets.
    ///
    /// Checked when the view was decoded (the same errors as the owned decode) but kept as the
    /// frame's bytes: the text is made on each access (cheap for the short ASCII topics and ids;
    /// read it once where it is needed more than once).
    public var topic: Topic? { topicBytes.map { Topic(wire: RMTPString(checked: $0)) } }
    /// The targetId of a PUBLISH or QUERY; nil for the other packets. Made from the frame's
    /// bytes on each access, as ``topic``.
    public var targetId: RMTPString? { targetIdBytes.map { RMTPString(checked: $0) } }
    /// The checked wire bytes of ``topic`` and ``targetId``, in the frame.
    private let topicBytes: UnsafeBufferPointer<UInt8>?
    private let targetIdBytes: UnsafeBufferPointer<UInt8>?
    /// The message id of the packets that carry one (as ``Packet/Body/messageId``).
    public let messageId: UInt16?
    /// The QUERYACK status; nil for the other packets.
    public let status: UInt16?
    /// The protobuf payload of a PUBLISH, QUERY or QUERYACK (to the end of the frame), in the
    /// frame's own memory; nil for packets without one. Valid only while the frame is (see the
    /// type's ownership rule).
    public let payload: UnsafeRawBufferPointer?
    /// The body of a packet without a payload, decoded whole (it holds nothing to borrow).
    private let fixedBody: Packet.Body?

    /// Decodes the packet in `frame`, borrowing it: the caller keeps `frame`'s memory allocated
    /// and unchanged while it uses the view. The same checks and errors as
    /// ``Packet/decode(_:from:protocol:)-([UInt8],_,_)``; `version` is the connection's protocol
    /// version, which decides a CONNACK's layout.
    public init(decoding frame: UnsafeRawBufferPointer, from sender: Side, protocol version: ProtocolVersion = .v3) throws(CodecError) {
        var r = ByteReader(frame)
        let header = try Packet.readHeader(&r, from: sender)
        // Each case reads everything before it sets anything (a non-copyable value is
        // initialized on every path or on none), and sets the view directly: the payload
        // packets' views are not built from locals, which copied the fixed-body slot whole.
        switch header.type {
        case .query,  // always from the client (checkDecodable)
            .publish where sender == .client:
            let f = try Packet.readAddressed(&r) { (r, field) throws(CodecError) in try r.checkedStringBytes(field) }
            self.init(
                header: header, sender: sender, date: nil, topic: f.topic, targetId: f.targetId, messageId: f.messageId, status: nil,
                payload: r.rest(), fixedBody: nil)
        case .publish:
            let f = try Packet.readServerPublish(&r) { (r, field) throws(CodecError) in try r.checkedStringBytes(field) }
            self.init(
                header: header, sender: sender, date: f.date, topic: f.topic, targetId: f.targetId, messageId: f.messageId, status: nil,
                payload: r.rest(), fixedBody: nil)
        case .queryAck:
            let f = try Packet.readQueryAck(&r)
            self.init(
                header: header, sender: sender, date: f.date, topic: nil, targetId: nil, messageId: f.messageId, status: f.status,
                payload: r.rest(), fixedBody: nil)
        default:
            let body = try Packet.decodeFixedBody(header.type, from: sender, protocol: version, &r)
            self.init(
                header: header, sender: sender, date: nil, topic: nil, targetId: nil, messageId: body.messageId, status: nil,
                payload: nil, fixedBody: body)
        }
    }

    @inline(__always)
    private init(
        header: PacketHeader, sender: Side, date: UInt32?, topic: UnsafeBufferPointer<UInt8>?, targetId: UnsafeBufferPointer<UInt8>?,
        messageId: UInt16?, status: UInt16?, payload: UnsafeRawBufferPointer?, fixedBody: consuming Packet.Body?
    ) {
        self.header = header
        self.sender = sender
        self.date = date
        topicBytes = topic
        targetIdBytes = targetId
        self.messageId = messageId
        self.status = status
        self.payload = payload
        self.fixedBody = fixedBody
    }

    /// The packet type.
    public var type: PacketType { header.type }

    /// An owned packet: the same values, the payload copied into an array of its own. Equal to
    /// what ``Packet/decode(_:from:protocol:)-([UInt8],_,_)`` gives for the same frame.
    public func owned() -> Packet {
        let body: Packet.Body
        if let fixedBody {
            body = fixedBody
        } else {
            // Only PUBLISH, QUERY and QUERYACK get here, with the fields their case set.
            let bytes = payload?.copiedBytes ?? []
            let topic = topic, targetId = targetId
            switch (header.type, sender) {
            case (.publish, .server):
                body = .serverPublish(
                    Packet.ServerPublish(date: date ?? 0, topic: topic ?? Topic(""), targetId: targetId ?? "", messageId: messageId ?? 0, payload: bytes))
            case (.queryAck, _):
                body = .queryAck(Packet.QueryAck(messageId: messageId ?? 0, date: date ?? 0, status: status ?? 0, payload: bytes))
            default:
                let p = Packet.Publish(topic: topic ?? Topic(""), targetId: targetId ?? "", messageId: messageId ?? 0, payload: bytes)
                body = header.type == .query ? .query(p) : .publish(p)
            }
        }
        return Packet(body, dup: header.dup, qos: header.qos, retain: header.retain)
    }

    /// The side that sends this kind of packet, as ``Packet/sender``: nil for DISCONNECT, which
    /// both sides send.
    var bodySender: Side? { header.type == .disconnect ? nil : sender }
}

extension Packet {
    /// Decodes one frame in place and hands `body` a view of it: the payload is not copied
    /// (see ``PacketView`` for the ownership rule). The view and its ``PacketView/payload`` are
    /// valid only until `body` returns; return owned values (a body value, an
    /// ``InboundMessage``, ``PacketView/owned()``) out of it. Decoding errors are those of
    /// ``decode(_:from:protocol:)-([UInt8],_,_)``; `body`'s are passed on. `version` is the
    /// connection's protocol version (a CONNACK's layout depends on it).
    @inlinable
    public static func withDecoded<R>(
        _ frame: UnsafeRawBufferPointer, from sender: Side, protocol version: ProtocolVersion = .v3,
        _ body: (borrowing PacketView) throws(CodecError) -> R
    ) throws(CodecError) -> R {
        try body(PacketView(decoding: frame, from: sender, protocol: version))
    }

    /// The same for a frame in an array (the array keeps the bytes for the call).
    @inlinable
    public static func withDecoded<R>(
        _ frame: [UInt8], from sender: Side, protocol version: ProtocolVersion = .v3,
        _ body: (borrowing PacketView) throws(CodecError) -> R
    ) throws(CodecError) -> R {
        // Inlinable: specialized for the caller's R (a generic call across modules is slow).
        try frame.withUnsafeBufferPointer { (b) throws(CodecError) in
            try body(PacketView(decoding: UnsafeRawBufferPointer(b), from: sender, protocol: version))
        }
    }
}
