// Sources/RongCodec/Catalog/BuiltInCatalog.swift - every built-in content type, registered once

/// The built-in content types and the alias objectNames that decode as them.
///
/// The catalog is RongCloud's own registry plus the kit's extra types (spec CONTENT-CATALOG-*):
/// every type that RongCloud's 2025 universal SDK registers (RUST, 64 types, official-sdks.md
/// § 1) with RUST's flag and attributes, and 11 types of other SDKs that RUST lacks (RC:CombineMsg,
/// RC:StkMsg, RC:CardMsg, RC:PSImgTxtMsg, RC:PSMultiImgTxtMsg, RC:StreamMsg and the real-time
/// location types RC:RL*). Types whose keys a public source records are typed; the others are
/// ``OpenContent``, registered by name, flag and attributes with their object kept open.
public enum BuiltInCatalog {
    /// Every built-in type, in catalog order.
    public static let types: [any MessageContent.Type] = list.map(\.entry.type)

    /// Every built-in type with what the catalog knows about it, in catalog order.
    public static let entries: [Entry] = list.map { b in
        Entry(
            type: b.entry.type, aliases: aliases.keys.filter { aliases[$0] == b.entry.type.objectName }.sorted(), keys: b.keys,
            isInOfficialRegistry: b.isInOfficialRegistry, isOpen: b.isOpen, searchProps: searchProps[b.entry.type.objectName] ?? [])
    }

    /// The entry of a built-in objectName (canonical names only; see ``aliases``).
    public static func entry(for objectName: String) -> Entry? {
        entries.first { $0.objectName == objectName }
    }

