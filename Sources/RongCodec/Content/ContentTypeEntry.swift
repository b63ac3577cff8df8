// Sources/RongCodec/Content/ContentTypeEntry.swift - a registered type and its decoder

/// A content type as the registry keeps it: the metatype, and a decoder closure made where the
/// concrete type is known, so the call from ``ContentRegistry/decode(objectName:bytes:options:)``
/// runs code specialized for the type instead of generic code through the existential.
struct ContentTypeEntry: Sendable {
    /// The type.
    let type: any MessageContent.Type
    /// Decodes the content at `raw`; `viaAlias` records ``Leniency/objectNameAlias``.
    let decode: @Sendable (_ raw: UnsafeRawBufferPointer, _ options: DecodingOptions, _ viaAlias: Bool) throws(CodecError) -> AnyMessageContent

    init<T: MessageContent>(_ type: T.Type) {
        self.type = type
        decode = { (raw, options, viaAlias) throws(CodecError) in
            var value = try T._decode(raw, options: options)
            if viaAlias { value.common.diagnostics.leniencies.insert(.objectNameAlias) }
            return AnyMessageContent(consume value)
        }
    }
}
