// Sources/RongWireC/NIMCalls.swift - the NIM converter's C entry point (rongwire.h)

import CRongWire
import RongCodec
import RongNIM

/// `rongwire_convert_nim`: NIM records ↔ RongCloud records (spec/nim.md; the vector kinds
/// `nim-decode`, `nim-read`, `nim-to-rc`, `rc-to-nim`).
@_cdecl("rongwire_convert_nim")
public func rongwireConvertNIM(
    _ operation: rongwire_nim_operation, _ formName: UnsafePointer<CChar>?, _ formLength: Int,
    _ types: UnsafePointer<UInt8>?, _ typesLength: Int, _ record: UnsafePointer<UInt8>?, _ recordLength: Int,
    _ options: UnsafePointer<rongwire_options>?, _ result: UnsafeMutablePointer<rongwire_result>?
) -> rongwire_status {
    runCall(result) { () throws(CodecError) in
        guard (RONGWIRE_NIM_DECODE.rawValue...RONGWIRE_NIM_FROM_RC.rawValue).contains(operation.rawValue) else {
            throw CodecError(.invalidArgument, "operation must be one of RONGWIRE_NIM_DECODE ... RONGWIRE_NIM_FROM_RC, not \(operation.rawValue)")
        }
        let o = try CallOptions(options)
        var form: NIMForm?
        if formName != nil || formLength > 0 {
            let name = try CallArguments.name(formName, formLength, "form", code: .invalidArgument)
            guard let f = NIMForm(rawValue: name) else {
                throw CodecError(.invalidArgument, "unknown NIM form \(name); the forms: \(NIMForm.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            form = f
        }
        let mappingJSON = try CallArguments.bytes(types, typesLength, "types")
        let mapping: NIMCustomTypeMapping
        if types != nil {
            do throws(CodecError) {
                mapping = try NIMCustomTypeMapping(json: mappingJSON)
            } catch {
                var e = error
                e.reason = "types: " + (e.reason.isEmpty ? e.code.summary : e.reason)
                throw e
            }
        } else {
            mapping = o.has(RONGWIRE_KIT_EXAMPLES) ? .conformance : NIMCustomTypeMapping()
        }
        let input = try CallArguments.bytes(record, recordLength, "record")
        // The record's limits: `max_bytes` (131,072 when not given) and `max_depth`.
        let limits = DecodingOptions(maxContentBytes: o.content.maxContentBytes, maxDepth: o.maxDepth)
        let strict = o.has(RONGWIRE_STRICT)
        let converter = NIMConverter(mapping: mapping)
        let value: JSONValue
        switch operation {
        case RONGWIRE_NIM_DECODE:
            value = try NIMRecord(json: input, options: limits).jsonValue()
        case RONGWIRE_NIM_READ:
            let read = try NIMFormRecord(json: input, form: form, options: limits)
            if strict { try NIMConversion<Int>(output: nil, losses: read.losses).requireLossless() }
            value = read.reportValue()
        case RONGWIRE_NIM_TO_RC:
            let converted = try converter.toRC(try NIMFormRecord(json: input, form: form, options: limits))
            if strict { try converted.requireLossless() }
            value = converted.reportValue { $0.jsonValue() }
        case RONGWIRE_NIM_FROM_RC:
            let converted = try converter.fromRC(try RCMessageRecord(json: input, options: limits), form: form ?? .rongwire)
            if strict { try converted.requireLossless() }
            value = converted.reportValue { $0 }
        default:
            throw CodecError(.invalidArgument, "unknown operation \(operation.rawValue)")  // checked above
        }
        return CallOutput(bytes: try o.text(value))
    }
}
