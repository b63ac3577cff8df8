// Sources/RongCodec/Catalog/Status/StatusCatalog.swift - typing status and read receipts

extension BuiltInCatalog {
    /// Typing status, read receipts and read-status sync.
    static let statusTypes: [any MessageContent.Type] = [
        TypingStatusMessage.self,
        ReadReceiptMessage.self,
        ReadReceiptRequestMessage.self,
        ReadReceiptResponseMessage.self,
        SyncReadStatusMessage.self,
    ]
}
