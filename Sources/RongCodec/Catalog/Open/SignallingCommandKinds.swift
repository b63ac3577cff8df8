// Sources/RongCodec/Catalog/Open/SignallingCommandKinds.swift - signalling commands of RongCloud's registry whose keys are not recorded, kept open

/// RC:RecNtf, the "has received" notification (Android `HasReceivedNotificationMessage`, an
/// unattributed public SDK copy). Flag NONE: RUST registry 0 (official-sdks.md § 1), Android 0.
/// Not a command in RUST. Keys not recorded (message-catalog.md § 9): kept open (spec
/// CONTENT-OPEN-001).
public enum HasReceivedNotificationKind: OpenContentKind {
    public static let objectName = "RC:RecNtf"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = []
}

/// RC:RecNtf content, its keys kept open (``OpenContent``).
public typealias HasReceivedNotificationMessage = OpenContent<HasReceivedNotificationKind>

/// RC:RSMsg, a read-receipt command (Android `ReadReceiptV4Message`, `flag = 0`, an unattributed
/// public SDK copy). Flag NONE and a command: RUST registry (official-sdks.md § 1). Keys not
/// recorded in the reference notes: kept open (spec CONTENT-OPEN-001).
public enum ReadReceiptV4Kind: OpenContentKind {
    public static let objectName = "RC:RSMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command
}

/// RC:RSMsg content, its keys kept open (``OpenContent``).
public typealias ReadReceiptV4Message = OpenContent<ReadReceiptV4Kind>

/// RC:QueryContMsg, a log-collection command of the cloud controller (Android
/// `CloudUploadLogModel` dispatches it; an unattributed public SDK copy). Flag NONE and a command:
/// RUST registry (official-sdks.md § 1). Keys not recorded in the reference notes: kept open
/// (spec CONTENT-OPEN-001).
public enum QueryContentKind: OpenContentKind {
    public static let objectName = "RC:QueryContMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command
}

/// RC:QueryContMsg content, its keys kept open (``OpenContent``).
public typealias QueryContentMessage = OpenContent<QueryContentKind>

/// RC:QueryUidMsg, a log-collection command of the cloud controller, like RC:QueryContMsg.
/// Flag NONE and a command: RUST registry (official-sdks.md § 1). Keys not recorded: kept open
/// (spec CONTENT-OPEN-001).
public enum QueryUIDKind: OpenContentKind {
    public static let objectName = "RC:QueryUidMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = .command
}

/// RC:QueryUidMsg content, its keys kept open (``OpenContent``).
public typealias QueryUIDMessage = OpenContent<QueryUIDKind>
