// Sources/RongCodec/Catalog/Notification/NotificationCatalog.swift - notification types

extension BuiltInCatalog {
    /// Notifications shown as grey-bar tips or system messages.
    static let notificationTypes: [any MessageContent.Type] = [
        GroupNotificationMessage.self,
        RecallNotificationMessage.self,
        InformationNotificationMessage.self,
        ContactNotificationMessage.self,
        ProfileNotificationMessage.self,
        CommandNotificationMessage.self,
        DiscussionNotificationMessage.self,
    ]
}
