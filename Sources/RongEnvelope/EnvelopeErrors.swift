// Sources/RongEnvelope/EnvelopeErrors.swift - error codes of the envelope layer

import RongCodec

// The envelope reports through RongWire's one error type, `CodecError`. Where a content code
// already says what went wrong it is reused: `truncated` (the packet ends inside a field),
// `trailingGarbage` (bytes after a fixed-layout body), `sizeLimit` (a string longer than 65,535
// bytes, content above 131,072 bytes), `missingRequiredField` (a proto2 `required` field is
// absent), `typeMismatch`, `invalidValue` and `numberOutOfRange` (the packet JSON form). The codes
// below are new. Their raw values are stable: they are printed as `error[CODE]` and used by
// conformance vectors (spec/envelope.md, "Error codes").
extension CodecError.Code {
    /// The header names a packet type RongWire does not decode: SYMMETRIC (0, private-cloud
    /// encryption negotiation, layout unpublished) or SUBSCRIBE, SUBACK, UNSUBSCRIBE, UNSUBACK
    /// (8-11, unused by RongCloud).
    public static let unsupportedPacketType = CodecError.Code("unsupportedPacketType")
    /// The header names type 15, which is reserved.
    public static let unknownPacketType = CodecError.Code("unknownPacketType")
    /// A packet type that the given side of the connection never sends (a CONNACK from the client).
    public static let wrongDirection = CodecError.Code("wrongDirection")
    /// A length-prefixed header string that is neither CESU-8 nor UTF-8 (a lone surrogate, an
    /// overlong form, a cut sequence, a byte that cannot start a character).
    public static let invalidString = CodecError.Code("invalidString")
    /// A payload that is not a protobuf encoding of the body type its topic implies.
    public static let protobufDecoding = CodecError.Code("protobufDecoding")
    /// No publish topic exists for the conversation type and persistence flag (a STATUS message to
    /// a discussion, any message to the system conversation).
    public static let noPublishTopic = CodecError.Code("noPublishTopic")
    /// A packet or body that does not carry a message where one was asked for (an `s_ntf` push
    /// given to ``InboundMessage``).
    public static let notAMessage = CodecError.Code("notAMessage")
}
