// Sources/RongCodec/Catalog/Open/CallEndKinds.swift - the call-end messages of the call kits, kept open

/// RC:VSTMsg, the end of an audio or video call as the call kit shows it in the conversation
/// (Android `CallSTerminateMessage`; ANDROID-KIT names it). Flag ISCOUNTED: RUST registry 3
/// (official-sdks.md § 1); an unattributed Android call-kit copy registers it with `flag = 1`
/// (spec CONTENT-OPEN-001 records the choice). Keys not recorded: kept open.
public enum CallTerminateKind: OpenContentKind {
    public static let objectName = "RC:VSTMsg"
    public static let persistence = PersistenceFlag.isCounted
    public static let attributes: ContentAttributes = []
}

/// RC:VSTMsg content, its keys kept open (``OpenContent``).
public typealias CallTerminateMessage = OpenContent<CallTerminateKind>

/// RC:MACEMsg, the end of a multi-party call (Android `MultiCallEndMessage`, signalling kit).
/// Flag ISCOUNTED: RUST registry 3 (official-sdks.md § 1); an unattributed signalling-kit copy
/// registers it ISPERSISTED (spec CONTENT-OPEN-001 records the choice). Keys not recorded:
/// kept open.
public enum MultiCallEndKind: OpenContentKind {
    public static let objectName = "RC:MACEMsg"
    public static let persistence = PersistenceFlag.isCounted
    public static let attributes: ContentAttributes = []
}

/// RC:MACEMsg content, its keys kept open (``OpenContent``).
public typealias MultiCallEndMessage = OpenContent<MultiCallEndKind>
