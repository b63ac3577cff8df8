// Sources/RongPeer/Model/BodyBytes.swift - the peer's protobuf bodies, read and written through RongEnvelope's body layer

import RongCodec
import RongEnvelope
import SwiftProtobuf

/// The peer reads and writes every body through RongEnvelope's body layer, one protobuf path
/// with its diagnoses: the message bodies by their public values and the wire reader and writer
/// (``UpStreamMessage``, ``DownStreamMessage``, ``DownStreamMessages``, ``NotifyMsg``), the QUERY
/// request and reply bodies as the generated types through `BodyJSON.parse(_:as:)` and
/// `BodyJSON.payload(of:)` (required fields checked, a missing one named with its path). Those
/// generated types (`Modules_…`, package access in RongEnvelope) are named only where a QUERY is
/// read or its reply built (spec/peer.md, "Bodies"); the stores keep the peer's own values.
extension PeerModel {
    /// A QUERY's request body: `CodecError.Code.missingRequiredField` names the field a body
    /// lacks, `CodecError.Code.protobufDecoding` anything else that is not an `M`.
    static func request<M: SwiftProtobuf.Message>(_ payload: [UInt8], as type: M.Type) throws(CodecError) -> M {
        try BodyJSON.parse(payload, as: type)
    }

    /// The payload of a reply body the peer built.
    static func bytes(_ body: some SwiftProtobuf.Message) -> [UInt8] {
        do {
            return try BodyJSON.payload(of: body)
        } catch {
            return incomplete(type(of: body).protoMessageName, error)
        }
    }

    /// The payload of a message the peer pushes.
    static func bytes(_ body: DownStreamMessage) -> [UInt8] {
        do {
            return try body.encoded()
        } catch {
            return incomplete("DownStreamMessage", error)
        }
    }

    /// The payload of a pull result.
    static func bytes(_ body: DownStreamMessages) -> [UInt8] {
        do {
            return try body.encoded()
        } catch {
            return incomplete("DownStreamMessages", error)
        }
    }

    /// The payload of a message echoed as its sender sent it.
    static func bytes(_ body: UpStreamMessage) -> [UInt8] {
        do {
            return try body.encoded()
        } catch {
            return incomplete("UpStreamMessage", error)
        }
    }

    /// Every body the peer builds sets its required fields, and a message's conversation type is
    /// one the peer serves (the scenarios decode every reply, required fields checked): a body
    /// that does not is the peer's bug, which a debug build stops at. A release build sends no
    /// payload, which the client reports.
    private static func incomplete(_ name: String, _ error: CodecError) -> [UInt8] {
        assertionFailure("the peer built an incomplete \(name): \(error.code): \(error.reason)")
        return []
    }
}
