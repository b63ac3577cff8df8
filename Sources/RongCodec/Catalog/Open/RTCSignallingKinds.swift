// Sources/RongCodec/Catalog/Open/RTCSignallingKinds.swift - the RCRTC:* signalling of RongCloud's RTC, kept open

/// RCRTC:cancelInvite, RTC signalling (RUST `support_rtc_message`, official-sdks.md § 1). Flag STATUS
/// (RUST 16): delivered to online receivers only, on a status topic. Not a command in RUST. Keys
/// not recorded: kept open (spec CONTENT-OPEN-001).
public enum RTCCancelInviteKind: OpenContentKind {
    public static let objectName = "RCRTC:cancelInvite"
    public static let persistence = PersistenceFlag.status
    public static let attributes: ContentAttributes = []
}

/// RCRTC:cancelInvite content, its keys kept open (``OpenContent``).
public typealias RTCCancelInviteMessage = OpenContent<RTCCancelInviteKind>

/// RCRTC:endInvite, RTC signalling (RUST `support_rtc_message`, official-sdks.md § 1). Flag STATUS
/// (RUST 16): delivered to online receivers only, on a status topic. Not a command in RUST. Keys
/// not recorded: kept open (spec CONTENT-OPEN-001).
public enum RTCEndInviteKind: OpenContentKind {
    public static let objectName = "RCRTC:endInvite"
    public static let persistence = PersistenceFlag.status
    public static let attributes: ContentAttributes = []
}

/// RCRTC:endInvite content, its keys kept open (``OpenContent``).
public typealias RTCEndInviteMessage = OpenContent<RTCEndInviteKind>

/// RCRTC:answerInvite, RTC signalling (RUST `support_rtc_message`, official-sdks.md § 1). Flag STATUS
/// (RUST 16): delivered to online receivers only, on a status topic. Not a command in RUST. Keys
/// not recorded: kept open (spec CONTENT-OPEN-001).
public enum RTCAnswerInviteKind: OpenContentKind {
    public static let objectName = "RCRTC:answerInvite"
    public static let persistence = PersistenceFlag.status
    public static let attributes: ContentAttributes = []
}

/// RCRTC:answerInvite content, its keys kept open (``OpenContent``).
public typealias RTCAnswerInviteMessage = OpenContent<RTCAnswerInviteKind>

/// RCRTC:invite, RTC signalling (RUST `support_rtc_message`, official-sdks.md § 1). Flag STATUS
/// (RUST 16): delivered to online receivers only, on a status topic. Not a command in RUST. Keys
/// not recorded: kept open (spec CONTENT-OPEN-001).
public enum RTCInviteKind: OpenContentKind {
    public static let objectName = "RCRTC:invite"
    public static let persistence = PersistenceFlag.status
    public static let attributes: ContentAttributes = []
}

/// RCRTC:invite content, its keys kept open (``OpenContent``).
public typealias RTCInviteMessage = OpenContent<RTCInviteKind>

/// RCRTC:inviteTimeout, RTC signalling (RUST `support_rtc_message`, official-sdks.md § 1). Flag STATUS
/// (RUST 16): delivered to online receivers only, on a status topic. Not a command in RUST. Keys
/// not recorded: kept open (spec CONTENT-OPEN-001).
public enum RTCInviteTimeoutKind: OpenContentKind {
    public static let objectName = "RCRTC:inviteTimeout"
    public static let persistence = PersistenceFlag.status
    public static let attributes: ContentAttributes = []
}

/// RCRTC:inviteTimeout content, its keys kept open (``OpenContent``).
public typealias RTCInviteTimeoutMessage = OpenContent<RTCInviteTimeoutKind>

/// RCRTC:kick, RTC signalling (RUST `support_rtc_message`, official-sdks.md § 1). Flag STATUS
/// (RUST 16): delivered to online receivers only, on a status topic. Not a command in RUST. Keys
/// not recorded: kept open (spec CONTENT-OPEN-001).
public enum RTCKickKind: OpenContentKind {
    public static let objectName = "RCRTC:kick"
    public static let persistence = PersistenceFlag.status
    public static let attributes: ContentAttributes = []
}

/// RCRTC:kick content, its keys kept open (``OpenContent``).
public typealias RTCKickMessage = OpenContent<RTCKickKind>

/// RCRTC:ModifyResource, RTC signalling (RUST `support_rtc_message`, official-sdks.md § 1). Flag STATUS
/// (RUST 16): delivered to online receivers only, on a status topic. Not a command in RUST. Keys
/// not recorded: kept open (spec CONTENT-OPEN-001).
public enum RTCModifyResourceKind: OpenContentKind {
    public static let objectName = "RCRTC:ModifyResource"
    public static let persistence = PersistenceFlag.status
    public static let attributes: ContentAttributes = []
}

/// RCRTC:ModifyResource content, its keys kept open (``OpenContent``).
public typealias RTCModifyResourceMessage = OpenContent<RTCModifyResourceKind>

/// RCRTC:PublishResource, RTC signalling (RUST `support_rtc_message`, official-sdks.md § 1). Flag STATUS
/// (RUST 16): delivered to online receivers only, on a status topic. Not a command in RUST. Keys
/// not recorded: kept open (spec CONTENT-OPEN-001).
public enum RTCPublishResourceKind: OpenContentKind {
    public static let objectName = "RCRTC:PublishResource"
    public static let persistence = PersistenceFlag.status
    public static let attributes: ContentAttributes = []
}

/// RCRTC:PublishResource content, its keys kept open (``OpenContent``).
public typealias RTCPublishResourceMessage = OpenContent<RTCPublishResourceKind>

/// RCRTC:state, RTC signalling (RUST `support_rtc_message`, official-sdks.md § 1). Flag STATUS
/// (RUST 16): delivered to online receivers only, on a status topic. Not a command in RUST. Keys
/// not recorded: kept open (spec CONTENT-OPEN-001).
public enum RTCStateKind: OpenContentKind {
    public static let objectName = "RCRTC:state"
    public static let persistence = PersistenceFlag.status
    public static let attributes: ContentAttributes = []
}

/// RCRTC:state content, its keys kept open (``OpenContent``).
public typealias RTCStateMessage = OpenContent<RTCStateKind>

/// RCRTC:TotalContentResources, RTC signalling (RUST `support_rtc_message`, official-sdks.md § 1). Flag STATUS
/// (RUST 16): delivered to online receivers only, on a status topic. Not a command in RUST. Keys
/// not recorded: kept open (spec CONTENT-OPEN-001).
public enum RTCTotalContentResourcesKind: OpenContentKind {
    public static let objectName = "RCRTC:TotalContentResources"
    public static let persistence = PersistenceFlag.status
    public static let attributes: ContentAttributes = []
}

/// RCRTC:TotalContentResources content, its keys kept open (``OpenContent``).
public typealias RTCTotalContentResourcesMessage = OpenContent<RTCTotalContentResourcesKind>

/// RCRTC:UnpublishResource, RTC signalling (RUST `support_rtc_message`, official-sdks.md § 1). Flag STATUS
/// (RUST 16): delivered to online receivers only, on a status topic. Not a command in RUST. Keys
/// not recorded: kept open (spec CONTENT-OPEN-001).
public enum RTCUnpublishResourceKind: OpenContentKind {
    public static let objectName = "RCRTC:UnpublishResource"
    public static let persistence = PersistenceFlag.status
    public static let attributes: ContentAttributes = []
}

/// RCRTC:UnpublishResource content, its keys kept open (``OpenContent``).
public typealias RTCUnpublishResourceMessage = OpenContent<RTCUnpublishResourceKind>
