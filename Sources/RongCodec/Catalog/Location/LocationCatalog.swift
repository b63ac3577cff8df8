// Sources/RongCodec/Catalog/Location/LocationCatalog.swift - real-time location sharing

extension BuiltInCatalog {
    /// Real-time location sharing.
    static let locationTypes: [any MessageContent.Type] = [
        RealTimeLocationJoinMessage.self,
        RealTimeLocationStartMessage.self,
        RealTimeLocationQuitMessage.self,
        RealTimeLocationStatusMessage.self,
    ]
}
