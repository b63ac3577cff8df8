// Sources/RongCodec/Catalog/Location/RealTimeLocationJoinMessage.swift - RC:RLJoin

/// RC:RLJoin, a participant joined real-time location sharing.
///
/// Flag NONE (Android). Android's `encode()` returns **zero bytes** (message-catalog.md § 7.9),
/// so zero-length content is this type's canonical encoding; a JSON object is accepted too and
/// its keys are kept. The empty value encodes back to zero bytes.
public struct RealTimeLocationJoinMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:RLJoin"
    public static let persistence = PersistenceFlag.none
    public static let allowsEmptyContent = true

    public var common = ContentCommon()

    /// Creates the (empty) join message.
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
