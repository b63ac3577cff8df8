// Sources/RongEnvelope/Bodies/RequiredFieldDiagnosis.swift - which required field a body lacks, and why

#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
import RongCodec
internal import SwiftProtobuf

/// Builds the `CodecError.Code.missingRequiredField` error for a body that lacks a proto2
/// `required` field. SwiftProtobuf says only that some field is missing; this finds the first one
/// (the message's own required fields in number order, then its sub-messages in order), gives its
/// JSON path in the body JSON form, and says what the payload held in its place: under the
/// reference parsers' rules (spec ENV-BODY-006) a required field whose only values are an enum
/// number its enum does not define, or another wire type, is absent, and those values are kept as
/// unknown fields. Error path only: it walks the message once more.
enum RequiredFieldDiagnosis {
    /// The error for `message`, which is not initialized (parsed or built with partial: true).
    static func error(for message: any SwiftProtobuf.Message, as type: BodyType) -> CodecError {
        if let found = find(in: message, path: JSONPath.root, depth: 0) {
            return CodecError(.missingRequiredField, found.reason, path: found.path)
        }
        return CodecError(.missingRequiredField, "\(type) lacks a required field")
    }

    /// The error for a payload SwiftProtobuf refused for a missing required field.
    static func error<M: SwiftProtobuf.Message>(parsing payload: [UInt8], as _: M.Type, name: BodyType) -> CodecError {
        guard let partial = try? M(serializedBytes: payload, partial: true) else {
            return CodecError(.missingRequiredField, "\(name) lacks a required field")
        }
        return error(for: partial, as: name)
    }

    private static func find(in message: any SwiftProtobuf.Message, path: String, depth: Int) -> (path: String, reason: String)? {
        guard !message.isInitialized, depth <= 100, let body = BodyType(protoMessageName: type(of: message).protoMessageName) else {
            return nil
        }
        var fields = FieldCollector()
        try? message.traverse(visitor: &fields)
        for required in BodyType.requiredFields[body] ?? [] where !fields.present.contains(required.number) {
            var reason = "\(body) lacks required field \(required.name) (\(required.number))"
            if let held = UnknownFields.occurrences(of: required.number, in: fields.unknown).last {
                if held.wireType == 0, let enumType = required.enumType {
                    reason += ": it holds \(Int32(truncatingIfNeeded: held.varint)), which \(enumType) does not define"
                } else {
                    reason += ": it was sent with wire type \(held.wireType), which the field does not take"
                }
            }
            return (JSONPath.member(path, required.name), reason)
        }
        var index: [Int: Int] = [:]
        for (number, nested) in fields.nested {
            guard let field = BodyType.messageFields[body]?[number] else { continue }
            let i = index[number, default: 0]
            index[number] = i + 1
            let fieldPath = JSONPath.member(path, field.name)
            let nestedPath = field.repeated ? JSONPath.element(fieldPath, i) : fieldPath
            if let found = find(in: nested, path: nestedPath, depth: depth + 1) { return found }
        }
        return nil
    }

    /// Records which fields a message holds, its sub-messages and its unknown-field bytes.
    private struct FieldCollector: SwiftProtobuf.Visitor {
        var present: Set<Int> = []
        var nested: [(Int, any SwiftProtobuf.Message)] = []
        var unknown: [UInt8] = []

        mutating func visitSingularDoubleField(value: Double, fieldNumber: Int) throws { present.insert(fieldNumber) }
        mutating func visitSingularInt64Field(value: Int64, fieldNumber: Int) throws { present.insert(fieldNumber) }
        mutating func visitSingularUInt64Field(value: UInt64, fieldNumber: Int) throws { present.insert(fieldNumber) }
        mutating func visitSingularBoolField(value: Bool, fieldNumber: Int) throws { present.insert(fieldNumber) }
        mutating func visitSingularStringField(value: String, fieldNumber: Int) throws { present.insert(fieldNumber) }
        mutating func visitSingularBytesField(value: Data, fieldNumber: Int) throws { present.insert(fieldNumber) }
        mutating func visitSingularEnumField<E: SwiftProtobuf.Enum>(value: E, fieldNumber: Int) throws { present.insert(fieldNumber) }
        mutating func visitSingularMessageField<M: SwiftProtobuf.Message>(value: M, fieldNumber: Int) throws {
            present.insert(fieldNumber)
            nested.append((fieldNumber, value))
        }
        mutating func visitUnknown(bytes: Data) throws { unknown += bytes }
        // The schema has no map fields; a map is never required.
        mutating func visitMapField<K, V: MapValueType>(
            fieldType: _ProtobufMap<K, V>.Type, value: _ProtobufMap<K, V>.BaseType, fieldNumber: Int
        ) throws { present.insert(fieldNumber) }
        mutating func visitMapField<K, V>(
            fieldType: _ProtobufEnumMap<K, V>.Type, value: _ProtobufEnumMap<K, V>.BaseType, fieldNumber: Int
        ) throws where V.RawValue == Int { present.insert(fieldNumber) }
        mutating func visitMapField<K, V>(
            fieldType: _ProtobufMessageMap<K, V>.Type, value: _ProtobufMessageMap<K, V>.BaseType, fieldNumber: Int
        ) throws { present.insert(fieldNumber) }
    }
}

/// Reads the unknown-field bytes SwiftProtobuf keeps (a plain protobuf field sequence).
enum UnknownFields {
    /// One occurrence: its wire type and, for wire type 0, the varint.
    struct Occurrence {
        var wireType: Int
        var varint: UInt64
    }

    /// The occurrences of field `number`, in order. Stops at anything it cannot read (a group,
    /// a cut field): the bytes were already accepted by the parser, so that does not happen.
    static func occurrences(of number: Int, in bytes: [UInt8]) -> [Occurrence] {
        var out: [Occurrence] = []
        var i = 0
        func varint() -> UInt64? {
            var v: UInt64 = 0
            var shift: UInt64 = 0
            while i < bytes.count && shift < 64 {
                let b = bytes[i]
                i += 1
                v |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return v }
                shift += 7
            }
            return nil
        }
        while i < bytes.count {
            guard let tag = varint() else { break }
            let field = Int(truncatingIfNeeded: tag >> 3)
            let wireType = Int(tag & 7)
            var value: UInt64 = 0
            switch wireType {
            case 0:
                guard let v = varint() else { return out }
                value = v
            case 1, 5:
                i += wireType == 1 ? 8 : 4
            case 2:
                guard let n = varint(), n <= UInt64(bytes.count - min(i, bytes.count)) else { return out }
                i += Int(n)
            default:
                return out
            }
            if i > bytes.count { return out }
            if field == number { out.append(Occurrence(wireType: wireType, varint: value)) }
        }
        return out
    }
}
