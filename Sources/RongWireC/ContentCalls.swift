// Sources/RongWireC/ContentCalls.swift - the content codec's C entry points (rongwire.h)

import CRongWire
import RongCodec
import RongConformance

/// `rongwire_decode_content` of `rongwire.h`: content bytes → the normalized value (`rongwire decode`).
///
/// See the header for the arguments, options and errors; the result is written into `result`
/// and freed with `rongwire_free`.
@_cdecl("rongwire_decode_content")
public func rongwireDecodeContent(
    _ objectName: UnsafePointer<CChar>?, _ objectNameLength: Int, _ content: UnsafePointer<UInt8>?, _ contentLength: Int,
    _ options: UnsafePointer<rongwire_options>?, _ result: UnsafeMutablePointer<rongwire_result>?
) -> rongwire_status {
    runCall(result) { () throws(CodecError) in
        let name = try CallArguments.name(objectName, objectNameLength, "object_name", code: .invalidObjectName)
        let raw = try CallArguments.bytes(content, contentLength, "content")
        let o = try CallOptions(options)
        let decoding = o.content
        switch try o.registry.decode(objectName: name, bytes: raw, options: decoding) {
        case .typed(let c):
            let value = c.base
            let bytes: [UInt8]
            if o.has(RONGWIRE_CANONICAL) {
                // What the testee's roundtrip and `rongwire encode --lenient` write.
                bytes = try value.jsonBytes(maxBytes: .max, maxDepth: decoding.maxDepth)
            } else if o.has(RONGWIRE_PRETTY) {
                bytes = Array(try value.normalizedValue().prettyText().utf8)
            } else {
                // The normalized value's text (`normalizedValue()` parses these bytes and writes
                // them again, canonically: the same bytes, which RongWireCTests checks on every
                // decode vector), written once.
                let canonical = try value.jsonBytes(maxBytes: .max, maxDepth: DecodingOptions.maximumDepthLimit)
                bytes = canonical.isEmpty ? Array("{}".utf8) : canonical
            }
            return CallOutput(bytes: bytes, leniencies: value.diagnostics.leniencies)
        case .unknown(let u):
            let bytes = o.has(RONGWIRE_CANONICAL) ? u.bytes : try o.text(try u.jsonValue(options: decoding))
            return CallOutput(bytes: bytes, info: RONGWIRE_INFO_UNREGISTERED)
        }
    }
}

/// `rongwire_validate_content` of `rongwire.h`: whether content bytes decode, without building the value.
///
/// See the header for the arguments, options and errors; the result is written into `result`
/// and freed with `rongwire_free`.
@_cdecl("rongwire_validate_content")
public func rongwireValidateContent(
    _ objectName: UnsafePointer<CChar>?, _ objectNameLength: Int, _ content: UnsafePointer<UInt8>?, _ contentLength: Int,
    _ options: UnsafePointer<rongwire_options>?, _ result: UnsafeMutablePointer<rongwire_result>?
) -> rongwire_status {
    runCall(result) { () throws(CodecError) in
        let name = try CallArguments.name(objectName, objectNameLength, "object_name", code: .invalidObjectName)
        let raw = try CallArguments.bytes(content, contentLength, "content")
        let o = try CallOptions(options)
        let decoding = o.content
        let checked = try o.registry.withDecodedView(objectName: name, bytes: raw, options: decoding) { view in
            (view.isTyped, view.leniencies)
        }
        guard checked.0 else {
            // An unregistered type decodes to its content as plain JSON: valid when it parses.
            _ = try JSONValue(parsing: raw, options: decoding)
            return CallOutput(bytes: [], info: RONGWIRE_INFO_UNREGISTERED)
        }
        return CallOutput(bytes: [], leniencies: checked.1)
    }
}

/// `rongwire_encode_content` of `rongwire.h`: a normalized value → canonical content bytes (`rongwire encode`).
///
/// See the header for the arguments, options and errors; the result is written into `result`
/// and freed with `rongwire_free`.
@_cdecl("rongwire_encode_content")
public func rongwireEncodeContent(
    _ objectName: UnsafePointer<CChar>?, _ objectNameLength: Int, _ json: UnsafePointer<UInt8>?, _ jsonLength: Int,
    _ options: UnsafePointer<rongwire_options>?, _ result: UnsafeMutablePointer<rongwire_result>?
) -> rongwire_status {
    runCall(result) { () throws(CodecError) in
        let name = try CallArguments.name(objectName, objectNameLength, "object_name", code: .invalidObjectName)
        let raw = try CallArguments.bytes(json, jsonLength, "json")
        let o = try CallOptions(options)
        var decoding = o.content
        decoding.mode = o.has(RONGWIRE_LENIENT) ? .lenient : .strict
        let bytes = try NormalizedEncoding.canonicalBytes(objectName: name, json: Array(raw), registry: o.registry, options: decoding)
        return CallOutput(bytes: bytes)
    }
}

/// `rongwire_types` of `rongwire.h`: the catalog as JSON (`rongwire types --json`).
///
/// See the header for the arguments, options and errors; the result is written into `result`
/// and freed with `rongwire_free`.
@_cdecl("rongwire_types")
public func rongwireTypes(_ options: UnsafePointer<rongwire_options>?, _ result: UnsafeMutablePointer<rongwire_result>?) -> rongwire_status {
    runCall(result) { () throws(CodecError) in
        let o = try CallOptions(options)
        return CallOutput(bytes: try o.text(BuiltInCatalog.jsonValue))
    }
}

/// `rongwire_parse_json` of `rongwire.h`: one JSON text by the codec's strict rules → canonical JSON.
///
/// See the header for the arguments, options and errors; the result is written into `result`
/// and freed with `rongwire_free`.
@_cdecl("rongwire_parse_json")
public func rongwireParseJSON(
    _ json: UnsafePointer<UInt8>?, _ jsonLength: Int, _ options: UnsafePointer<rongwire_options>?,
    _ result: UnsafeMutablePointer<rongwire_result>?
) -> rongwire_status {
    runCall(result) { () throws(CodecError) in
        let raw = try CallArguments.bytes(json, jsonLength, "json")
        let o = try CallOptions(options)
        return CallOutput(bytes: try o.text(try JSONValue(parsing: raw, options: o.content)))
    }
}

/// `rongwire_check_object_name` of `rongwire.h`: RongCloud's naming rules for custom types.
///
/// See the header for the arguments, options and errors; the result is written into `result`
/// and freed with `rongwire_free`.
@_cdecl("rongwire_check_object_name")
public func rongwireCheckObjectName(
    _ objectName: UnsafePointer<CChar>?, _ objectNameLength: Int, _ options: UnsafePointer<rongwire_options>?,
    _ result: UnsafeMutablePointer<rongwire_result>?
) -> rongwire_status {
    runCall(result) { () throws(CodecError) in
        let name = try CallArguments.name(objectName, objectNameLength, "object_name", code: .invalidObjectName)
        let o = try CallOptions(options)
        try o.registry.nameRules.validate(name)
        return CallOutput(bytes: Array(name.utf8))
    }
}
