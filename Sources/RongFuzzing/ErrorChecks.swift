// Sources/RongFuzzing/ErrorChecks.swift - what every error a body sees must look like

import RongCodec
import RongEnvelope

/// The error codes each decoder may throw (spec/vectors.md and spec/envelope.md, "Error
/// codes"). A code outside its set is a violation: either an untyped failure leaked through a
/// catch-all, or a new code that the spec does not list yet.
enum ErrorCodes {
    /// JSON syntax (RFC 8259) and limits.
    static let syntax: Set<CodecError.Code> = [
        .truncated, .unexpectedByte, .trailingComma, .trailingGarbage, .invalidUTF8, .controlCharacter, .invalidEscape,
        .loneSurrogate, .leadingZero, .malformedNumber, .numberOutOfRange, .duplicateKey, .depthLimit, .sizeLimit,
    ]
    /// Decoding content of a registered type.
    static let content: Set<CodecError.Code> = syntax.union([.typeMismatch, .missingRequiredField, .invalidValue, .emptyContent])
    /// Decoding packet bytes (ENV-FRAME, ENV-HDR, ENV-STR, ENV-PKT-001 flags).
    static let packet: Set<CodecError.Code> = [
        .truncated, .trailingGarbage, .sizeLimit, .invalidValue, .unsupportedPacketType, .unknownPacketType, .wrongDirection,
        .invalidString,
    ]
    /// A payload that does not decode as its body type (ENV-BODY-003, ENV-JSON-004).
    static let payload: Set<CodecError.Code> = [.protobufDecoding, .missingRequiredField]
    /// A received message: its payload, its content, its expansion (FLAG-009), or no message.
    static let message: Set<CodecError.Code> = content.union(payload).union([.notAMessage, .unknownObjectName, .invalidObjectName])
}

extension CodecError {
    /// Why this error is malformed for a decoder of `count` input bytes that may throw `codes`:
    /// a code outside the set, an offset outside `0...count`, or a path that is not a JSON path
    /// (`$…`, or `extraContent…` for an expansion).
    func problems(allowed codes: Set<CodecError.Code>, inputCount count: Int, what: String) -> [String] {
        var out: [String] = []
        if !codes.contains(code) { out.append("\(what): unexpected error code \(code.rawValue): \(self)") }
        if let offset, offset < 0 || offset > count {
            out.append("\(what): error offset \(offset) outside the input of \(count) bytes: \(self)")
        }
        if let path, !(path.hasPrefix("$") || path.hasPrefix("extraContent")) {
            out.append("\(what): error path \(path) is not a JSON path: \(self)")
        }
        return out
    }
}
