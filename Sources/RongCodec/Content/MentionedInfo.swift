// Sources/RongCodec/Content/MentionedInfo.swift - @-mentions embedded in content

/// Who a message mentions (`mentionedInfo`). Any content type may carry it.
///
/// Canonical keys, in order: `type`, `userIdList`, `mentionedContent`. `type` is required:
/// 1 = everyone, 2 = the listed users. `userIdList` may be present with type 1 (SDK >= 5.3.1)
/// and is kept. `{}` (the Web SDK v2 bug) decodes as "no mention".
public struct MentionedInfo: Hashable, Sendable {
    /// The kind of mention.
    public struct MentionType: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `@all` (1).
        public static let all = MentionType(rawValue: 1)
        /// `@` the users in `userIdList` (2).
        public static let users = MentionType(rawValue: 2)
    }

    /// Mention type (`type`).
    public var type: MentionType
    /// Mentioned user ids (`userIdList`).
    public var userIdList: [String]?
    /// Push text overriding every other push text (`mentionedContent`).
    public var mentionedContent: String?
    /// Keys this type does not model, in input order.
    public var unknownFields = JSONObject()

    /// Creates a mention.
    public init(type: MentionType, userIdList: [String]? = nil, mentionedContent: String? = nil) {
        self.type = type
        self.userIdList = userIdList
        self.mentionedContent = mentionedContent
    }

    /// Every key the object reads, aliases included, in the order the decoder expects them.
    enum Key: String, FieldKey { case type, userIdList, mentionedContent }
    static let fields = FieldTable(withoutSharedKeys: Key.self)

    /// Decodes a `mentionedInfo` value; nil for `null` and `{}`.
    static func decode(from d: inout ContentDecoder) throws(CodecError) -> MentionedInfo? {
        if try d.decodeNull() { return nil }
        let at = d.offset
        var type: Int?
        var list: [String]?
        var text: String?
        var r = try d.beginObject(fields)
        var any = false
        while let f = try d.nextField(&r) {
            any = true
            switch f {
            case .type:
                let vAt = d.offset
                type = try d.decodeInt()
                if let t = type, !Domain.mentionType.contains(t) {
                    throw CodecError(.invalidValue, "mentionedInfo.type must be 1 (all) or 2 (users), found \(t)", offset: vAt)
                }
            case .userIdList: list = try d.decodeStringArray()
            case .mentionedContent: text = try d.decodeString()
            }
        }
        if !any && r.unknownFields.isEmpty {
            try d.noteLeniency(.emptyMentionedInfo, at: at)
            return nil
        }
        guard let type else {
            throw CodecError(.missingRequiredField, "mentionedInfo.type is required", offset: at)
        }
        var m = MentionedInfo(type: MentionType(rawValue: type), userIdList: list, mentionedContent: text)
        m.unknownFields = r.unknownFields
        return m
    }

    func encode(to w: inout JSONWriter) throws(CodecError) {
        w.beginObject()
        try w.field("type", type.rawValue, in: Domain.mentionType)
        w.field("userIdList", userIdList)
        w.field("mentionedContent", mentionedContent)
        try w.unknownMembers(unknownFields, of: Self.fields)
        w.endObject()
    }
}
