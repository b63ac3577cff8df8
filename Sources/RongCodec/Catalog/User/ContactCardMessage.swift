// Sources/RongCodec/Catalog/User/ContactCardMessage.swift - RC:CardMsg

/// RC:CardMsg, a contact card recommending a user (iOS `RCContactCardMessage`, IOS-KIT;
/// ANDROID-KIT `ContactMessage`).
///
/// Flag ISCOUNTED (ANDROID-KIT 3; IOS-KIT `ISPERSISTED | ISCOUNTED`, the same value). Keys
/// (message-catalog.md § 5.13): `userId`, `name`, `portraitUri` (the card's avatar: unlike the
/// `user` sub-object, whose avatar key is `portrait`, this key is `portraitUri` in every
/// implementation, so it is a plain field, not an alias), `sendUserId`, `sendUserName`.
/// Canonical order: `userId`, `name`, `portraitUri`, `sendUserId`, `sendUserName`, then the
/// shared keys.
public struct ContactCardMessage: MessageContent, DeclaresFieldTable {
    public static let objectName = "RC:CardMsg"
    public static let persistence = PersistenceFlag.isCounted

    /// Id of the recommended user (`userId`).
    public var userId: String?
    /// Name of the recommended user (`name`).
    public var name: String?
    /// Avatar URL of the recommended user (`portraitUri`).
    public var portraitUri: String?
    /// Id of the user who sends the card (`sendUserId`).
    public var sendUserId: String?
    /// Name of the user who sends the card (`sendUserName`).
    public var sendUserName: String?
    /// Shared keys (`extra`, `user`, `mentionedInfo`, burn-after-reading), unknown keys, diagnostics.
    public var common = ContentCommon()

    /// Creates a contact card.
    public init(
        userId: String? = nil, name: String? = nil, portraitUri: String? = nil, sendUserId: String? = nil,
        sendUserName: String? = nil, common: ContentCommon = ContentCommon()
    ) {
        self.userId = userId
        self.name = name
        self.portraitUri = portraitUri
        self.sendUserId = sendUserId
        self.sendUserName = sendUserName
        self.common = common
    }

    /// Every key the type reads, aliases included, in the order the decoder expects them; the shared keys follow.
    enum Key: String, FieldKey { case userId, name, portraitUri, sendUserId, sendUserName }
    static let fields = FieldTable(Key.self)

    public init(from d: inout ContentDecoder) throws(CodecError) {
        var r = try d.beginObject(Self.fields)
        while let f = try d.nextField(&r) {
            switch f {
            case .own(.userId): userId = try d.decodeString()
            case .own(.name): name = try d.decodeString()
            case .own(.portraitUri): portraitUri = try d.decodeString()
            case .own(.sendUserId): sendUserId = try d.decodeString()
            case .own(.sendUserName): sendUserName = try d.decodeString()
            case .shared(let key): try common.decode(key, from: &d)
            }
        }
        common.finish(r, d)
    }

    public func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        w.field("userId", userId)
        w.field("name", name)
        w.field("portraitUri", portraitUri)
        w.field("sendUserId", sendUserId)
        w.field("sendUserName", sendUserName)
        try common.encode(to: &w, fields: Self.fields)
        w.endObject()
    }
}
