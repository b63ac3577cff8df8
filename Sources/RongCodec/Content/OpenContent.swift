// Sources/RongCodec/Content/OpenContent.swift - a registered type whose own keys are not modelled

/// The identity of a content type that the catalog registers without modelling its keys: its
/// objectName, flag and attributes. Each conforming type is an empty enum, and
/// ``OpenContent`` of it is the content type (``BuiltInCatalog`` registers 19 of them: the types of
/// RongCloud's registry whose keys no public source records).
///
/// ```swift
/// enum AppPingKind: OpenContentKind {
///     static let objectName = "App:Ping"
///     static let persistence = PersistenceFlag.status
///     static let attributes: ContentAttributes = .command
/// }
/// try registry.register(OpenContent<AppPingKind>.self)
/// ```
public protocol OpenContentKind: Sendable {
    /// The objectName (`RCRTC:invite`).
    static var objectName: String { get }
    /// The persistence flag the type is sent with.
    static var persistence: PersistenceFlag { get }
    /// Whether the SDK handles the type as a command and whether it is a media type.
    static var attributes: ContentAttributes { get }
}

/// Content of a registered type whose own keys are not modelled: the object is kept open.
///
/// It decodes like every content type: the shared keys (`extra`, `user`, `mentionedInfo`, the
/// burn-after-reading keys; RongCloud's SDKs read them as every content's base info) are typed
/// and checked, `localPath` is dropped, and every other key is kept in ``fields`` with its value,
/// in input order. Nothing is lost, and because the type is registered its flag, attributes and
/// publish topic are right (`OutboundMessage` picks the topic from ``persistence``; an
/// unregistered objectName would be sent as ISCOUNTED). Canonical order: the shared keys, then
/// ``fields`` in input order (CONTENT-OPEN-002).
public struct OpenContent<Kind: OpenContentKind>: MessageContent, DeclaresFieldTable {
    public static var objectName: String { Kind.objectName }
    public static var persistence: PersistenceFlag { Kind.persistence }
    public static var attributes: ContentAttributes { Kind.attributes }

    /// The shared keys, the other keys (``fields``) and diagnostics.
    public var common = ContentCommon()

    /// Every key but the shared ones, with its value, in input order (the same storage as
    /// ``MessageContent/unknownFields``).
    public var fields: JSONObject {
        get { common.unknownFields }
        set { common.unknownFields = newValue }
    }

    /// Creates open content from its keys and the shared keys.
    public init(fields: JSONObject = JSONObject(), extra: String? = nil, user: UserInfo? = nil, mentionedInfo: MentionedInfo? = nil) {
        common = ContentCommon(extra: extra, user: user, mentionedInfo: mentionedInfo)
        common.unknownFields = fields
    }

    /// No own keys: the shared keys alone.
    typealias Key = NoKeys
    static var fields: FieldTable<ContentField<NoKeys>> { ContentCommon.sharedTable }

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
        w.beginObject()
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
