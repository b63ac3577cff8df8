// Sources/RongCodec/Catalog/Signalling/SignallingCatalog.swift - commands and signalling

extension BuiltInCatalog {
    /// Recall, commands, expansion, chatroom KV, burn notices, log commands.
    static let signallingTypes: [ContentTypeEntry] = [
        ContentTypeEntry(RecallCommandMessage.self),
        ContentTypeEntry(CommandMessage.self),
        ContentTypeEntry(MessageExpansionMessage.self),
        ContentTypeEntry(ChatroomKVNotificationMessage.self),
        ContentTypeEntry(BurnNoticeMessage.self),
        ContentTypeEntry(LogCommandMessage.self),
    ]
}
