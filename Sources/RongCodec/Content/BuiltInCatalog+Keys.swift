// Sources/RongCodec/Content/BuiltInCatalog+Keys.swift - the JSON keys each built-in type knows

/// A type that lists its JSON keys in a ``FieldTable`` (every built-in type does).
protocol DeclaresFieldTable {
    static var fields: FieldTable { get }
}

extension BuiltInCatalog {
    /// The JSON keys a built-in type decodes: its own keys and accepted aliases, then the shared
    /// keys. Empty for types that do not declare a table. Used by `rongwire types --json` and the
    /// fuzz dictionaries.
    public static func keys(of type: any MessageContent.Type) -> [String] {
        (type as? any DeclaresFieldTable.Type)?.fields.names ?? []
    }
}

extension BurnNoticeMessage: DeclaresFieldTable {}
extension CallAcceptMessage: DeclaresFieldTable {}
extension CallHangupMessage: DeclaresFieldTable {}
extension CallInviteMessage: DeclaresFieldTable {}
extension CallModifyMediaMessage: DeclaresFieldTable {}
extension CallModifyMemberMessage: DeclaresFieldTable {}
extension CallRingingMessage: DeclaresFieldTable {}
extension CallSummaryMessage: DeclaresFieldTable {}
extension ChatroomKVNotificationMessage: DeclaresFieldTable {}
extension CombineMessage: DeclaresFieldTable {}
extension CommandMessage: DeclaresFieldTable {}
extension CommandNotificationMessage: DeclaresFieldTable {}
extension ContactCardMessage: DeclaresFieldTable {}
extension ContactNotificationMessage: DeclaresFieldTable {}
extension DiscussionNotificationMessage: DeclaresFieldTable {}
extension FileMessage: DeclaresFieldTable {}
extension GIFMessage: DeclaresFieldTable {}
extension GroupNotificationMessage: DeclaresFieldTable {}
extension HQVoiceMessage: DeclaresFieldTable {}
extension ImageMessage: DeclaresFieldTable {}
extension InformationNotificationMessage: DeclaresFieldTable {}
extension LocationMessage: DeclaresFieldTable {}
extension LogCommandMessage: DeclaresFieldTable {}
extension MessageExpansionMessage: DeclaresFieldTable {}
extension ProfileNotificationMessage: DeclaresFieldTable {}
extension PublicServiceMultiRichContentMessage: DeclaresFieldTable {}
extension PublicServiceRichContentMessage: DeclaresFieldTable {}
extension ReadReceiptMessage: DeclaresFieldTable {}
extension ReadReceiptRequestMessage: DeclaresFieldTable {}
extension ReadReceiptResponseMessage: DeclaresFieldTable {}
extension RealTimeLocationJoinMessage: DeclaresFieldTable {}
extension RealTimeLocationQuitMessage: DeclaresFieldTable {}
extension RealTimeLocationStartMessage: DeclaresFieldTable {}
extension RealTimeLocationStatusMessage: DeclaresFieldTable {}
extension RecallCommandMessage: DeclaresFieldTable {}
extension RecallNotificationMessage: DeclaresFieldTable {}
extension ReferenceMessage: DeclaresFieldTable {}
extension RichContentMessage: DeclaresFieldTable {}
extension SightMessage: DeclaresFieldTable {}
extension StickerMessage: DeclaresFieldTable {}
extension StreamMessage: DeclaresFieldTable {}
extension SyncReadStatusMessage: DeclaresFieldTable {}
extension TextMessage: DeclaresFieldTable {}
extension TypingStatusMessage: DeclaresFieldTable {}
extension VoiceMessage: DeclaresFieldTable {}
