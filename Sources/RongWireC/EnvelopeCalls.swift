// Sources/RongWireC/EnvelopeCalls.swift - the envelope's C entry points (rongwire.h)

import CRongWire
import RongCodec
import RongEnvelope

/// `rongwire_decode_frame` of `rongwire.h`: packet bytes → the packet JSON form (`rongwire frame decode`).
///
/// See the header for the arguments, options and errors; the result is written into `result`
/// and freed with `rongwire_free`.
@_cdecl("rongwire_decode_frame")
public func rongwireDecodeFrame(
    _ side: rongwire_side, _ frame: UnsafePointer<UInt8>?, _ frameLength: Int, _ options: UnsafePointer<rongwire_options>?,
    _ result: UnsafeMutablePointer<rongwire_result>?
) -> rongwire_status {
    runCall(result) { () throws(CodecError) in
        let sender = try CallArguments.side(side)
        let o = try CallOptions(options)
        let raw = try CallArguments.limited(try CallArguments.bytes(frame, frameLength, "frame"), limit: o.frameLimit)
        let packet = try Packet.decode(raw, from: sender, protocol: o.protocolVersion)
        let json = PacketJSONOptions(decodeBodies: !o.has(RONGWIRE_RAW_BODY), queryTopic: o.queryTopic, registry: o.registry)
        return CallOutput(bytes: try o.text(try packet.jsonValue(options: json)))
    }
}

/// `rongwire_encode_frame` of `rongwire.h`: the packet JSON form → packet bytes (`rongwire frame encode`).
///
/// See the header for the arguments, options and errors; the result is written into `result`
/// and freed with `rongwire_free`.
@_cdecl("rongwire_encode_frame")
public func rongwireEncodeFrame(
    _ side: rongwire_side, _ json: UnsafePointer<UInt8>?, _ jsonLength: Int, _ options: UnsafePointer<rongwire_options>?,
    _ result: UnsafeMutablePointer<rongwire_result>?
) -> rongwire_status {
    runCall(result) { () throws(CodecError) in
        let sender = try CallArguments.side(side)
        let o = try CallOptions(options)
        let raw = try CallArguments.limited(try CallArguments.bytes(json, jsonLength, "json"), limit: o.frameLimit)
        let packet = try Packet(json: try CallArguments.json(raw, depth: o.maxDepth), from: sender, protocol: o.protocolVersion)
        return CallOutput(bytes: try packet.encoded())
    }
}

/// `rongwire_compose_message` of `rongwire.h`: the outbound message JSON form → the client PUBLISH's bytes.
///
/// See the header for the arguments, options and errors; the result is written into `result`
/// and freed with `rongwire_free`.
@_cdecl("rongwire_compose_message")
public func rongwireComposeMessage(
    _ json: UnsafePointer<UInt8>?, _ jsonLength: Int, _ options: UnsafePointer<rongwire_options>?,
    _ result: UnsafeMutablePointer<rongwire_result>?
) -> rongwire_status {
    runCall(result) { () throws(CodecError) in
        let o = try CallOptions(options)
        let raw = try CallArguments.limited(try CallArguments.bytes(json, jsonLength, "json"), limit: o.frameLimit)
        let (message, messageId) = try OutboundMessage.decodeJSON(try CallArguments.json(raw, depth: o.maxDepth), registry: o.registry)
        return CallOutput(bytes: try message.encoded(messageId: messageId))
    }
}

/// `rongwire_read_message`: a server PUBLISH → the inbound message JSON form, a pull's QUERYACK
/// → the pull result (`rongwire frame decode --message`).
@_cdecl("rongwire_read_message")
public func rongwireReadMessage(
    _ side: rongwire_side, _ frame: UnsafePointer<UInt8>?, _ frameLength: Int, _ options: UnsafePointer<rongwire_options>?,
    _ result: UnsafeMutablePointer<rongwire_result>?
) -> rongwire_status {
    runCall(result) { () throws(CodecError) in
        let sender = try CallArguments.side(side)
        let o = try CallOptions(options)
        let raw = try CallArguments.limited(try CallArguments.bytes(frame, frameLength, "frame"), limit: o.frameLimit)
        let packet = try Packet.decode(raw, from: sender, protocol: o.protocolVersion)
        let value: JSONValue
        if case .queryAck(let ack) = packet.body {
            guard InboundMessage.queryAckHoldsMessages(queryTopic: o.queryTopic) else {
                throw CodecError(.notAMessage, "a QUERYACK holds messages only as the answer to pullMsg or chrmPull (query_topic)")
            }
            value = try InboundMessage.pullResult(ack.payload, currentUserId: o.userId, registry: o.registry).jsonValue()
        } else {
            value = try InboundMessage(packet: packet, currentUserId: o.userId, registry: o.registry).jsonValue()
        }
        return CallOutput(bytes: try o.text(value))
    }
}
