// Sources/RongEnvelope/Bodies/BodyJSON+Generated.swift - a generated body parsed or written by its type, for the package's own code

import RongCodec
package import SwiftProtobuf

extension BodyJSON {
    /// Parses a payload as the generated body `M`, by the path ``parse(_:as:)-(_,BodyType)``
    /// takes: required fields checked, a missing one named with its path
    /// (`CodecError.Code.missingRequiredField`), other bytes that are not an `M`
    /// `CodecError.Code.protobufDecoding`. For package code that reads a body whose type it knows
    /// (the mock peer's QUERY requests and its client's replies).
    package static func parse<M: SwiftProtobuf.Message>(_ payload: [UInt8], as type: M.Type) throws(CodecError) -> M {
        guard let name = BodyType(protoMessageName: M.protoMessageName) else {
            throw CodecError(.invalidValue, "\(M.protoMessageName) is not a body of spec/rongcloud.proto")
        }
        return try parse(payload, as: type, name: name)
    }

    /// The payload of a generated body, canonical, required fields checked (a missing one is
    /// `CodecError.Code.missingRequiredField`, named with its path).
    package static func payload(of message: some SwiftProtobuf.Message) throws(CodecError) -> [UInt8] {
        guard let name = BodyType(protoMessageName: type(of: message).protoMessageName) else {
            throw CodecError(.invalidValue, "\(type(of: message).protoMessageName) is not a body of spec/rongcloud.proto")
        }
        return try serialize(message, name)
    }
}
