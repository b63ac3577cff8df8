// Sources/RongCodec/Catalog/Call/CallCatalog.swift - call signalling and summary

extension BuiltInCatalog {
    /// VoIP call signalling and the call summary.
    static let callTypes: [ContentTypeEntry] = [
        ContentTypeEntry(CallSummaryMessage.self),
        ContentTypeEntry(CallAcceptMessage.self),
        ContentTypeEntry(CallRingingMessage.self),
        ContentTypeEntry(CallHangupMessage.self),
        ContentTypeEntry(CallInviteMessage.self),
        ContentTypeEntry(CallModifyMediaMessage.self),
        ContentTypeEntry(CallModifyMemberMessage.self),
    ]
}
