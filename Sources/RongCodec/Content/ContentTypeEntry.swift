// Sources/RongCodec/Content/ContentTypeEntry.swift - a registered type and its decoder

/// A content type as the registry keeps it: the metatype, and decoder closures made where the
/// concrete type is known, so the call from ``ContentRegistry/decode(objectName:bytes:options:)``
/// runs code specialized for the type instead of generic code through the existential.
struct ContentTypeEntry: Sendable {
    /// The type.
    let type: any MessageContent.Type
    /// Decodes the content at `raw`; `viaAlias` records ``Leniency/objectNameAlias``.
    let decode: @Sendable (_ raw: UnsafeRawBufferPointer, _ options: DecodingOptions, _ viaAlias: Bool) throws(CodecError) -> AnyMessageContent
    /// Checks the content at `raw` as `decode` would, for a ``ContentView``: the same decode
    /// with the value thrown away, recording the top-level members in `members`.
    let validate: @Sendable (_ raw: UnsafeRawBufferPointer, _ options: DecodingOptions, _ members: UnsafeMutablePointer<ContentMemberTable>) throws(CodecError) -> ContentValidation

    /// `defersStrings`: the type's decoder reads with `decodeInspectedString()` every string
    /// whose text it looks at, so the view's check may skip making the others. False for custom
    /// types, whose decoders the codec cannot vouch for: their check makes every string.
    init<T: MessageContent>(_ type: T.Type, defersStrings: Bool = false) {
        self.type = type
        decode = { (raw, options, viaAlias) throws(CodecError) in
            var value = try T._decode(raw, options: options)
            if viaAlias { value.common.diagnostics.leniencies.insert(.objectNameAlias) }
            return AnyMessageContent(consume value)
        }
        validate = { (raw, options, members) throws(CodecError) in
            try T._validate(raw, options: options, defersStrings: defersStrings, members: members)
        }
    }
}
