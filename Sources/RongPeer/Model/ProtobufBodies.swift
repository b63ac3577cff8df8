// Sources/RongPeer/Model/ProtobufBodies.swift - protobuf bodies built and parsed by the peer and its client

import RongCodec
import SwiftProtobuf

/// Protobuf bytes of a message built by the peer (required fields are always set).
func protoBytes(_ m: some SwiftProtobuf.Message) -> [UInt8] {
    (try? m.serializedBytes(partial: true)) ?? []
}

/// Parses a protobuf body, required fields checked.
func parseBody<M: SwiftProtobuf.Message>(_ payload: [UInt8], as _: M.Type) throws(CodecError) -> M {
    do {
        return try M(serializedBytes: payload)
    } catch BinaryDecodingError.missingRequiredFields {
        throw CodecError(.missingRequiredField, "\(M.protoMessageName) lacks a required field")
    } catch {
        throw CodecError(.protobufDecoding, "not a \(M.protoMessageName): \(error)")
    }
}
