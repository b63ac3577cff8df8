// Sources/RongCodec/Catalog/Status/StatusCatalog.swift - typing status and read receipts

extension BuiltInCatalog {
    /// Typing status, read receipts and read-status sync.
    static let statusTypes: [ContentTypeEntry] = [
        ContentTypeEntry(TypingStatusMessage.self),
        ContentTypeEntry(ReadReceiptMessage.self),
        ContentTypeEntry(ReadReceiptRequestMessage.self),
        ContentTypeEntry(ReadReceiptResponseMessage.self),
        ContentTypeEntry(SyncReadStatusMessage.self),
    ]
}
