// Sources/RongConformance/Testees/NormalizedEncoding.swift - a normalized value → canonical content bytes

import RongCodec

/// The `encode` rule of spec/vectors.md, shared by the `encode` vector kind (``CodecTestee``) and
/// `rongwire encode`: a normalized value (what decoding prints) is read back through the decoder,
/// strictly unless the caller asks otherwise, so encoding never hides a coercion; the decoded
/// content is then written in canonical form.
public enum NormalizedEncoding {
    /// The canonical content bytes of the value whose JSON text is `json`, read with `options`
    /// (`DecodingOptions.Mode.strict` for a normalized value; lenient accepts every form the
    /// decoder accepts). An objectName `registry` does not know is
    /// `CodecError.Code.unknownObjectName`.
    public static func canonicalBytes(
        objectName: String, json: [UInt8], registry: ContentRegistry = .builtIn, options: DecodingOptions
    ) throws(CodecError) -> [UInt8] {
        guard registry.type(for: objectName) != nil else {
            throw CodecError(.unknownObjectName, "\(objectName) is not registered")
        }
        let decoded = try registry.decode(objectName: objectName, bytes: json, options: options)
        return try decoded.jsonBytes(maxBytes: options.maxContentBytes, maxDepth: options.maxDepth)
    }

    /// The canonical content bytes of a normalized `value`, always read strictly. The empty value
    /// of a type whose canonical empty content is zero bytes (RC:RLJoin, RC:RLQuit) is read from
    /// zero bytes.
    public static func canonicalBytes(
        objectName: String, value: JSONValue, registry: ContentRegistry = .builtIn, options: DecodingOptions
    ) throws(CodecError) -> [UInt8] {
        guard let type = registry.type(for: objectName) else {
            throw CodecError(.unknownObjectName, "\(objectName) is not registered")
        }
        var strict = options
        strict.mode = .strict
        let text = (type.allowsEmptyContent && value == .object(JSONObject())) ? [] : try value.canonicalBytes()
        return try canonicalBytes(objectName: objectName, json: text, registry: registry, options: strict)
    }
}
