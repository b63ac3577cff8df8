// Sources/RongEnvelope/Bodies/BodyJSON.swift - protobuf bodies ↔ their JSON form

#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
import RongCodec
package import SwiftProtobuf

/// Converts protobuf payloads to the JSON form of spec/envelope.md ("Body JSON") and back.
///
/// SwiftProtobuf's JSON mapping does the field work (schema field names, int64 as numbers, enums
/// by name, only present fields); this type adjusts what the protobuf mapping does differently:
/// `bytes` fields are written as text (the content JSON) instead of base64, and messages with a
/// content get a derived `$content` member with the content decoded by `ContentRegistry`.
/// Members whose name starts with `$` are output only; reading ignores them.
public enum BodyJSON {
    /// Decodes a payload as `type` and returns its JSON form. Throws
    /// `CodecError.Code.protobufDecoding` for bytes that are not a protobuf encoding of `type`,
    /// `CodecError.Code.missingRequiredField` when a proto2 `required` field is absent.
    public static func json(
        of payload: [UInt8],
        as type: BodyType,
        registry: ContentRegistry = .builtIn,
        contentOptions: DecodingOptions = .default
    ) throws(CodecError) -> JSONValue {
        let message = try parse(payload, as: type)
        return try json(of: message, as: type, registry: registry, contentOptions: contentOptions)
    }

    /// Checks that `payload` is a protobuf encoding of `type`, without building its JSON form:
    /// throws what ``json(of:as:registry:contentOptions:)`` throws for the bytes themselves
    /// (`CodecError.Code.protobufDecoding`, `CodecError.Code.missingRequiredField`), never a
    /// content error.
    public static func validate(_ payload: [UInt8], as type: BodyType) throws(CodecError) {
        _ = try parse(payload, as: type)
    }

    /// The JSON form of a generated message value.
    package static func json(
        of message: any SwiftProtobuf.Message,
        as type: BodyType,
        registry: ContentRegistry = .builtIn,
        contentOptions: DecodingOptions = .default
    ) throws(CodecError) -> JSONValue {
        var value = try adjust(try mappingJSON(of: message, as: type), type, path: "$", toProtobufForm: false, registry: registry, contentOptions: contentOptions)
        // SessionInfo's field 3 differs between 5.7.2 and 5.30 (ENV-BODY-007).
        SessionInfoLayout.annotate(&value, message: message, as: type)
        return value
    }

    /// The message in SwiftProtobuf's JSON mapping (schema field names, int64 as numbers, bytes
    /// as base64), before ``adjust``.
    static func mappingJSON(of message: any SwiftProtobuf.Message, as type: BodyType) throws(CodecError) -> JSONValue {
        var options = JSONEncodingOptions()
        options.alwaysPrintInt64sAsNumbers = true
        options.preserveProtoFieldNames = true
        let text: [UInt8]
        do {
            text = try message.jsonUTF8Bytes(options: options)
        } catch {
            throw CodecError(.invalidValue, "\(type) cannot be written as JSON: \(error)")
        }
        return try JSONValue(parsing: text, options: DecodingOptions(maxContentBytes: .max, maxDepth: DecodingOptions.maximumDepthLimit))
    }

    /// Serialises the JSON form of a `type` message to protobuf bytes (canonical: fields in
    /// number order). Throws the codes of ENV-JSON-003/005: `CodecError.Code.invalidValue` for
    /// members the schema does not have and values outside a field's domain (an unknown enum
    /// name), `CodecError.Code.typeMismatch` for a value of the wrong JSON type (an integer
    /// written as a string, an object for a repeated field),
    /// `CodecError.Code.numberOutOfRange`, `CodecError.Code.missingRequiredField` for an absent
    /// `required` field.
    public static func payload(from json: JSONValue, as type: BodyType) throws(CodecError) -> [UInt8] {
        try serialize(try message(from: json, as: type), type)
    }

    /// ``payload(from:as:)`` for a value ``json(of:as:registry:contentOptions:)`` wrote, whose
    /// integers are numbers already (the check of ``message(from:as:)`` would only cost time).
    static func payload(fromRendered json: JSONValue, as type: BodyType) throws(CodecError) -> [UInt8] {
        try serialize(try message(from: json, as: type, checkingIntegers: false), type)
    }

    /// The generated message value for a JSON form.
    package static func message(from json: JSONValue, as type: BodyType) throws(CodecError) -> any SwiftProtobuf.Message {
        try message(from: json, as: type, checkingIntegers: true)
    }