    /// The one list of built-in types. A type is registered by its line here and nowhere else:
    /// the line compiles only for a type that declares its keys (``DeclaresFieldTable``, or
    /// ``DeclaresElementTable`` for array content). `kit:` marks the types RongCloud's registry
    /// (RUST) does not have.
    static let list: [BuiltIn] = [
        // User content: text, media, location, quote, combine, sticker, card, public service, stream.
        BuiltIn(TextMessage.self),
        BuiltIn(ImageMessage.self),
        BuiltIn(GIFMessage.self),
        BuiltIn(VoiceMessage.self),
        BuiltIn(HQVoiceMessage.self),
        BuiltIn(FileMessage.self),
        BuiltIn(SightMessage.self),
        BuiltIn(LocationMessage.self),
        BuiltIn(RichContentMessage.self),
        BuiltIn(ReferenceMessage.self),
        BuiltIn(CombineV2Message.self),
        BuiltIn(kit: CombineMessage.self),
        BuiltIn(kit: StickerMessage.self),
        BuiltIn(kit: ContactCardMessage.self),
        BuiltIn(kit: PublicServiceRichContentMessage.self),
        BuiltIn(kit: PublicServiceMultiRichContentMessage.self),
        BuiltIn(kit: StreamMessage.self),
        // Notifications shown as grey-bar tips or system messages.
        BuiltIn(GroupNotificationMessage.self),
        BuiltIn(RecallNotificationMessage.self),
        BuiltIn(InformationNotificationMessage.self),
        BuiltIn(ContactNotificationMessage.self),
        BuiltIn(ProfileNotificationMessage.self),
        BuiltIn(CommandNotificationMessage.self),
        BuiltIn(DiscussionNotificationMessage.self),
        BuiltIn(HistoryDividerMessage.self),
        // Typing status, read receipts, delivery receipts and read-status sync.
        BuiltIn(TypingStatusMessage.self),
        BuiltIn(ReadReceiptMessage.self),
        BuiltIn(ReadReceiptRequestMessage.self),
        BuiltIn(ReadReceiptResponseMessage.self),
        BuiltIn(GroupReadReceiptMessage.self),
        BuiltIn(SyncReadStatusMessage.self),
        BuiltIn(DeliveryReceiptMessage.self),
        BuiltIn(GroupDeliveryReportMessage.self),
        // Recall, commands, expansion, moderation, burn notices, log commands.
        BuiltIn(RecallCommandMessage.self),
        BuiltIn(CommandMessage.self),
        BuiltIn(MessageExpansionMessage.self),
        BuiltIn(InterceptMessage.self),
        BuiltIn(BurnNoticeMessage.self),
        BuiltIn(LogCommandMessage.self),
        // Chatroom notices.
        BuiltIn(ChatroomKVNotificationMessage.self),
        BuiltIn(ChatroomMemberChangeMessage.self),
        BuiltIn(ChatroomSyncMessage.self),
        BuiltIn(ChatroomMemberBlockMessage.self),
        BuiltIn(ChatroomMemberBanMessage.self),
        // Real-time location sharing.
        BuiltIn(kit: RealTimeLocationJoinMessage.self),
        BuiltIn(kit: RealTimeLocationStartMessage.self),
        BuiltIn(kit: RealTimeLocationQuitMessage.self),
        BuiltIn(kit: RealTimeLocationStatusMessage.self),
        BuiltIn(kit: RealTimeLocationEndMessage.self),
        // VoIP call signalling, the call summary and the call-end messages.
        BuiltIn(CallSummaryMessage.self),
        BuiltIn(CallAcceptMessage.self),
        BuiltIn(CallRingingMessage.self),
        BuiltIn(CallHangupMessage.self),
        BuiltIn(CallInviteMessage.self),
        BuiltIn(CallModifyMediaMessage.self),
        BuiltIn(CallModifyMemberMessage.self),
        BuiltIn(CallTerminateMessage.self),
        BuiltIn(MultiCallEndMessage.self),
        // RongCloud's registry types whose keys no source records: kept open (CONTENT-OPEN-001).
        BuiltIn(CustomerServiceHandshakeMessage.self),
        BuiltIn(CustomerServiceSuspendMessage.self),
        BuiltIn(HasReceivedNotificationMessage.self),
        BuiltIn(ReadReceiptV4Message.self),
        BuiltIn(QueryContentMessage.self),
        BuiltIn(QueryUIDMessage.self),
        // RTC signalling (RUST `support_rtc_message`), kept open.
        BuiltIn(RTCCancelInviteMessage.self),
        BuiltIn(RTCEndInviteMessage.self),
        BuiltIn(RTCAnswerInviteMessage.self),
        BuiltIn(RTCInviteMessage.self),
        BuiltIn(RTCInviteTimeoutMessage.self),
        BuiltIn(RTCKickMessage.self),
        BuiltIn(RTCModifyResourceMessage.self),
        BuiltIn(RTCPublishResourceMessage.self),
        BuiltIn(RTCStateMessage.self),
        BuiltIn(RTCTotalContentResourcesMessage.self),
        BuiltIn(RTCUnpublishResourceMessage.self),
    ]

    /// Every built-in type with its decoder, for ``ContentRegistry``.
    static let decoders: [ContentTypeEntry] = list.map(\.entry)

    /// Alias objectName → canonical objectName.
    ///
    /// Seed spellings (decision 1 and 2 in the reference notes: accept as aliases, encode the
    /// canonical name) and the Go server SDK's misspellings, which are real traffic (decision 3,
    /// option c). The seed's sample-code typo `RC:TXT` is not an alias.
    public static let aliases: [String: String] = [
        "RC:HQVcMsg": "RC:HQVCMsg",
        "RC:HQVoiceMsg": "RC:HQVCMsg",
        "RC:RCntf": "RC:RcNtf",
        "RC:VCMsg": "RC:VcMsg",
        "RC:CMDMsg": "RC:CmdMsg",
        "RC:CMDNtf": "RC:CmdNtf",
        "RC:ChrmKVNotiMsg": "RC:chrmKVNotiMsg",
    ]

    /// The content keys RongIMLib 5.7.2 indexes for its local message search (`searchProps` in
    /// its type table, `SEND_MESSAGE_TYPE_OPTION`; official-sdk-5x.md "Message types"). A client
    /// matter, not the wire's: the content travels the same.
    static let searchProps: [String: [String]] = [
        "RC:ImgTextMsg": ["content", "title"],
        "RC:ReferenceMsg": ["content"],
    ]

