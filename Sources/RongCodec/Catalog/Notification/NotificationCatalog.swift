// Sources/RongCodec/Catalog/Notification/NotificationCatalog.swift - notification types

extension BuiltInCatalog {
    /// Notifications shown as grey-bar tips or system messages.
    static let notificationTypes: [ContentTypeEntry] = [
        ContentTypeEntry(GroupNotificationMessage.self),
        ContentTypeEntry(RecallNotificationMessage.self),
        ContentTypeEntry(InformationNotificationMessage.self),
        ContentTypeEntry(ContactNotificationMessage.self),
        ContentTypeEntry(ProfileNotificationMessage.self),
        ContentTypeEntry(CommandNotificationMessage.self),
        ContentTypeEntry(DiscussionNotificationMessage.self),
    ]
}