    static func message(from json: JSONValue, as type: BodyType, checkingIntegers: Bool) throws(CodecError) -> any SwiftProtobuf.Message {
        let adjusted = try adjust(json, type, path: "$", toProtobufForm: true, registry: .builtIn, contentOptions: .default)
        let text = try adjusted.canonicalBytes()
        let message: any SwiftProtobuf.Message
        do {
            message = try Self.decodeJSON(type.messageType, text)
        } catch let e as JSONDecodingError {
            // The codes of ENV-JSON-003/005: wrong JSON type, integer out of range, or a member
            // or value the form does not define. The text is RongWire's own canonical JSON, so
            // the scanner's generic `failure` can only mean a `{` or `[` where the field's type
            // needs another one: an object for a repeated field, an array for a message.
            let code: CodecError.Code
            switch e {
            case .numberRange: code = .numberOutOfRange
            case .malformedNumber, .malformedBool, .malformedString, .malformedMap, .schemaMismatch, .illegalNull, .failure:
                code = .typeMismatch
            default: code = .invalidValue
            }
            throw CodecError(code, "not a \(type) in JSON form: \(e)")
        } catch {
            throw CodecError(.invalidValue, "not a \(type) in JSON form: \(error)")
        }
        if checkingIntegers { try checkIntegers(adjusted, written: try mappingJSON(of: message, as: type), path: "$") }
        return message
    }

    /// Integers of the body JSON are JSON numbers (spec/envelope.md, "Body JSON"), but the
    /// protobuf JSON mapping that reads it also takes them as strings (`"3"`). Where the mapping
    /// writes the decoded message back with a number, the input must have had a number too.
    /// (Enums go the other way, written as names and read as names or numbers, which is allowed.)
    private static func checkIntegers(_ input: JSONValue, written: JSONValue, path: String) throws(CodecError) {
        switch (input, written) {
        case (.object(let i), .object(let w)):
            for m in i {
                if let v = w[m.key] { try checkIntegers(m.value, written: v, path: path + "." + m.key) }
            }
        case (.array(let i), .array(let w)) where i.count == w.count:
            for (k, pair) in zip(i, w).enumerated() { try checkIntegers(pair.0, written: pair.1, path: "\(path)[\(k)]") }
        case (.string, .number):
            throw CodecError(.typeMismatch, "an integer must be a JSON number, not a string", path: path)
        default:
            break
        }
    }

    // MARK: Protobuf calls (generic, so the existential metatype is opened)

    /// Parses protobuf bytes, required fields checked. A missing one is named, with its path in
    /// the body JSON form and what the payload held instead (an undefined enum number).
    package static func parse(_ payload: [UInt8], as type: BodyType) throws(CodecError) -> any SwiftProtobuf.Message {
        try parse(payload, as: type.messageType, name: type)
    }

    /// Parses protobuf bytes as a known generated type.
    static func parse<M: SwiftProtobuf.Message>(_ payload: [UInt8], as _: M.Type, name: BodyType) throws(CodecError) -> M {
        do {
            return try M(serializedBytes: payload)
        } catch BinaryDecodingError.missingRequiredFields {
            throw RequiredFieldDiagnosis.error(parsing: payload, as: M.self, name: name)
        } catch {
            throw CodecError(.protobufDecoding, "not a \(name): \(error)")
        }
    }

    /// Serialises a message, required fields checked.
    package static func serialize(_ message: any SwiftProtobuf.Message, _ type: BodyType) throws(CodecError) -> [UInt8] {
        do {
            return try message.serializedBytes()
        } catch BinaryEncodingError.missingRequiredFields {
            throw RequiredFieldDiagnosis.error(for: message, as: type)
        } catch {
            throw CodecError(.invalidValue, "\(type) cannot be serialised: \(error)")
        }
    }

    private static func decodeJSON<M: SwiftProtobuf.Message>(_: M.Type, _ text: [UInt8]) throws -> any SwiftProtobuf.Message {
        try M(jsonUTF8Bytes: text)
    }

    // MARK: The adjustments

    /// Where a message differs from plain protobuf JSON: its `bytes` fields and its message fields.
    private struct Shape {
        var bytesFields: Set<String> = []
        var messageFields: [String: BodyType] = [:]
        /// Fields of an enum type (ChannelType, FileType, ...).
        var enumFields: Set<String> = []
        /// `classname` + `content`: gets `$content`.
        var hasContent = false
    }

    /// Read from the schema tables (tools/generate-body-types.py writes them from
    /// spec/rongcloud.proto). A message with both a `classname` and a `content` field
    /// (UpStreamMessage, DownStreamMessage) gets `$content`.
    private static let shapes: [BodyType: Shape] = BodyType.schema.compactMapValues { fields in
        var shape = Shape()
        for f in fields {
            switch f.type {
            case .scalar("bytes"): shape.bytesFields.insert(f.name)
            case .scalar: break
            case .enumeration: shape.enumFields.insert(f.name)
            case .message(let m): shape.messageFields[f.name] = m
            }
        }
        let names = Set(fields.map(\.name))
        shape.hasContent = names.contains("classname") && shape.bytesFields.contains("content")
        return shape.bytesFields.isEmpty && shape.messageFields.isEmpty && shape.enumFields.isEmpty ? nil : shape
    }

