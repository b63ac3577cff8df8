// Sources/RongCodec/Catalog/Location/RealTimeLocationQuitMessage.swift - RC:RLQuit

/// RC:RLQuit, a participant left real-time location sharing (ANDROID-4.0
/// `RealTimeLocationQuitMessage`).
///
/// Flag NONE (ANDROID-4.0 `flag = 0`). Android's `encode()` returns **zero bytes** and its
/// decoder ignores the input (message-catalog.md § 7.9), so zero-length content is this type's
/// canonical encoding, exactly as for RC:RLJoin. A JSON object is accepted too and its keys are
/// kept (canonical order: the shared keys, then unknown keys); the empty value encodes back to
/// zero bytes.
public struct RealTimeLocationQuitMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:RLQuit"
    public static let persistence = PersistenceFlag.none
    public static let allowsEmptyContent = true

    /// The shared keys (`extra`, `user`, `mentionedInfo`, burn keys), unknown keys and diagnostics.
    public var common = ContentCommon()

    /// Creates the (empty) quit message.
    public init(common: ContentCommon = ContentCommon()) { self.common = common }

    public init(emptyContent: Void) throws(CodecError) { self.init() }

    static let fields = FieldTable(NoKeys.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        guard !common.isEmpty else { return }  // the empty value is zero bytes
        w.beginObject()
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
