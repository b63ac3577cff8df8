// Sources/RongPeer/Model/ProtobufBodies.swift - protobuf bodies built and parsed by the peer and its client

import RongCodec
import RongEnvelope
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

/// The body of `joinChrm`, `joinChrmR` and `exitChrm` as ENGINE writes it: ChrmInput with
/// `nothing` 1 (`encodeJoinOrQuitChatRoom`, line 3245).
let chatroomInput: [UInt8] = {
    var m = Modules_ChrmInput()
    m.nothing = 1
    return protoBytes(m)
}()
