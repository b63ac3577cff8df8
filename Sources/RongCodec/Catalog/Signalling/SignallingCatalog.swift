// Sources/RongCodec/Catalog/Signalling/SignallingCatalog.swift - commands and signalling

extension BuiltInCatalog {
    /// Recall, commands, expansion, chatroom KV, burn notices, log commands.
    static let signallingTypes: [any MessageContent.Type] = [
        RecallCommandMessage.self,
        CommandMessage.self,
        MessageExpansionMessage.self,
        ChatroomKVNotificationMessage.self,
        BurnNoticeMessage.self,
        LogCommandMessage.self,
    ]
}
