// Tests/RongPeerTests/Support/Bodies.swift - protobuf bodies as the tests' clients write them and read the peer's

import RongCodec
import RongEnvelope
import SwiftProtobuf

@testable import RongPeer

/// A body as a test's client sends it: required fields are not checked, so a test can send one
/// that lacks them (the peer must refuse it, PEER-HOSTILE-001).
func protoBytes(_ m: some SwiftProtobuf.Message) -> [UInt8] {
    (try? m.serializedBytes(partial: true)) ?? []
}

/// A body the peer wrote, read as the peer reads one: through RongEnvelope's body layer,
/// required fields checked.
func parseBody<M: SwiftProtobuf.Message>(_ payload: [UInt8], as type: M.Type) throws(CodecError) -> M {
    try BodyJSON.parse(payload, as: type)
}

/// ChrmInput{`nothing` 1}, the body of the chatroom join and quit topics.
let chatroomInput = ClientQueryBodies.chatroomInput
