// Sources/RongCodec/Catalog/Call/CallCatalog.swift - call signalling and summary

extension BuiltInCatalog {
    /// VoIP call signalling and the call summary.
    static let callTypes: [any MessageContent.Type] = [
        CallSummaryMessage.self,
        CallAcceptMessage.self,
        CallRingingMessage.self,
        CallHangupMessage.self,
        CallInviteMessage.self,
        CallModifyMediaMessage.self,
        CallModifyMemberMessage.self,
    ]
}
