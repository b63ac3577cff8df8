// Sources/RongCodec/Content/UserInfo.swift - the sender info embedded in content (`user`)

/// The sender's user info that any content may carry under the key `user`.
///
/// Canonical keys, in order: `id`, `name`, `portrait`, `extra`, `alias`. On decode the avatar
/// is also read from `portraitUri` (Web SDK v2) and `icon` (legacy docs, Go SDK, demo), with
/// precedence `portrait` > `portraitUri` > `icon`; a losing alias is kept as an unknown key so
/// nothing is lost. A numeric `id` becomes its decimal string. `{}` and `[]` mean "no user".
public struct UserInfo: Hashable, Sendable {
    /// User id (`id`).
    public var id: String?
    /// Display name (`name`).
    public var name: String?
    /// Avatar URL (`portrait`).
    public var portrait: String?
    /// Extra data (`extra`).
    public var extra: String?
    /// Alias (`alias`, newer Web SDK typedoc).
    public var alias: String?
    /// Keys this type does not model, in input order.
    public var unknownFields: JSONObject

    // No initializer in this body: the decoder builds the value with the memberwise one
    // (`init(id:name:portrait:extra:alias:unknownFields:)`), which moves the decoded strings
    // where an explicit initializer copies them. `unknownFields` has no default so that
    // `UserInfo()` is the public initializer below.
}

extension UserInfo {
    /// Creates user info.
    public init(id: String? = nil, name: String? = nil, portrait: String? = nil, extra: String? = nil, alias: String? = nil) {
        self.id = id
        self.name = name
        self.portrait = portrait
        self.extra = extra
        self.alias = alias
        unknownFields = JSONObject()
    }

    /// Every key the object reads, aliases included, in the order the decoder expects them.
    enum Key: String, FieldKey { case id, name, portrait, portraitUri, icon, extra, alias }
    static let fields = FieldTable(withoutSharedKeys: Key.self)

    /// Decodes a `user` value; nil for `null`, `{}` and `[]`.
    static func decode(from d: inout ContentDecoder) throws(CodecError) -> UserInfo? {
        if try d.decodeNull() { return nil }
        let at = d.offset
        if d.peekKind() == .array {
            // Flutter writes an empty array when no user is set; anything else is wrong.
            let v = try d.decodeValue()
            guard case .array(let a) = v, a.isEmpty else {
                throw CodecError(.typeMismatch, "expected a user object, found a non-empty array", offset: at)
            }
            try d.noteLeniency(.emptyUser, at: at)
            return nil
        }
        // Members are read into locals and the value is built once at the end: mutating a
        // UserInfo along several paths made the optimizer copy it (and retain every string).
        var id: String?
        var name: String?
        var portrait: String?
        var portraitUri: String?
        var icon: String?
        var extra: String?
        var alias: String?
        var r = try d.beginObject(fields)
        var any = false
        while let f = try d.nextField(&r) {
            any = true
            switch f {
            case .id: id = try d.decodeString(acceptingNumberAs: .numericUserId)
            case .name: name = try d.decodeString()
            case .portrait: portrait = try d.decodeString()
            case .portraitUri: portraitUri = try d.decodeString()
            case .icon: icon = try d.decodeString()
            case .extra: extra = try d.decodeString()
            case .alias: alias = try d.decodeString()
            }
        }
        if !any && r.unknownFields.isEmpty {
            try d.noteLeniency(.emptyUser, at: at)
            return nil
        }
        // Resolve the avatar aliases; losers stay as unknown keys.
        if portrait == nil, let p = portraitUri {
            portrait = p
            portraitUri = nil
            try d.noteLeniency(.avatarPortraitUri, at: at)
        }
        if portrait == nil, let i = icon {
            portrait = i
            icon = nil
            try d.noteLeniency(.avatarIcon, at: at)
        }
        if let p = portraitUri { d.keepAsUnknown("portraitUri", .string(p), in: &r) }
        if let i = icon { d.keepAsUnknown("icon", .string(i), in: &r) }
        let user = UserInfo(id: consume id, name: consume name, portrait: consume portrait, extra: consume extra, alias: consume alias, unknownFields: r.unknownFields)
        if user.isEmpty {
            // Every member was null (`{"id":null}`): the same as `{}`. Keeping an empty user
            // would encode as `{}`, which decodes as no user, so encode(decode(x)) would not be
            // a fixed point.
            try d.noteLeniency(.emptyUser, at: at)
            return nil
        }
        return user
    }

    /// Whether no member is present. An empty user is written nowhere: `{}` means "no user"
    /// (CONTENT-USER-004), so the decoder reads it as nil and the encoder refuses it.
    public var isEmpty: Bool {
        id == nil && name == nil && portrait == nil && extra == nil && alias == nil && unknownFields.isEmpty
    }

    func encode(to w: inout JSONWriter) throws(CodecError) {
        guard !isEmpty else {
            throw w.invalidValue("an empty user reads back as no user (CONTENT-USER-004); set user to nil instead")
        }
        w.beginObject()
        w.field("id", id)
        w.field("name", name)
        w.field("portrait", portrait)
        w.field("extra", extra)
        w.field("alias", alias)
        try w.unknownMembers(unknownFields, of: Self.fields)
        w.endObject()
    }
}
