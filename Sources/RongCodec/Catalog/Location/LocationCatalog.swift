// Sources/RongCodec/Catalog/Location/LocationCatalog.swift - real-time location sharing

extension BuiltInCatalog {
    /// Real-time location sharing.
    static let locationTypes: [ContentTypeEntry] = [
        ContentTypeEntry(RealTimeLocationJoinMessage.self),
        ContentTypeEntry(RealTimeLocationStartMessage.self),
        ContentTypeEntry(RealTimeLocationQuitMessage.self),
        ContentTypeEntry(RealTimeLocationStatusMessage.self),
    ]
}