    /// The `bytes`, message and enum fields of each body type, for tests that compare the table
    /// with the schema.
    static var shapeTable: [BodyType: (bytes: Set<String>, messages: [String: BodyType], enums: Set<String>)] {
        shapes.mapValues { ($0.bytesFields, $0.messageFields, $0.enumFields) }
    }

    /// Rewrites one message object between the protobuf JSON mapping and RongWire's form.
    private static func adjust(
        _ value: JSONValue,
        _ type: BodyType,
        path: String,
        toProtobufForm: Bool,
        registry: ContentRegistry,
        contentOptions: DecodingOptions
    ) throws(CodecError) -> JSONValue {
        guard case .object(let object) = value else {
            throw CodecError(.typeMismatch, "a \(type) must be a JSON object, not \(value.typeName)", path: path)
        }
        let shape = shapes[type] ?? Shape()
        var out = JSONObject()
        for member in object {
            let key = member.key
            let memberPath = path + "." + key
            if toProtobufForm && key.utf8.first == UInt8(ascii: "$") { continue }  // derived, output only
            // null means absent (ENV-JSON-005). The protobuf JSON mapping already reads a null
            // scalar so; bytes and message members are rewritten here and must not see one. A null
            // member the schema lacks is left to the mapping, which rejects it as undefined.
            if toProtobufForm && member.value == .null && (shape.bytesFields.contains(key) || shape.messageFields[key] != nil) {
                continue
            }
            if shape.bytesFields.contains(key) {
                out[key] = toProtobufForm ? .string(base64(try BytesJSON.bytes(from: member.value, path: memberPath))) : BytesJSON.json(of: try unbase64(member.value, path: memberPath))
            } else if let nested = shape.messageFields[key] {
                if case .array(let elements) = member.value {
                    var adjusted: [JSONValue] = []
                    for (i, e) in elements.enumerated() {
                        adjusted.append(try adjust(e, nested, path: "\(memberPath)[\(i)]", toProtobufForm: toProtobufForm, registry: registry, contentOptions: contentOptions))
                    }
                    out[key] = .array(adjusted)
                } else {
                    out[key] = try adjust(member.value, nested, path: memberPath, toProtobufForm: toProtobufForm, registry: registry, contentOptions: contentOptions)
                }
            } else {
                // An enum number outside int32 is out of the field's range (ENV-JSON-003), as for an
                // int32 field; the mapping would call it an undefined value (invalidValue), which
                // is what an in-range number the enum lacks is.
                if toProtobufForm, shape.enumFields.contains(key), case .number(let n) = member.value, n.isIntegral,
                    n.int64Value.flatMap({ Int32(exactly: $0) }) == nil
                {
                    throw CodecError(.numberOutOfRange, "an enum number must be an int32, not \(n)", path: memberPath)
                }
                out[key] = member.value
            }
        }
        if shape.hasContent && !toProtobufForm, let objectName = object["classname"]?.stringValue, let content = out["content"] {
            out["$content"] = contentSummary(objectName: objectName, content: try BytesJSON.bytes(from: content, path: path + ".content"), registry: registry, options: contentOptions)
        }
        return .object(out)
    }

    /// `$content`: `registered`, and `value` (the normalized value, or the JSON of an unregistered
    /// type) or `error` (the code that decoding the content gave).
    static func contentSummary(objectName: String, content: [UInt8], registry: ContentRegistry, options: DecodingOptions) -> JSONValue {
        var summary = JSONObject()
        summary["registered"] = .bool(registry.type(for: objectName) != nil)
        do throws(CodecError) {
            switch try registry.decode(objectName: objectName, bytes: content, options: options) {
            case .typed(let c): summary["value"] = try c.base.normalizedValue()
            case .unknown(let u): summary["value"] = try u.jsonValue(options: options)
            }
        } catch {
            summary["error"] = .string(error.code.rawValue)
        }
        return .object(summary)
    }

    private static func unbase64(_ value: JSONValue, path: String) throws(CodecError) -> [UInt8] {
        guard let s = value.stringValue, let data = Data(base64Encoded: s) else {
            throw CodecError(.invalidValue, "expected base64 from the protobuf JSON mapping", path: path)
        }
        return [UInt8](data)
    }

    private static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
}