    /// The JSON keys a built-in type decodes: its own keys and accepted aliases, then the shared
    /// keys (for array content, the keys of its elements). Empty for a type that is not built in.
    /// Used by `rongwire types --json` and the fuzz dictionaries.
    public static func keys(of type: any MessageContent.Type) -> [String] {
        list.first { $0.entry.type == type }?.keys ?? []
    }

    /// A built-in type as the catalog describes it: flag, attributes, aliases, keys, and whether
    /// RongCloud's own registry has it. `rongwire types` prints these.
    public struct Entry: Sendable {
        /// The content type.
        public let type: any MessageContent.Type
        /// Alias spellings that decode as the type, sorted.
        public let aliases: [String]
        /// The JSON keys the type decodes (``BuiltInCatalog/keys(of:)``).
        public let keys: [String]
        /// Whether RongCloud's 2025 universal SDK registers the type (RUST, official-sdks.md § 1);
        /// false for the kit's types from other SDKs (spec CONTENT-CATALOG-003).
        public let isInOfficialRegistry: Bool
        /// Whether the type is ``OpenContent``: registered by name, flag and attributes, its keys
        /// not modelled.
        public let isOpen: Bool
        /// The content keys RongIMLib 5.7.2 indexes for its local message search (`searchProps`:
        /// RC:ImgTextMsg `content` and `title`, RC:ReferenceMsg `content`); empty for the others.
        public let searchProps: [String]

        /// The objectName.
        public var objectName: String { type.objectName }
        /// The persistence flag.
        public var persistence: PersistenceFlag { type.persistence }
        /// The attributes (command, media).
        public var attributes: ContentAttributes { type.attributes }
        /// The Swift type's name (`TextMessage`, `OpenContent<RTCInviteKind>`).
        public var swiftTypeName: String { String(describing: type) }
    }
}

/// A built-in type as ``BuiltInCatalog/list`` holds it: its registry entry, its keys, and whether
/// RongCloud's registry has it.
struct BuiltIn: Sendable {
    let entry: ContentTypeEntry
    let keys: [String]
    let isInOfficialRegistry: Bool
    let isOpen: Bool

    /// A type of RongCloud's registry (RUST).
    init<T: DeclaresFieldTable>(_ type: T.Type) {
        self.init(type, keys: T.fields.names, official: true)
    }

    /// A type of the kit that RongCloud's registry (RUST) does not have.
    init<T: DeclaresFieldTable>(kit type: T.Type) {
        self.init(type, keys: T.fields.names, official: false)
    }

    /// A type of RongCloud's registry whose content is a JSON array.
    init<T: DeclaresElementTable>(_ type: T.Type) {
        self.init(type, keys: T.elementFields.names, official: true)
    }

    private init<T: MessageContent>(_ type: T.Type, keys: [String], official: Bool) {
        // Built-in types read every string they look at with `decodeInspectedString()`, so a
        // view may skip making the others (see `ContentDecoder.defersStrings`).
        entry = ContentTypeEntry(type, defersStrings: true)
        self.keys = keys
        isInOfficialRegistry = official
        isOpen = type is any OpenContentProtocol.Type
    }
}

/// A content type that lists its JSON keys in a ``FieldTable`` (every built-in object type does).
protocol DeclaresFieldTable: MessageContent {
    associatedtype Key: FieldKey
    static var fields: FieldTable<ContentField<Key>> { get }
}

/// An array-content type (``MessageContent/isArrayContent``) that lists the keys of its elements.
protocol DeclaresElementTable: MessageContent {
    associatedtype ElementKey: FieldKey
    static var elementFields: FieldTable<ElementKey> { get }
}

/// ``OpenContent`` of any kind, so that the catalog can tell open types apart.
protocol OpenContentProtocol {}
extension OpenContent: OpenContentProtocol {}
