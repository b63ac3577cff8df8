// Sources/RongEnvelope/Bodies/PushExtra.swift - push options of a message body (PushExtra)

/// Push options (`PushExtra`, spec/rongcloud.proto; since ENGINE-LATE), carried in
/// ``UpStreamMessage/pushExt`` and ``DownStreamMessage/pushExt``. Every field is optional; nil
/// is absent on the wire. Fields are named as in the schema.
public struct PushExtra: Hashable, Sendable {
    /// `title` (1): the push title.
    public var title: String?
    /// `templateIdNoUse` (2).
    public var templateIdNoUse: Int32?
    /// `pushId` (3).
    public var pushId: String?
    /// `pushConfigs` (4): vendor push settings, as the SDK writes them.
    public var pushConfigs: String?
    /// `templateId` (5).
    public var templateId: String?

    /// Push options; every field absent unless given.
    public init(
        title: String? = nil, templateIdNoUse: Int32? = nil, pushId: String? = nil, pushConfigs: String? = nil,
        templateId: String? = nil
    ) {
        self.title = title
        self.templateIdNoUse = templateIdNoUse
        self.pushId = pushId
        self.pushConfigs = pushConfigs
        self.templateId = templateId
    }
}

// MARK: The generated type (the packet JSON form's codec, and the differential test's reference)

extension PushExtra {
    init(_ m: Modules_PushExtra) {
        title = m.hasTitle ? m.title : nil
        templateIdNoUse = m.hasTemplateIDNoUse ? m.templateIDNoUse : nil
        pushId = m.hasPushID ? m.pushID : nil
        pushConfigs = m.hasPushConfigs ? m.pushConfigs : nil
        templateId = m.hasTemplateID ? m.templateID : nil
    }

    var generated: Modules_PushExtra {
        var m = Modules_PushExtra()
        if let title { m.title = title }
        if let templateIdNoUse { m.templateIDNoUse = templateIdNoUse }
        if let pushId { m.pushID = pushId }
        if let pushConfigs { m.pushConfigs = pushConfigs }
        if let templateId { m.templateID = templateId }
        return m
    }
}
